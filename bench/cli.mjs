#!/usr/bin/env node
// pnpm bench:cli — start-up of the petstore command against Node's own start-up, in the same run.
//
// What is measured: the wall time of whole child processes, from spawn() to their exit, stdout and
// stderr piped (as when a script captures a command's output), stdin from /dev/null, all with this
// process's Node (process.execPath):
//   node      `node -e ""`                                         the floor: Node alone
//   help      `node packages/cli/dist/bin.js --help`
//   list      `node packages/cli/dist/bin.js pets list --base-url URL`, against the mock server
//   headers   `node -e "new Headers()"` (context: loads Node's fetch classes, i.e. its bundled undici,
//             which ky touches when it is imported)
// The mock server is its real bin (`--host 127.0.0.1 --port 0 --log off --seed 12`), started once.
// Every child gets PETSTORE_CONFIG_DIR = an empty temporary folder and TMPDIR = a temporary folder
// of this run, so the CLI's compile cache (module.enableCompileCache(), under os.tmpdir()) starts
// empty and is filled by the warm-up runs; PETSTORE_*, NODE_OPTIONS and the NODE_*COMPILE_CACHE
// variables are removed.
// Warm-up rounds, then measured rounds, each round running every case once (a, b, c, d, then the
// next round starting one case later: b, c, d, a, ...), so that the machine's drift hits all alike.
// Every run is checked (exit code 0; --help prints the usage; pets list prints the 12 seeded
// animals, one TSV row each); one failed run fails the benchmark.
// Targets (ratios of medians): help ≤ 2 × node, list ≤ 2.5 × node.
// Prints a table, writes .bench/cli.json, exits 1 if a target is missed (after printing, and after
// profiling one run of each case that missed, see --cpu-prof). See docs/benchmarks.md.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { clearTimeout, setTimeout } from 'node:timers';
import { fileURLToPath, URL } from 'node:url';
import { integerFlag, parseBenchFlags } from './lib/flags.mjs';
import { installExitHandlers, killAllChildren, readCpuTicks, readMachineBusyTicks, startAndWaitForLine, stopChild } from './lib/children.mjs';
import { analyseStartProfile, formatStartProfile } from './lib/cli-cpu-profile.mjs';
import { readChildrenCpuTicks, timedRun } from './lib/cli-timed-run.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = join(ROOT, 'packages/cli/dist/bin.js');
const MOCK = join(ROOT, 'packages/mock-server/dist/bin.js');
const OUT_DIR = join(ROOT, '.bench');
const PROF_DIR = join(OUT_DIR, 'cli-cpu-prof');
const SEED = 12;

const HELP = `Usage: node bench/cli.mjs [options]   (pnpm bench:cli)

  --runs N      measured runs of each case (default 40), interleaved with the other cases
  --warmup N    unmeasured runs of each case first, also interleaved (default 5); they fill
                the CLI's compile cache
  --cpu-prof    also profile one \`pets list\` run (node --cpu-prof --cpu-prof-interval 100)
                and print where its start-up time goes; done anyway for every case that misses
                its target. Profiles are kept in .bench/cli-cpu-prof/
  -h, --help    show this help`;

const flags = parseBenchFlags(
  'bench/cli.mjs',
  {
    runs: { type: 'string', default: '40' },
    warmup: { type: 'string', default: '5' },
    'cpu-prof': { type: 'boolean', default: false },
  },
  HELP,
);
const integer = (flag, text, min, max) => integerFlag('bench/cli.mjs', flag, text, min, max);

const RUNS = integer('--runs', flags.runs, 5, 1000);
const WARMUP = integer('--warmup', flags.warmup, 0, 100);
const RUN_TIMEOUT_MS = 15_000;
// The whole benchmark is bounded: a run takes well under 0.2 s here; past this it is killed as hung.
const WATCHDOG_MS = 60_000 + (RUNS + WARMUP) * 4 * 500;
const TARGETS = { help: 2, list: 2.5 };
// Other processes' CPU, in % of one core, above which the machine is not quiet enough to trust the figures.
const DISTURBED_PERCENT = 10;

const ROW = /^(\d+)\t([^\t]+)\t(\d+)\t(available|pending|sold)$/;

