import { defineConfig } from 'tsup';

export default defineConfig({
  // jq-worker.js: `--jq` runs jq in a worker thread, which starts from a file of its own
  // (src/jq/run-jq.ts finds it beside its chunk in dist/).
  entry: { index: 'src/index.ts', bin: 'src/bin.ts', 'jq-worker': 'src/jq/jq-worker.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node22',
  // Everything in (commander, chalk, the SDK, ky, zod): start-up reads a few
  // files instead of resolving dozens of modules. Splitting keeps what a
  // command loads lazily (the SDK, chalk) in chunks of its own.
  // Two stay dependencies, loaded from their own folders and only when used:
  // jq-web (the jq worker loads its jq.js and jq.wasm from there; only `--jq` starts it) and undici
  // (the proxy support, only behind a proxy; CommonJS, which an ES module
  // bundle could run only with a `require` banner in every chunk).
  noExternal: [/^(?!(jq-web|undici)$)/],
  splitting: true,
  // No `treeshake`: it sends each chunk through Rollup, which writes its own
  // sourceMappingURL line before tsup appends one, and made the output larger,
  // not smaller (esbuild already drops what is unused).
  minify: true,
  dts: { entry: { index: 'src/index.ts' } },
  clean: true,
  sourcemap: true,
});
