import { defineConfig } from 'tsup';

// petstore-mock, built after the library (`pnpm build` runs this second; it
// cleans nothing). Everything in (the SDK's contract, zod): start-up reads two
// files instead of resolving a hundred modules. `pnpm bench:startup` on
// 2026-11-23, start to "listening": 67.8 ms unbundled, 40.5 ms bundled (node -e "":
// 22 ms). The library entries stay unbundled, so that an app shares one zod with them.
export default defineConfig({
  entry: { bin: 'src/bin.ts', main: 'src/main.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node22',
  noExternal: [/.*/],
  splitting: true,
  // No `treeshake`: tsup's Rollup pass writes a second sourceMappingURL line
  // into every file; esbuild's own tree shaking is within 1.5 KB of it here.
  clean: false,
  sourcemap: true,
});
