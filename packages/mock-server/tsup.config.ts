import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', 'msw/index': 'src/msw/index.ts', 'fetch/index': 'src/fetch/index.ts', 'vitest/index': 'src/vitest/index.ts', 'playwright/index': 'src/playwright/index.ts' },
  format: ['esm'],
  // The msw and fetch entries run in browsers too; nothing in them or the core imports node:.
  // The vitest entry needs none either: it reads the test file from vitest, hashes it in plain JavaScript.
  // The playwright entry runs in Node.js (Playwright's runner and workers), as the root entry does.
  platform: 'neutral',
  target: 'es2022',
  dts: { entry: { index: 'src/index.ts', 'msw/index': 'src/msw/index.ts', 'fetch/index': 'src/fetch/index.ts', 'vitest/index': 'src/vitest/index.ts', 'playwright/index': 'src/playwright/index.ts' } },
  clean: true,
  sourcemap: true,
  splitting: true,
});
