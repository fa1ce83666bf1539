// Pages in a real browser against the built petstore-mock: a page on another
// loopback port (another origin) drives the admin API through CORS; a page on
// a name of the web (evil.example, resolved to 127.0.0.1 as a DNS rebinding
// would resolve it) can neither call the server nor be served by it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEV_API_KEY } from '@petstore/mock-server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../test/support/chromium.js';
import { startMockServerProcess, type MockServerProcess } from '../../../test/support/mock-server-process.js';

const auth = { authorization: `Bearer ${DEV_API_KEY}` };

/** Any page at all: what matters is the origin it is served from. */
async function servePage(): Promise<{ port: number; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>a page</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, server };
}

/** Runs fetch in the page: the status, or the error's name when the browser refuses (CORS). */
function fetchIn(page: Page, url: string, method: string): Promise<number | string> {
  return page.evaluate(
    async ({ url, method, key }) => {
      try {
        return (await fetch(url, { method, headers: { authorization: `Bearer ${key}` } })).status;
      } catch (error) {
        return (error as Error).name;
      }
    },
    { url, method, key: DEV_API_KEY },
  );
}

describe('the mock server and pages in Chromium', () => {
  let mock: MockServerProcess;
  let origin: string;
  let pages: { port: number; server: Server };
  let browser: Browser;
  let page: Page;

  const armedFaults = async () => (await (await fetch(`${origin}/__admin/faults`, { headers: auth })).json()) as unknown[];

  beforeAll(async () => {
    mock = await startMockServerProcess();
    origin = new URL(mock.url).origin;
    pages = await servePage();
    browser = await launchChromium(['--host-resolver-rules=MAP evil.example 127.0.0.1']);
  });
  afterAll(async () => {
    await browser?.close();
    await mock?.stop();
    await new Promise((resolve) => pages?.server.close(resolve));
  });
  beforeEach(async () => {
    page = await browser.newPage();
    const armed = await fetch(`${origin}/__admin/faults`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{"status":503}' });
    expect(armed.status).toBe(201);
  });

  it('a page on another loopback port clears the faults and the journal with DELETE', async () => {
    await page.goto(`http://localhost:${pages.port}/`);
    await expect(fetchIn(page, `${origin}/__admin/faults`, 'DELETE')).resolves.toBe(204);
    await expect(fetchIn(page, `${origin}/__admin/requests`, 'DELETE')).resolves.toBe(204);
    expect(await armedFaults()).toEqual([]);
  });

  it('a page on evil.example cannot: the browser refuses the answer, and the fault stays armed', async () => {
    await page.goto(`http://evil.example:${pages.port}/`);
    await expect(fetchIn(page, `${origin}/__admin/faults`, 'DELETE')).resolves.toBe('TypeError');
    expect(await armedFaults()).toHaveLength(1);
    await fetch(`${origin}/__admin/faults`, { method: 'DELETE', headers: auth });
  });

  it('a page whose name was rebound to the server gets 403 for the page and for its own fetches', async () => {
    const response = await page.goto(`http://evil.example:${new URL(origin).port}/v1/pets`);
    expect(response?.status()).toBe(403);
    expect(JSON.parse(await page.innerText('body'))).toMatchObject({ code: 'host_not_allowed', status: 403 });
    await expect(fetchIn(page, `http://evil.example:${new URL(origin).port}/__admin/faults`, 'DELETE')).resolves.toBe(403);
    expect(await armedFaults()).toHaveLength(1);
    await fetch(`${origin}/__admin/faults`, { method: 'DELETE', headers: auth });
  });
});
