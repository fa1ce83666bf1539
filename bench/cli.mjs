#!/usr/bin/env node
// pnpm bench:cli — start-up of the petstore command against Node's own, in the same run: whole
// child processes, timed from spawn() to exit, of `node -e ""`, `petstore --help` (target ≤ 2 ×
// node) and `petstore pets list` against the mock server (target ≤ 3.5 × node); with --baseline-dir
// the same two of another built checkout as "before" rows. Each round runs every case once, starting
// one case later than the round before; every run is checked; ratios are of the medians. Writes
// .bench/cli.json, exits 1 on a miss or a failed run. See docs/benchmarks.md.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import process from 'node:process';
import { installExitHandlers, MOCK_BIN, runNode, startMock, stopChild } from './lib/children.mjs';
import { parseFlags } from './lib/flags.mjs';
import { machine, otherCpuNote, watchOtherCpu } from './lib/machine.mjs';
import { cpuProfDir, gitCommit, median, requireBuilt, ROOT, table, writeSummary } from './lib/report.mjs';

const SCRIPT = 'bench/cli.mjs';
const flags = parseFlags(
  SCRIPT,
  {
    runs: { default: 30, min: 5, max: 1000 },
    warmup: { default: 5, min: 0, max: 100 },
    'baseline-dir': { type: 'string' },
    'cpu-prof': { type: 'boolean' },
  },
  `Usage: node ${SCRIPT} [options]   (pnpm bench:cli)

  --runs N            measured runs of each case, interleaved with the others (default 30)
  --warmup N          unmeasured runs of each case first, interleaved too (default 5)
  --baseline-dir DIR  also measure DIR/packages/cli/dist/bin.js (another checkout, built),
                      as "before" rows in the same rounds
  --cpu-prof          afterwards, one more run of each petstore case under node --cpu-prof;
                      prints where the .cpuprofile files are (open them in Chrome DevTools)
  -h, --help          show this help`,
);
const { runs: RUNS, warmup: WARMUP } = flags;
const CLI = join(ROOT, 'packages/cli/dist/bin.js');
const BASELINE_DIR = flags['baseline-dir'] && resolve(flags['baseline-dir']);
const BASELINE_CLI = BASELINE_DIR && join(BASELINE_DIR, 'packages/cli/dist/bin.js');
const TARGETS = { help: 2, list: 3.5 };
const SEED = 12;

requireBuilt(SCRIPT, CLI, MOCK_BIN, ...(BASELINE_CLI ? [BASELINE_CLI] : []));
// A run takes well under 0.2 s here; the whole benchmark is bounded at 0.5 s per run.
installExitHandlers(SCRIPT, 60_000 + (RUNS + WARMUP + 1) * 5 * 500);

const SEEDED_IDS = Array.from({ length: SEED }, (_, index) => index + 1).join(',');
const checks = {
  node: (stdout) => stdout === '',
  help: (stdout) => stdout.startsWith('Usage: petstore'),
  // The seeded animals, ids 1 to 12 in order, one TSV row each (stdout is not a terminal).
  list: (stdout) => stdout.trimEnd().split('\n').map((line) => /^(\d+)\t[^\t]+\t\d+\t(available|pending|sold)$/.exec(line)?.[1]).join(',') === SEEDED_IDS,
};

function cases(baseUrl) {
  const petstore = (cli, before) => [
    { id: `${before}help`, check: checks.help, title: `${before ? 'before: ' : ''}petstore --help`, args: [cli, '--help'] },
    { id: `${before}list`, check: checks.list, title: `${before ? 'before: ' : ''}petstore pets list`, args: [cli, 'pets', 'list', '--base-url', baseUrl] },
  ];
  return [{ id: 'node', check: checks.node, title: 'node -e ""', args: ['-e', ''] }, ...petstore(CLI, ''), ...(BASELINE_CLI ? petstore(BASELINE_CLI, 'before-') : [])];
}

/**
 * The children's environment: nothing from the developer's petstore set-up or Node options; an
 * empty PETSTORE_CONFIG_DIR (so `pets list` uses the mock profile and its development key) and a
 * TMPDIR of this run, where the CLI's compile cache starts empty and the warm-up rounds fill it.
 */
