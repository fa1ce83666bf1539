import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

const { version } = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  // One output file per source file, not bundles: with "sideEffects": false an
  // app's bundler then keeps only the modules it uses (the size budget relies on it).
  entry: ['src/**/*.ts', '!src/**/*.test.ts', '!src/**/*.test-d.ts'],
  bundle: false,
  format: ['esm'],
  platform: 'neutral',
  target: 'es2022',
  // Declarations come from tsc (tsconfig.build.json), one per source file: see there.
  clean: true,
  sourcemap: true,
  // The version in the User-Agent (src/client/user-agent.ts): package.json is its one source.
  define: { __SDK_VERSION__: JSON.stringify(version) },
});