/** The cases, in the order of the first round. `check` returns an error message or null. */
function cases(baseUrl) {
  return [
    {
      id: 'node',
      title: 'node -e ""',
      args: ['-e', ''],
      check: (run) => (run.stdout === '' ? null : `printed ${JSON.stringify(run.stdout.slice(0, 200))}`),
    },
    {
      id: 'help',
      title: 'petstore --help',
      args: [CLI, '--help'],
      check: (run) => (run.stdout.startsWith('Usage: petstore') && run.stdout.includes('pets') ? null : `printed no usage: ${JSON.stringify(run.stdout.slice(0, 200))}`),
    },
    {
      id: 'list',
      title: 'petstore pets list',
      args: [CLI, 'pets', 'list', '--base-url', baseUrl],
      check: (run) => {
        const lines = run.stdout.split('\n');
        if (lines.at(-1) === '') lines.pop();
        const ids = lines.map((line) => ROW.exec(line)?.[1]);
        if (lines.length !== SEED || ids.some((id) => id === undefined)) {
          return `expected ${SEED} rows (id, name, category, status), got ${lines.length} line(s): ${JSON.stringify(run.stdout.slice(0, 300))}`;
        }
        const expected = Array.from({ length: SEED }, (_, index) => String(index + 1));
        return ids.join(',') === expected.join(',') ? null : `expected ids 1..${SEED} in order, got ${ids.join(',')}`;
      },
    },
    {
      id: 'headers',
      title: 'node -e "new Headers()"',
      args: ['-e', 'new Headers()'],
      check: (run) => (run.stdout === '' ? null : `printed ${JSON.stringify(run.stdout.slice(0, 200))}`),
    },
  ];
}

function childEnv(configDir, tmpDir) {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (name.startsWith('PETSTORE_')) delete env[name];
  }
  delete env.NODE_OPTIONS;
  delete env.NODE_COMPILE_CACHE;
  delete env.NODE_DISABLE_COMPILE_CACHE;
  delete env.FORCE_COLOR;
  env.PETSTORE_CONFIG_DIR = configDir;
  env.TMPDIR = tmpDir;
  return env;
}

class RunFailure extends Error {}

/** One checked run; throws RunFailure with the details when the run failed. */
async function checkedRun(testCase, env, { extraNodeArgs = [], phase }) {
  const run = await timedRun({ args: [...extraNodeArgs, ...testCase.args], env, cwd: ROOT, timeoutMs: RUN_TIMEOUT_MS });
  let problem = run.error;
  if (!problem && (run.code !== 0 || run.signal)) problem = `exit code ${run.code}${run.signal ? `, signal ${run.signal}` : ''}`;
  problem ??= testCase.check(run);
  if (problem) {
    throw new RunFailure(
      `${testCase.title} (${phase}) failed: ${problem}\n  command: ${[process.execPath, ...extraNodeArgs, ...testCase.args].join(' ')}\n` +
        `  --- stdout ---\n${run.stdout.slice(0, 2000)}\n  --- stderr ---\n${run.stderr.slice(0, 2000)}`,
    );
  }
  return run;
}

function percentile(sorted, p) {
  // Nearest rank: the smallest value with at least p % of the values at or below it.
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

function statistics(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  const mean = sorted.reduce((sum, value) => sum + value, 0) / n;
  const median = n % 2 === 1 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  const sd = Math.sqrt(sorted.reduce((sum, value) => sum + (value - mean) ** 2, 0) / Math.max(1, n - 1));
  return { n, mean, median, p90: percentile(sorted, 90), min: sorted[0], max: sorted[n - 1], sd };
}

function clockTicksPerSecond() {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}

function readOwnCpuTicks() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime, stime
}

function gitInfo() {
  const git = (...args) => {
    try {
      return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      return undefined;
    }
  };
  const changed = git('status', '--porcelain', '--', 'packages/cli', 'packages/sdk');
  return { commit: git('rev-parse', '--short', 'HEAD'), uncommittedChangesInCliOrSdk: changed === undefined ? undefined : changed.split('\n').filter(Boolean).length };
}

function machine() {
  const cpus = os.cpus();
  return {
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    cores: cpus.length,
    cpuModel: cpus[0]?.model,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    loadAverageAtStart: os.loadavg(),
  };
}

function countFiles(dir) {
  if (!existsSync(dir)) return 0;
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) count += entry.isDirectory() ? countFiles(join(dir, entry.name)) : 1;
  return count;
}

const fixed = (value, digits = 1) => value.toFixed(digits);

