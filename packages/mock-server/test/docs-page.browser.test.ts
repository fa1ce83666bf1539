import { mkdirSync } from 'node:fs';
import { startMockServer, type MockServer } from '@petstore/mock-server';
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
    // The API's three operations, and the admin API's six under its own tag.
    await expect(page.locator('.opblock').count()).resolves.toBe(9);
    await expect(page.getByText('/__admin/faults', { exact: true }).first().isVisible()).resolves.toBe(true);
    mkdirSync(new URL('.', SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT.pathname, fullPage: false });
    expect(outside).toEqual([]);
  });
});
