import { defineConfig } from '@playwright/test';

// A Chromium of your own, if you set its path (this repository's CI runs
// Debian's); otherwise the one `npx playwright install chromium` fetched.
const executablePath = process.env['PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH'];

export default defineConfig({
  testDir: '.',
  globalSetup: './global-setup.ts',
  workers: 2,
  fullyParallel: true,
  forbidOnly: true,
  reporter: 'list',
  use: {
    browserName: 'chromium',
    launchOptions: executablePath ? { executablePath } : {},
    // The page (app.localhost) calls the mock on 127.0.0.1: Chromium asks first.
    permissions: ['local-network-access'],
  },
});
