import { defineConfig } from '@playwright/test';
// This repository's tests run Debian's Chromium (PETSTORE_CHROMIUM); in your
// project, leave `launchOptions` out and let `npx playwright install` fetch one.
import { chromiumLaunchOptions } from '../../../../../test/support/chromium-launch-options.js';

export default defineConfig({
  testDir: '.',
  globalSetup: './global-setup.ts',
  workers: 2,
  fullyParallel: true,
  forbidOnly: true,
  reporter: 'list',
  use: { browserName: 'chromium', launchOptions: chromiumLaunchOptions, permissions: ['local-network-access'] },
});