function childEnv(work) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(PETSTORE_|NODE_OPTIONS$|NODE_.*COMPILE_CACHE$|FORCE_COLOR$)/.test(name)));
  env.PETSTORE_CONFIG_DIR = join(work, 'config');
  env.TMPDIR = join(work, 'tmp');
  mkdirSync(env.PETSTORE_CONFIG_DIR);
  mkdirSync(env.TMPDIR);
  return env;
}

async function checkedRun(testCase, env, nodeFlags = []) {
  const run = await runNode([...nodeFlags, ...testCase.args], { env, cwd: ROOT, timeoutMs: 15_000 });
  if (!testCase.check(run.stdout)) throw new Error(`${testCase.title}: unexpected output ${JSON.stringify(run.stdout.slice(0, 300))}\n--- stderr ---\n${run.stderr.slice(0, 2000)}`);
  return run.ms;
}

const summary = { benchmark: 'bench:cli', date: new Date().toISOString(), commit: gitCommit(), baseline: BASELINE_DIR && { dir: BASELINE_DIR, commit: gitCommit(BASELINE_DIR) }, machine: machine(), settings: { ...flags, targets: TARGETS, seed: SEED } };
const work = mkdtempSync(join(os.tmpdir(), 'petstore-bench-cli-'));
// On 'exit', so that a signal or a fatal error removes it too.
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
const samples = {};
let all;
let server;
try {
  const env = childEnv(work);
  server = await startMock(SEED);
  all = cases(server.baseUrl);
  process.stdout.write(`bench:cli — ${WARMUP} warm-up + ${RUNS} measured runs of each case, interleaved; ${summary.machine.cores} cores, Node ${process.version}, ${summary.commit}${summary.baseline ? `, before: ${summary.baseline.commit} in ${BASELINE_DIR}` : ''}\n`);
  for (const testCase of all) samples[testCase.id] = [];
  let otherCpu;
  for (let round = 0; round < WARMUP + RUNS; round++) {
    if (round === WARMUP) otherCpu = watchOtherCpu(() => [server.child.pid]);
    for (let index = 0; index < all.length; index++) {
      const testCase = all[(index + round) % all.length];
      const ms = await checkedRun(testCase, env);
      if (round >= WARMUP) samples[testCase.id].push(ms);
    }
  }
  summary.otherCpuPercent = otherCpu();
  if (flags['cpu-prof']) {
    const profiles = cpuProfDir('cli');
    for (const testCase of all.filter(({ id }) => id !== 'node')) await checkedRun(testCase, env, profiles.flags(testCase.id));
    summary.cpuProfiles = profiles.list();
  }
} catch (error) {
  // process.exit() kills the children (lib/children.mjs).
  process.stderr.write(`\n${SCRIPT} FAILED: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
await stopChild(server.child);

const nodeMedian = median(samples.node);
summary.results = all.map(({ id, title }) => {
  const sorted = samples[id].toSorted((a, b) => a - b);
  const ratio = median(sorted) / nodeMedian;
  const target = TARGETS[id];
  return { id, title, medianMs: median(sorted), p90Ms: sorted[Math.ceil(0.9 * sorted.length) - 1], minMs: sorted[0], ratio, target, pass: target ? ratio <= target : undefined, samplesMs: samples[id] };
});
const ms = (value) => value.toFixed(1);
const rows = summary.results.map((r) => [r.title, ms(r.medianMs), ms(r.p90Ms), ms(r.minMs), r.ratio.toFixed(2), r.target ? `≤ ${r.target}` : '', r.target ? (r.pass ? 'PASS' : 'FAIL') : '']);
process.stdout.write(`\n${table(['ms of wall time per run', 'median', 'p90', 'min', '× node', 'target', 'result'], rows)}\n(${otherCpuNote(summary.otherCpuPercent)})\n`);
for (const file of summary.cpuProfiles ?? []) process.stdout.write(`CPU profile: ${file} (open it in Chrome DevTools)\n`);
summary.pass = summary.results.every((result) => result.pass !== false);
process.stdout.write(`wrote ${writeSummary('cli', summary)}\n`);
process.exit(summary.pass ? 0 : 1);
