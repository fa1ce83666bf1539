import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'examples/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    // A vitest project of its own, run in a child process by recipes/vitest-sessions.test.ts.
    exclude: [...configDefaults.exclude, 'packages/mock-server/test/recipes/vitest-sessions/**'],
    // Integration suites start real servers and child processes; two cores.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
