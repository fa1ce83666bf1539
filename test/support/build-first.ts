// Global set-up of the vitest project "built" (vitest.config.ts), whose tests'
// subject is the built packages: builds them first, once per run and only when
// one of those tests runs, with scripts/build-if-stale.mjs (skipped when dist/
// is current, as ./scripts/start.sh does).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function buildFirst(): void {
  const script = fileURLToPath(new URL('../../scripts/build-if-stale.mjs', import.meta.url));
  const { status, error } = spawnSync(process.execPath, [script], { stdio: 'inherit' });
  if (status !== 0) throw new Error(`the tests of the built packages need pnpm run build, which failed${error ? `: ${error.message}` : ''}`);
}
