// The SDK's browser budget: the app of scripts/size-app.ts (a PetstoreClient that
// calls every operation: a Record by OperationId, so a new operation does not
// compile until the app calls it), ky and zod included, bundled by esbuild for
// the browser (minified) and gzipped, must stay within BUDGET_BYTES (20 KiB); and
// within HEADROOM_LIMIT_BYTES, the budget less room for two more operations
// (2 × OPERATION_BYTES, what one more method costs: measured by adding one, see
// docs/benchmarks.md), so that the next two operations fit and adding one does
// not start by cutting something else. Past the headroom line the check fails
// too: pay for the bytes elsewhere, or, when a measured method costs more,
// raise OPERATION_BYTES with its figure in docs/benchmarks.md in the same
// change, and say so in docs/decisions.md ("The browser budget's headroom").
// Deterministic, so it runs in the test command.
// Usage: node scripts/check-size.js [--json]   (after pnpm build)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const BUDGET_BYTES = 20 * 1024;
// What one more operation's method costs the bundle, gzipped: measured by adding a
// method and its call to the size app, then removing them (figure and method: docs/benchmarks.md).
const OPERATION_BYTES = 59;
const HEADROOM_LIMIT_BYTES = BUDGET_BYTES - 2 * OPERATION_BYTES;

// The app: a client, and every operation's call (scripts/size-app.ts).
const app = `
import { PetstoreClient } from '@petstore/sdk';
import { runSizeApp } from ${JSON.stringify(fileURLToPath(new URL('size-app.ts', import.meta.url)))};
console.log(await runSizeApp(new PetstoreClient({ baseUrl: 'https://example.invalid/v1', apiKey: 'key' })));
`;

const dir = mkdtempSync(join(tmpdir(), 'petstore-size-'));
try {
  const entry = join(dir, 'app.js');
  writeFileSync(entry, app);
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    // Resolve @petstore/sdk from this package, as an app that installed it would.
    nodePaths: [new URL('../node_modules', import.meta.url).pathname, new URL('../../../node_modules', import.meta.url).pathname],
    logLevel: 'error',
  });
  const code = result.outputFiles[0].contents;
  const gzipped = gzipSync(code, { level: 9 }).length;
  const withinBudget = gzipped <= BUDGET_BYTES;
  const withinHeadroom = gzipped <= HEADROOM_LIMIT_BYTES;
  const report = {
    minifiedBytes: code.length,
    gzipBytes: gzipped,
    budgetBytes: BUDGET_BYTES,
    operationBytes: OPERATION_BYTES,
    headroomLimitBytes: HEADROOM_LIMIT_BYTES,
    withinBudget,
    withinHeadroom,
    pass: withinBudget && withinHeadroom,
  };
  const verdict = (pass) => (pass ? 'PASS' : 'FAIL');
  if (process.argv.includes('--json')) console.log(JSON.stringify(report));
  else {
    console.log(
      `SDK browser bundle (PetstoreClient, every operation): ${(code.length / 1024).toFixed(1)} KiB minified, ${(gzipped / 1024).toFixed(2)} KiB gzip; ` +
        `budget ${BUDGET_BYTES / 1024} KiB: ${verdict(withinBudget)}; room for two more operations of ${OPERATION_BYTES} B (at most ${HEADROOM_LIMIT_BYTES} B): ${verdict(withinHeadroom)}`,
    );
    if (withinBudget && !withinHeadroom) {
      console.log(`${gzipped - HEADROOM_LIMIT_BYTES} B into the headroom: pay for them elsewhere, or spend it knowingly (see scripts/check-size.js).`);
    }
  }
  process.exitCode = report.pass ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
