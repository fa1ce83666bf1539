#!/usr/bin/env node
// pnpm bench:startup — how long petstore-mock takes from spawn to its banner, against `node -e ""`
// (spawn to exit: starting Node itself), interleaved run by run (node, mock, mock, node, …) so that
// the machine's drift falls on both. Medians of --runs each; target: the mock ≤ 2.5 × node. Frontend
// suites start the mock per test file: this is their wait. Writes .bench/startup.json, exits 1 on a miss.
import process from 'node:process';
import { installExitHandlers, MOCK_BIN, runNode, startMock, stopChild } from './lib/children.mjs';
import { parseFlags } from './lib/flags.mjs';
import { median, requireBuilt, writeSummary } from './lib/report.mjs';

const SCRIPT = 'bench/startup.mjs';
const { runs: RUNS } = parseFlags(
  SCRIPT,
  { runs: { default: 20, min: 1, max: 200 } },
  `Usage: node ${SCRIPT} [--runs N]   (pnpm bench:startup)

  --runs N    measured starts of each (default 20), after 3 unmeasured ones
  -h, --help  show this help`,
);
const TARGET = 2.5;
requireBuilt(SCRIPT, MOCK_BIN);
installExitHandlers(SCRIPT, 60_000 + (RUNS + 3) * 2 * 5_000);

const start = {
  node: async () => (await runNode(['-e', ''])).ms,
  mock: async () => {
    const { child, startMs } = await startMock(12);
    await stopChild(child);
    return startMs;
  },
};
const samples = { node: [], mock: [] };
// The first starts fill the compile cache and the file-system cache: not measured.
for (let run = 0; run < 3; run++) for (const name of ['node', 'mock']) await start[name]();
for (let run = 0; run < RUNS; run++) {
  for (const name of run % 2 === 0 ? ['node', 'mock'] : ['mock', 'node']) samples[name].push(await start[name]());
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
process.stdout.write(`wrote ${writeSummary('startup', { date: new Date().toISOString(), runs: RUNS, nodeMs, mockMs, ratio, target: TARGET, pass, samples })}\n`);
process.exit(pass ? 0 : 1);