function printTable(results, baseline) {
  const header = ['case', 'mean', 'median', 'p90', 'min', 'max', 'sd', 'CPU/run', '× node', 'target', 'result'];
  const rows = results.map((result) => {
    const { stats } = result;
    const ratio = stats.median / baseline.median;
    const target = TARGETS[result.id];
    return [
      result.title,
      fixed(stats.mean),
      fixed(stats.median),
      fixed(stats.p90),
      fixed(stats.min),
      fixed(stats.max),
      fixed(stats.sd),
      fixed(result.cpuMsPerRun, 0),
      result.id === 'node' ? '1' : fixed(ratio, 2),
      target ? `≤ ${target}` : '',
      target ? (ratio <= target ? 'PASS' : 'FAIL') : '',
    ];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
  process.stdout.write(`\n${line(header)}\n`);
  for (const row of rows) process.stdout.write(`${line(row)}\n`);
  process.stdout.write('(ms of wall time per run, spawn to exit; CPU/run = user + system ms of the child, all threads, from the 10 ms clock ticks summed over its runs)\n');
}

async function main() {
  installExitHandlers();
  for (const [what, file] of [
    ['CLI', CLI],
    ['mock server', MOCK],
  ]) {
    if (!existsSync(file)) {
      process.stderr.write(`bench:cli: the ${what} is not built (${file} is missing): run pnpm build first\n`);
      process.exit(2);
    }
  }
  const watchdog = setTimeout(() => {
    process.stderr.write(`\nbench:cli: still running after ${WATCHDOG_MS / 1000} s: killing everything and stopping\n`);
    killAllChildren();
    process.exit(1);
  }, WATCHDOG_MS);
  watchdog.unref();

  const work = mkdtempSync(join(os.tmpdir(), 'petstore-bench-cli-'));
  process.on('exit', () => rmSync(work, { recursive: true, force: true }));
  const configDir = join(work, 'config');
  const tmpDir = join(work, 'tmp');
  mkdirSync(configDir);
  mkdirSync(tmpDir);
  const env = childEnv(configDir, tmpDir);
  const CLK_TCK = clockTicksPerSecond();

  const summary = {
    benchmark: 'bench:cli',
    startedAt: new Date().toISOString(),
    git: gitInfo(),
    machine: machine(),
    settings: { runs: RUNS, warmup: WARMUP, targets: TARGETS, node: process.execPath, seed: SEED },
  };
  process.stdout.write(
    `bench:cli — ${WARMUP} warm-up + ${RUNS} measured runs of each case, interleaved; ${summary.machine.cores} cores, Node ${process.version}, ${summary.git.commit ?? 'no git'}\n`,
  );

  // How busy the machine is before we start: anything above a few % of a core is someone else's work.
  const idleStart = readMachineBusyTicks();
  const ownStart = readOwnCpuTicks();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  summary.machine.busyBeforeStartPercentOfOneCore = (100 * Math.max(0, readMachineBusyTicks() - idleStart - (readOwnCpuTicks() - ownStart))) / CLK_TCK;
  process.stdout.write(`before starting, other processes used ${fixed(summary.machine.busyBeforeStartPercentOfOneCore)}% of a core (1 s)\n`);
  if (summary.machine.busyBeforeStartPercentOfOneCore > DISTURBED_PERCENT) {
    process.stdout.write('WARNING: the machine is busy before the benchmark starts: the figures will be unreliable\n');
  }

  let server;
  let failed;
  try {
    const started = await startAndWaitForLine({
      name: 'mock server',
      args: [MOCK, '--host', '127.0.0.1', '--port', '0', '--log', 'off', '--seed', String(SEED)],
      pattern: /petstore-mock listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/,
      timeoutMs: 30_000,
      env,
    });
    server = started.child;
    const baseUrl = started.match[1];
    process.stdout.write(`mock server: ${baseUrl} (pid ${server.pid})\n`);
    const all = cases(baseUrl);
    const samples = new Map(all.map((testCase) => [testCase.id, { ms: [], cpuTicks: 0 }]));
    const rotated = (round) => all.map((_, index) => all[(index + round) % all.length]);

    for (let round = 0; round < WARMUP; round++) {
      for (const testCase of rotated(round)) await checkedRun(testCase, env, { phase: `warm-up ${round + 1}` });
    }
    summary.compileCacheFilesAfterWarmup = countFiles(join(tmpDir, 'node-compile-cache'));
    process.stdout.write(`warm-up done: ${WARMUP} runs of each case, all checked; compile cache: ${summary.compileCacheFilesAfterWarmup} file(s)\n`);

    const before = { machine: readMachineBusyTicks(), own: readOwnCpuTicks(), children: readChildrenCpuTicks(), server: readCpuTicks(server.pid), at: process.hrtime.bigint() };
    for (let round = 0; round < RUNS; round++) {
      for (const testCase of rotated(round)) {
        const run = await checkedRun(testCase, env, { phase: `measured run ${round + 1}` });
        const sample = samples.get(testCase.id);
        sample.ms.push(run.ms);
        sample.cpuTicks += run.cpuTicks;
      }
      if ((round + 1) % 10 === 0 || round + 1 === RUNS) process.stdout.write(`  ${round + 1}/${RUNS} rounds\n`);
    }
    const elapsedS = Number(process.hrtime.bigint() - before.at) / 1e9;
    const ownTicks = readOwnCpuTicks() - before.own + (readChildrenCpuTicks() - before.children) + (readCpuTicks(server.pid) - before.server);
    const otherTicks = Math.max(0, readMachineBusyTicks() - before.machine - ownTicks);
    summary.measuredSeconds = elapsedS;
    summary.otherProcessesPercentOfOneCore = (100 * otherTicks) / CLK_TCK / elapsedS;

    const results = all.map((testCase) => {
      const sample = samples.get(testCase.id);
      return {
        id: testCase.id,
        title: testCase.title,
        command: ['node', ...testCase.args.map((arg) => (arg === CLI ? 'packages/cli/dist/bin.js' : /^[\w@%+=:,./-]+$/.test(arg) ? arg : JSON.stringify(arg)))].join(' '),
        stats: statistics(sample.ms),
        cpuMsPerRun: (1000 * sample.cpuTicks) / CLK_TCK / sample.ms.length,
        samplesMs: sample.ms.map((value) => Math.round(value * 100) / 100),
      };
    });
    const baseline = results.find((result) => result.id === 'node').stats;
    summary.results = results;
    summary.ratios = Object.fromEntries(
      results
        .filter((result) => result.id !== 'node')
        .map((result) => {
          const ratio = result.stats.median / baseline.median;
          const target = TARGETS[result.id];
          return [result.id, { ratioOfMedians: ratio, extraMsOverNode: result.stats.median - baseline.median, target: target ?? null, pass: target ? ratio <= target : null }];
        }),
    );
    printTable(results, baseline);
    process.stdout.write(`other processes used ${fixed(summary.otherProcessesPercentOfOneCore)}% of a core while measuring (${fixed(elapsedS)} s)\n`);
    if (summary.otherProcessesPercentOfOneCore > DISTURBED_PERCENT) {
      process.stdout.write('WARNING: the machine was not quiet while measuring: the figures are unreliable; run again on an idle machine\n');
    }

    const missed = Object.entries(summary.ratios).filter(([, ratio]) => ratio.pass === false);
    for (const [id, ratio] of Object.entries(summary.ratios)) {
      if (ratio.target) {
        process.stdout.write(`${ratio.pass ? 'PASS' : 'FAIL'}  ${results.find((result) => result.id === id).title}: ${fixed(ratio.ratioOfMedians, 2)} × node -e "" (target ≤ ${ratio.target}), ${fixed(ratio.extraMsOverNode)} ms more\n`);
      }
    }
    failed = missed.length > 0;

    // Where the time goes: one profiled run of each case that missed its target (and of
    // `pets list` with --cpu-prof). Not part of the figures: profiling slows a run down.
    const toProfile = new Set(missed.map(([id]) => id));
    if (flags['cpu-prof']) toProfile.add('list');
    if (toProfile.size > 0) {
      rmSync(PROF_DIR, { recursive: true, force: true });
      mkdirSync(PROF_DIR, { recursive: true });
      summary.profiles = {};
      for (const id of toProfile) {
        const testCase = all.find((each) => each.id === id);
        const dir = join(PROF_DIR, id);
        await checkedRun(testCase, env, { extraNodeArgs: ['--cpu-prof', '--cpu-prof-interval', '100', '--cpu-prof-dir', dir], phase: 'profiled run' });
        const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
        if (!file) {
          process.stdout.write(`no profile was written for ${testCase.title}\n`);
          continue;
        }
        const analysis = analyseStartProfile(join(dir, file), { root: ROOT });
        summary.profiles[id] = { ...analysis, file: join('.bench/cli-cpu-prof', id, file) };
        process.stdout.write(`\n${formatStartProfile(analysis, `CPU profile of one ${testCase.title} run (100 µs sampling; it slows the run down: compare shares, not ms, with the table)`)}\n`);
      }
    }
  } catch (error) {
    failed = true;
    summary.error = error instanceof Error ? error.message : String(error);
    process.stderr.write(`\nbench:cli FAILED: ${summary.error}\n`);
  } finally {
    await stopChild(server);
    clearTimeout(watchdog);
  }

  summary.finishedAt = new Date().toISOString();
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(join(OUT_DIR, 'cli.json'), `${JSON.stringify(summary, null, 2)}\n`);
  process.stdout.write(`\nwrote .bench/cli.json${failed ? '; FAILED' : '; all targets met'}\n`);
  process.exit(failed ? 1 : 0);
}

await main();
