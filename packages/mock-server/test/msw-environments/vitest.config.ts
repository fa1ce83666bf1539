// A vitest project of its own, run in a child process by ../msw-environments.test.ts:
// the README's vitest + MSW recipe and the stall fault through the MSW handlers,
// under each test environment users run them in. A failure of MSW's or of a
// DOM environment's shows as an unhandled error that fails the run, which only
// a run of its own can see.
import { defineConfig } from 'vitest/config';
import root from '../../../../vitest.config.js';

// `@petstore/*` from src/, as in the kit's own run (../../../../vitest.config.ts); jsdom and happy-dom use Vite's client environment.
const fromSource = { resolve: { conditions: ['@petstore/source'] } };
const recipe = '../recipes/msw-lifecycle.test.ts';

export default defineConfig({
  define: root.define ?? {},
  environments: { ssr: fromSource, client: fromSource },
  test: {
    projects: [
      { extends: true, test: { name: 'node', environment: 'node', include: [recipe, 'stall.test.ts', 'stall-fetch.test.ts'] } },
      { extends: true, test: { name: 'jsdom', environment: 'jsdom', include: [recipe, 'stall.test.ts', 'stall-fetch.test.ts'] } },
      // happy-dom's fetch is its own: a body read it gives up on rejects with its own error, not the signal's reason.
      { extends: true, test: { name: 'happy-dom', environment: 'happy-dom', include: [recipe, 'stall.test.ts'] } },
    ],
  },
});
