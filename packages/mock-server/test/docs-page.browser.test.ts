// /docs in headless Chromium: the page and Swagger UI's files, which the build
// copies into dist/swagger-ui (a test of the built package: vitest.config.ts builds first).
import { mkdirSync } from 'node:fs';
import { DEV_API_KEY, startMockServer, type MockServer } from '@petstore/mock-server';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../test/support/chromium.js';

const SCREENSHOT = new URL('../../../docs/images/reference-page.png', import.meta.url);

describe('the /docs reference page in headless Chromium', () => {
  let server: MockServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startMockServer({ port: 0 });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the three operations, getPet as deprecated, and the admin API, with no request leaving the machine', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(server.origin)) outside.push(request.url());
    });
    await page.goto(`${server.origin}/docs`);
    await page.getByText('/pets/{petId}').first().waitFor({ timeout: 15_000 });
    for (const path of ['/pets', '/pets/{petId}']) await expect(page.getByText(path, { exact: true }).first().isVisible()).resolves.toBe(true);
    // Swagger UI marks deprecated operations with the class opblock-deprecated.
    const deprecated = page.locator('.opblock-deprecated');
    await expect(deprecated.count()).resolves.toBe(1);
    await expect(deprecated.first().innerText()).resolves.toContain('/pets/{petId}');
    // The API's three operations, and the admin API's eleven under its own tag.
    await expect(page.locator('.opblock').count()).resolves.toBe(14);
    for (const path of ['/__admin/faults', '/__admin/overrides']) await expect(page.getByText(path, { exact: true }).first().isVisible()).resolves.toBe(true);
    mkdirSync(new URL('.', SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT.pathname, fullPage: false });
    expect(outside).toEqual([]);
  });

  it("sends the admin API's \"Try it out\" to the server that serves the page, with a small example body", async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') sent.push(request.url());
    });
    const created = await fetch(`${server.url}/pets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEV_API_KEY}`, 'content-type': 'application/json' },
      body: '{"name":"Extra","categoryId":1}',
    });
    expect(created.status).toBe(201);
    expect(server.store.size).toBe(13);
    await page.goto(`${server.origin}/docs`);
    await page.locator('button.authorize').first().click();
    await page.locator('.auth-container input').first().fill(DEV_API_KEY);
    await page.locator('.auth-btn-wrapper button.authorize').click();
    await page.locator('button.btn-done').click();
    // The API's operations too: this server only, by a path relative to the page.
    await expect(page.locator('.servers select option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))).resolves.toEqual(['/v1']);
    const reset = page.locator('#operations-admin-resetMock');
    await reset.locator('.opblock-summary').click();
    await reset.locator('button.try-out__btn').click();
    const body = reset.locator('textarea.body-param__text');
    expect(JSON.parse(await body.inputValue())).toEqual({ seed: 12 });
    await reset.locator('button.execute').click();
    await expect.poll(() => reset.locator('.live-responses-table tr.response .response-col_status').first().innerText(), { timeout: 10_000 }).toBe('204');
    // The port is the OS's pick, not 4010: the page found its own server, and reset it.
    expect(sent).toEqual([`${server.origin}/__admin/reset`]);
    expect(server.store.size).toBe(12);
  });
});
