import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', 'msw/index': 'src/msw/index.ts' },
  format: ['esm'],
  // The msw entry runs in browsers too; nothing in it or the core imports node:.
  platform: 'neutral',
  target: 'es2022',
  dts: { entry: { index: 'src/index.ts', 'msw/index': 'src/msw/index.ts' } },
  clean: true,
  sourcemap: true,
  splitting: true,
});
