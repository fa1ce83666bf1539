import { mkdirSync } from 'node:fs';
import { startMockServer, type MockServer } from '@petstore/mock-server';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Debian's Chromium, found by scripts/browser.sh. Without it this suite fails
// and says so: a browser test that silently skips proves nothing.
const executablePath = process.env['PETSTORE_CHROMIUM'] ?? '/usr/bin/chromium';
const SCREENSHOT = new URL('../../../docs/images/reference-page.png', import.meta.url);

describe('the /docs reference page in headless Chromium', () => {
  let server: MockServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startMockServer({ port: 0 });
    try {
      browser = await chromium.launch({
        executablePath,
        args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      });
    } catch (error) {
      throw new Error(`No usable Chromium at ${executablePath} (set PETSTORE_CHROMIUM, or let scripts/browser.sh install Debian's chromium): ${String(error)}`, {
        cause: error,
      });
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the three operations, getPet as deprecated, with no request leaving the machine', async () => {
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
    await expect(page.locator('.opblock').count()).resolves.toBe(3);
    mkdirSync(new URL('.', SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT.pathname, fullPage: false });
    expect(outside).toEqual([]);
  });
});
