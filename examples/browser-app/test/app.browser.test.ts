// The example app as `pnpm build` bundles it (dist/), in headless Chromium: a
// test of the built packages, which vitest.config.ts builds first.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { startMockServer, type MockServer } from '@petstore/mock-server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../test/support/chromium.js';

const dist = new URL('../dist/', import.meta.url).pathname;
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** Serves the built app (the output of `vite build`) on 127.0.0.1. */
async function serveDist(): Promise<{ origin: string; server: Server }> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/')).replace(/^(\.\.[/\\])+/, '');
    const file = join(dist, path === '/' ? 'index.html' : path);
    readFile(file).then(
      (body) => {
        response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
        response.end(body);
      },
      () => {
        response.writeHead(404);
        response.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('the example app: MSW in a real browser, the SDK against it', () => {
  let app: { origin: string; server: Server };
  let node: MockServer;
  let browser: Browser;
  let page: Page;

  const rows = () => page.locator('#pets tr').allInnerTexts();

  beforeAll(async () => {
    app = await serveDist();
    node = await startMockServer({ port: 0 });
    browser = await launchChromium();
    page = await browser.newPage();
    await page.goto(app.origin);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 20_000 });
  });
  afterAll(async () => {
    await browser?.close();
    await node?.close();
    await new Promise((resolve) => app?.server.close(resolve));
  });

  it('lists the seeded animals through the service worker', async () => {
    await expect.poll(rows).toHaveLength(12);
    expect((await rows())[0]).toBe('1\tRex\t1\tavailable');
  });

  it('creates an animal and filters by status', async () => {
    await page.fill('#name', 'Biscuit');
    await page.fill('#category', '2');
    await page.selectOption('#new-status', 'sold');
    await page.click('#create button');
    await expect.poll(rows).toHaveLength(13);
    expect((await rows()).at(-1)).toBe('13\tBiscuit\t2\tsold');
    await page.selectOption('#filter', 'sold');
    await page.click('#refresh');
    await expect.poll(rows).toEqual(['4\tMax\t4\tsold', '8\tMilo\t4\tsold', '12\tOscar\t4\tsold', '13\tBiscuit\t2\tsold']);
  });

  it('answers a wrong key with the same 401 Error body as the Node server', async () => {
    await page.fill('#key', 'wrong-key');
    await page.click('#refresh');
    await expect.poll(() => page.textContent('#error')).not.toBe('');
    const inBrowser = JSON.parse((await page.textContent('#error')) ?? '') as unknown;
    const fromNode = await (await fetch(`${node.url}/pets?limit=100&status=sold`, { headers: { authorization: 'Bearer wrong-key' } })).json();
    expect(inBrowser).toEqual({ code: 'unauthorized', message: 'The API key is not valid: send Authorization: Bearer <API_KEY> with an accepted key', status: 401 });
    expect(inBrowser).toEqual(fromNode);
    await page.fill('#key', 'dev-petstore-key42');
  });

  it('answers a request without a key with the same 401 as the Node server', async () => {
    const inBrowser = await page.evaluate(async () => {
      const response = await fetch('/v1/pets');
      return { status: response.status, challenge: response.headers.get('www-authenticate'), body: (await response.json()) as unknown };
    });
    const fromNode = await fetch(`${node.url}/pets`);
    expect(inBrowser).toEqual({ status: 401, challenge: fromNode.headers.get('www-authenticate'), body: await fromNode.json() });
    expect(inBrowser.body).toEqual({ code: 'unauthorized', message: 'Missing API key: send Authorization: Bearer <API_KEY>', status: 401 });
  });

  it('answers a bad body with the same 400 Error body as the Node server', async () => {
    const request = { method: 'POST', headers: { authorization: 'Bearer dev-petstore-key42', 'content-type': 'application/json' }, body: '{"name":"","categoryId":0,"id":7}' };
    const inBrowser = await page.evaluate(async (init) => {
      const response = await fetch('/v1/pets', init);
      return { status: response.status, body: (await response.json()) as unknown };
    }, request);
    const fromNode = await fetch(`${node.url}/pets`, request);
    expect(inBrowser).toEqual({ status: 400, body: await fromNode.json() });
    expect(inBrowser.body).toMatchObject({ code: 'invalid_request', status: 400 });
  });
});
