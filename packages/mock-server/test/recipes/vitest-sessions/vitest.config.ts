import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    // One mock server for the whole run; each test file uses a session of its own on it.
    globalSetup: ['./global-setup.ts'],
    maxWorkers: 2, // files in parallel, even on a machine with two cores
  },
});
