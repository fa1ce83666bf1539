#!/usr/bin/env node
// pnpm bench:cli — start-up of the petstore command against Node's own start-up, in the same run.
//
// Every case is a whole child process, timed from spawn() to its exit, stdout and stderr piped
// (as when a script captures the output), stdin from /dev/null, with this process's Node:
//   node -e ""                                      the yardstick: Node alone
//   packages/cli/dist/bin.js --help                 target ≤ 2 × node
//   packages/cli/dist/bin.js pets list --base-url   target ≤ 3.5 × node, against the mock server
// With --baseline-dir DIR, the same two commands of DIR/packages/cli/dist/bin.js (another checkout,
// built) are measured in the same rounds, so that before and after are compared in one run.
// The mock server (--seed 12) is started once. Every child gets an empty PETSTORE_CONFIG_DIR (so
// `pets list` uses the mock profile and its development key) and a TMPDIR of this run: the CLI's
// compile cache lives under os.tmpdir(), so it starts empty and the warm-up rounds fill it.
// Each round runs every case once, starting one case later than the round before, so that the
// machine's drift hits all alike; every run is checked. Ratios are of the medians. Prints a table,
// writes .bench/cli.json, exits 1 if a target is missed or a run fails. See docs/benchmarks.md.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import process from 'node:process';
import { installExitHandlers, runNode, startMock, stopChild, watchdog, watchOtherCpu } from './lib/children.mjs';
import { integerFlag, parseBenchFlags } from './lib/flags.mjs';
import { cpuProfile, gitCommit, machine, median, otherCpuNote, requireBuilt, ROOT, table, writeSummary } from './lib/report.mjs';

const SCRIPT = 'bench/cli.mjs';
const flags = parseBenchFlags(
  SCRIPT,
  {
    runs: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '5' },
    'baseline-dir': { type: 'string' },
    'cpu-prof': { type: 'boolean', default: false },
  },
  `Usage: node ${SCRIPT} [options]   (pnpm bench:cli)

  --runs N            measured runs of each case, interleaved with the others (default 30)
  --warmup N          unmeasured runs of each case first, interleaved too (default 5)
  --baseline-dir DIR  also measure DIR/packages/cli/dist/bin.js (another checkout, built),
                      as "before" rows in the same rounds
  --cpu-prof          afterwards, one more run of each petstore case under node --cpu-prof;
                      says where the .cpuprofile files are (open them in Chrome DevTools)
  -h, --help          show this help`,
);
const RUNS = integerFlag(SCRIPT, '--runs', flags.runs, 5, 1000);
const WARMUP = integerFlag(SCRIPT, '--warmup', flags.warmup, 0, 100);
const CLI = join(ROOT, 'packages/cli/dist/bin.js');
const BASELINE_DIR = flags['baseline-dir'] && resolve(flags['baseline-dir']);
const BASELINE_CLI = BASELINE_DIR && join(BASELINE_DIR, 'packages/cli/dist/bin.js');
const PROF_DIR = join(ROOT, '.bench/cli-cpu-prof');
const TARGETS = { help: 2, list: 3.5 };
const SEED = 12;
const RUN_TIMEOUT_MS = 15_000;

requireBuilt(SCRIPT, CLI, join(ROOT, 'packages/mock-server/dist/bin.js'), ...(BASELINE_CLI ? [BASELINE_CLI] : []));
installExitHandlers();
// A run takes well under 0.2 s here; the whole benchmark is bounded at 0.5 s per run.
watchdog(SCRIPT, 60_000 + (RUNS + WARMUP + 1) * 5 * 500);

const ROW = /^(\d+)\t[^\t]+\t\d+\t(available|pending|sold)$/;
const SEEDED_IDS = Array.from({ length: SEED }, (_, index) => index + 1).join(',');
const checks = {
  node: (stdout) => stdout === '' || `printed ${JSON.stringify(stdout.slice(0, 200))}`,
  help: (stdout) => stdout.startsWith('Usage: petstore') || `printed no usage: ${JSON.stringify(stdout.slice(0, 200))}`,
  // The 12 seeded animals, ids 1 to 12 in order, one TSV row each (stdout is not a terminal).
  list: (stdout) => {
    const ids = stdout.trimEnd().split('\n').map((line) => ROW.exec(line)?.[1]);
    return ids.join(',') === SEEDED_IDS || `expected the ${SEED} seeded animals, got ${JSON.stringify(stdout.slice(0, 300))}`;
  },
};

function cases(baseUrl) {
  const petstore = (cli, prefix) => [
    { id: `${prefix}help`, check: checks.help, title: `${prefix ? 'before: ' : ''}petstore --help`, args: [cli, '--help'] },
    { id: `${prefix}list`, check: checks.list, title: `${prefix ? 'before: ' : ''}petstore pets list`, args: [cli, 'pets', 'list', '--base-url', baseUrl] },
  ];
  return [
    { id: 'node', check: checks.node, title: 'node -e ""', args: ['-e', ''] },
    ...petstore(CLI, ''),
    ...(BASELINE_CLI ? petstore(BASELINE_CLI, 'before-') : []),
  ];
}

