import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', bin: 'src/bin.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node22',
  // Everything in (commander, chalk, the SDK, ky, zod): start-up reads a few
  // files instead of resolving dozens of modules. Splitting keeps what a
  // command loads lazily (the SDK, chalk) in chunks of its own.
  // jq-web stays a dependency, loaded from its own folder: it reads jq.wasm
  // beside its jq.js, and only `--jq` loads it.
  noExternal: [/^(?!jq-web$)/],
  splitting: true,
  // No `treeshake`: it sends each chunk through Rollup, which writes its own
  // sourceMappingURL line before tsup appends one, and made the output larger,
  // not smaller (esbuild already drops what is unused).
  minify: true,
  // undici (the proxy support, a chunk of its own loaded only behind a proxy) is
  // CommonJS and require()s Node.js built-ins, which an ES module bundle can do
  // only through a require of its own.
  banner: { js: "import { createRequire as __petstoreCreateRequire } from 'node:module'; const require = __petstoreCreateRequire(import.meta.url);" },
  dts: { entry: { index: 'src/index.ts' } },
  clean: true,
  sourcemap: true,
});
