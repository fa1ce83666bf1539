import { readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

const sdkVersion = (JSON.parse(readFileSync(new URL('packages/sdk/package.json', import.meta.url), 'utf8')) as { version: string }).version;

export default defineConfig({
  // `@petstore/*` imports (and the SDK's `#runtime`) resolve to src/ through the
  // "@petstore/source" export condition, as for tsc (docs/ARCHITECTURE.md).
  // Vitest also starts its workers with it (`--conditions`); child processes
  // the tests start are plain Node.js, on dist/.
  environments: { ssr: { resolve: { conditions: ['@petstore/source'] } } },
  // What tsup's `define` writes into the SDK's build (packages/sdk/tsup.config.ts).
  define: { __SDK_VERSION__: JSON.stringify(sdkVersion) },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'examples/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    // A vitest project of its own, run in a child process by recipes/vitest-sessions.test.ts.
    exclude: [...configDefaults.exclude, 'packages/mock-server/test/recipes/vitest-sessions/**'],
    // Integration suites start real servers and child processes; two cores.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