/** The children's environment: nothing from the developer's petstore set-up or Node options. */
function childEnv(work) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(PETSTORE_|NODE_OPTIONS$|NODE_.*COMPILE_CACHE$|FORCE_COLOR$)/.test(name)));
  env.PETSTORE_CONFIG_DIR = join(work, 'config');
  env.TMPDIR = join(work, 'tmp');
  mkdirSync(env.PETSTORE_CONFIG_DIR);
  mkdirSync(env.TMPDIR);
  return env;
}

async function checkedRun(testCase, env, nodeFlags = []) {
  const run = await runNode([...nodeFlags, ...testCase.args], { env, cwd: ROOT, timeoutMs: RUN_TIMEOUT_MS });
  const verdict = testCase.check(run.stdout);
  if (verdict !== true) throw new Error(`${testCase.title}: ${verdict}\n--- stderr ---\n${run.stderr.slice(0, 2000)}`);
  return run.ms;
}

const summary = {
  benchmark: 'bench:cli',
  date: new Date().toISOString(),
  commit: gitCommit(),
  baseline: BASELINE_DIR && { dir: BASELINE_DIR, commit: gitCommit(BASELINE_DIR) },
  machine: machine(),
  settings: { runs: RUNS, warmup: WARMUP, targets: TARGETS, seed: SEED },
};
const work = mkdtempSync(join(os.tmpdir(), 'petstore-bench-cli-'));
// On 'exit', so that a signal or a fatal error removes it too.
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
let server;
let failure;
let all;
const samples = {};
try {
  const env = childEnv(work);
  server = await startMock(SEED);
  all = cases(server.baseUrl);
  process.stdout.write(
    `bench:cli — ${WARMUP} warm-up + ${RUNS} measured runs of each case, interleaved; ${summary.machine.cores} cores, Node ${process.version}, ` +
      `${summary.commit}${summary.baseline ? `, before: ${summary.baseline.commit} in ${BASELINE_DIR}` : ''}\n`,
  );
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
  summary.otherProcessesPercentOfOneCore = otherCpu();
  if (flags['cpu-prof']) {
    summary.cpuProfiles = [];
    for (const testCase of all.filter(({ id }) => id !== 'node')) {
      const profile = cpuProfile(PROF_DIR, testCase.id);
      await checkedRun(testCase, env, profile.flags);
      summary.cpuProfiles.push(profile.file);
    }
  }
} catch (error) {
  failure = error;
} finally {
  await stopChild(server?.child);
}

if (failure) {
  summary.error = failure instanceof Error ? failure.message : String(failure);
  process.stderr.write(`\n${SCRIPT} FAILED: ${summary.error}\n`);
} else {
  const nodeMedian = median(samples.node);
  summary.results = all.map(({ id, title, args }) => {
    const sorted = samples[id].toSorted((a, b) => a - b);
    const target = TARGETS[id];
    const ratio = median(sorted) / nodeMedian;
    const p90 = sorted[Math.ceil(0.9 * sorted.length) - 1];
    return { id, title, args, medianMs: median(sorted), p90Ms: p90, minMs: sorted[0], ratio, target, pass: target ? ratio <= target : undefined, samplesMs: samples[id] };
  });
  const ms = (value) => value.toFixed(1);
  const rows = summary.results.map((r) => [r.title, ms(r.medianMs), ms(r.p90Ms), ms(r.minMs), r.ratio.toFixed(2), r.target ? `≤ ${r.target}` : '', r.target ? (r.pass ? 'PASS' : 'FAIL') : '']);
  process.stdout.write(`\n${table(['ms of wall time per run', 'median', 'p90', 'min', '× node', 'target', 'result'], rows)}\n`);
  process.stdout.write(`(${otherCpuNote(summary.otherProcessesPercentOfOneCore)})\n`);
  for (const after of summary.results.filter(({ id }) => TARGETS[id])) {
    const before = summary.results.find(({ id }) => id === `before-${after.id}`);
    if (!before) continue;
    const change = after.medianMs - before.medianMs;
    process.stdout.write(
      `${after.title}: before ${ms(before.medianMs)} ms (${before.ratio.toFixed(2)} × node) → after ${ms(after.medianMs)} ms (${after.ratio.toFixed(2)} × node), ${change >= 0 ? '+' : ''}${ms(change)} ms\n`,
    );
  }
  for (const file of summary.cpuProfiles ?? []) process.stdout.write(`CPU profile: ${file} (open it in Chrome DevTools)\n`);
  summary.pass = summary.results.every((result) => result.pass !== false);
}
process.stdout.write(`wrote ${writeSummary('cli', summary)}\n`);
process.exit(failure || !summary.pass ? 1 : 0);
