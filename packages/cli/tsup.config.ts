import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', bin: 'src/bin.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node22',
  // Everything in (commander, chalk, the SDK, ky, zod): start-up reads a few
  // files instead of resolving dozens of modules. Splitting keeps what a
  // command loads lazily (the SDK, chalk) in chunks of its own.
  noExternal: [/.*/],
  splitting: true,
  treeshake: true,
  minify: true,
  dts: { entry: { index: 'src/index.ts' } },
  clean: true,
  sourcemap: true,
});
