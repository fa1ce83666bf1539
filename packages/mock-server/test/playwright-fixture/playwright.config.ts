import { defineConfig } from '@playwright/test';

// The `mock` fixture's own checks, run by ../playwright-fixture.test.ts in a
// child process. No test here opens a page, so no browser starts.
export default defineConfig({
  testDir: '.',
  globalSetup: './global-setup.ts',
  workers: 2,
  fullyParallel: true,
  forbidOnly: true,
});
