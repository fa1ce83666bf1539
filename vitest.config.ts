import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'examples/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    // Integration suites start real servers and child processes; two cores.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
