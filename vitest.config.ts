import { readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

const sdkVersion = (JSON.parse(readFileSync(new URL('packages/sdk/package.json', import.meta.url), 'utf8')) as { version: string }).version;

const INCLUDE = ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'examples/*/test/**/*.test.ts', 'test/**/*.test.ts'];
// Vitest projects of their own, each run in a child process by the test file of its name.
const EXCLUDE = [...configDefaults.exclude, 'packages/mock-server/test/recipes/vitest-sessions/**', 'packages/mock-server/test/msw-environments/**'];

// The tests whose subject is the built packages: they run the bins, pack the
// tarballs, read dist/, serve the built app or the files the build copies, or
// run the READMEs' examples as users do. Their project builds first
// (test/support/build-first.ts); every other test needs no dist/.
const BUILT = [
  'packages/cli/test/**/*.test.ts', // the built `petstore` in child processes
  '**/readme-examples.test.ts', // the READMEs' examples, run as written
  'packages/sdk/test/{client,request-identity}.test.ts', // against the built `petstore-mock`
  'packages/sdk/test/editor-hovers.test.ts', // the built declarations, as an editor reads them
  'packages/sdk/test/conformance/conformance.test.ts',
  'packages/mock-server/test/{bin,admin-state,sessions,session-memory,host-and-cors,durability,sqlite-data-file,cors.browser}.test.ts',
  'packages/mock-server/test/{hostile-clients,journal-bounds}.test.ts', // the server as a process of its own (fixtures/serve.mjs)
  'packages/mock-server/test/{docs-page,docs-page.browser}.test.ts', // dist/swagger-ui, copied there by the build
  'packages/mock-server/test/recipes/vitest-sessions.test.ts', // the README's recipe, run as a user's suite
  'packages/mock-server/test/playwright-fixture.test.ts', // ./playwright in a child Playwright run
  'packages/mock-server/test/package-files.test.ts',
  'test/{smoke-imports,package-files,pack}.test.ts',
  'test/operation-effects.test.ts', // the built `petstore-mock` on a --data file, restarted
  'examples/browser-app/test/app.browser.test.ts', // the app as `vite build` bundles it
];

export default defineConfig({
  // `@petstore/*` imports (and the SDK's `#runtime`) resolve to src/ through the
  // "@petstore/source" export condition, as for tsc (docs/ARCHITECTURE.md).
  // Vitest also starts its workers with it (`--conditions`); child processes
  // the tests start are plain Node.js, on dist/.
  environments: { ssr: { resolve: { conditions: ['@petstore/source'] } } },
  // What tsup's `define` writes into the SDK's build (packages/sdk/tsup.config.ts).
  define: { __SDK_VERSION__: JSON.stringify(sdkVersion) },
  test: {
    // Integration suites start real servers and child processes; two cores.
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Vitest's default on two cores is one worker, so a file that mostly waits
    // on the child processes it starts kept the other core idle. Three files
    // at a time (docs/benchmarks.md, "Test loop", has the times beside one).
    maxWorkers: 3,
    projects: [
      { extends: true, test: { name: 'source', include: INCLUDE, exclude: [...EXCLUDE, ...BUILT] } },
      // Its global set-up runs only when one of its tests is in the run.
      { extends: true, test: { name: 'built', include: BUILT, exclude: EXCLUDE, globalSetup: ['test/support/build-first.ts'] } },
    ],
  },
});
