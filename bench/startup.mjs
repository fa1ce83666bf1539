#!/usr/bin/env node
// pnpm bench:startup — how long petstore-mock takes from process start to "listening", against
// `node -e ""` (the floor: starting Node itself), in the same run, interleaved run by run
// (node, mock, mock, node, ...) so that the machine's drift falls on both. Medians of --runs each;
// target: the mock ≤ 2.5 × node. Frontend suites start the mock per test file: this is their wait.
// Prints a table, writes .bench/startup.json, exits 1 if the target is missed. See docs/benchmarks.md.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';
import { installExitHandlers, startAndWaitForLine, stopChild } from './lib/children.mjs';
import { parseBenchFlags, positiveFlag } from './lib/flags.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'packages/mock-server/dist/bin.js');
const TARGET = 2.5;

const flags = parseBenchFlags('bench/startup.mjs', { runs: { type: 'string', default: '20' } }, `Usage: node bench/startup.mjs [--runs N]   (pnpm bench:startup)

  --runs N   measured starts of each (default 20, at most 200), after 3 unmeasured ones
  -h, --help show this help`);
const RUNS = positiveFlag('bench/startup.mjs', '--runs', flags.runs, 200);

installExitHandlers();

function nodeAlone() {
  const started = performance.now();
  execFileSync(process.execPath, ['-e', ''], { stdio: 'ignore', timeout: 30_000 });
  return performance.now() - started;
}

async function mock() {
  const { child, startMs } = await startAndWaitForLine({
    name: 'petstore-mock',
    args: [BIN, '--port', '0', '--log', 'off'],
    pattern: /listening on http:\/\/127\.0\.0\.1:\d+\/v1/,
    timeoutMs: 30_000,
  });
  await stopChild(child, 5_000);
  return startMs;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const samples = { node: [], mock: [] };
// The first starts fill the compile cache and the file-system cache: not measured.
for (let run = 0; run < 3; run++) {
  nodeAlone();
  await mock();
}
for (let run = 0; run < RUNS; run++) {
  const order = run % 2 === 0 ? ['node', 'mock'] : ['mock', 'node'];
  for (const name of order) samples[name].push(name === 'node' ? nodeAlone() : await mock());
}
const nodeMs = median(samples.node);
const mockMs = median(samples.mock);
const ratio = mockMs / nodeMs;
const pass = ratio <= TARGET;
process.stdout.write(
  `bench:startup — medians of ${RUNS} starts each, interleaved\n\n` +
    `  node -e ""                         ${nodeMs.toFixed(1).padStart(7)} ms\n` +
    `  petstore-mock, start to listening  ${mockMs.toFixed(1).padStart(7)} ms   ${ratio.toFixed(2)} × node   target ≤ ${TARGET}   ${pass ? 'PASS' : 'FAIL'}\n`,
);
mkdirSync(join(ROOT, '.bench'), { recursive: true });
writeFileSync(join(ROOT, '.bench/startup.json'), `${JSON.stringify({ date: new Date().toISOString(), runs: RUNS, nodeMs, mockMs, ratio, target: TARGET, pass, samples }, null, 2)}\n`);
process.exitCode = pass ? 0 : 1;
