// The folder the runtimes run from: the conformance suite bundled once (and once
// more with the mock's in-process fetch), and
// the entry each runtime starts, side by side (workerd's config embeds both by
// relative path). Logs and reports land there too. Git-ignored (test-results/).
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { repoRoot } from './tools.mjs';

export const stageDir = join(repoRoot, 'test-results/runtimes');
const entriesDir = join(repoRoot, 'test/runtimes/entries');
const ENTRIES = ['script.mjs', 'script-in-process.mjs', 'workerd.mjs', 'workerd.capnp', 'browser.mjs'];

/** A fresh stage; returns the bundle's path. The SDK is taken from its built dist, as users get it. */
export async function prepareStage() {
  rmSync(stageDir, { recursive: true, force: true });
  mkdirSync(stageDir, { recursive: true });
  const bundle = join(stageDir, 'conformance.js');
  const bundleOf = (entry, outfile) =>
    build({
      entryPoints: [entry],
      outfile,
      bundle: true,
      format: 'esm',
      // No Node.js, no browser assumptions; ky and zod publish `module` builds.
      platform: 'neutral',
      mainFields: ['module', 'main'],
      target: 'es2022',
      logLevel: 'warning',
    });
  await bundleOf(join(repoRoot, 'packages/sdk/test/conformance/conformance.ts'), bundle);
  // The same suite with the mock server's in-process fetch bundled in (its built `fetch` entry).
  await bundleOf(join(entriesDir, 'conformance-in-process.ts'), join(stageDir, 'conformance-in-process.js'));
  for (const entry of ENTRIES) copyFileSync(join(entriesDir, entry), join(stageDir, entry));
  return bundle;
}
