#!/usr/bin/env node
// pnpm bench:sdk — `client.pets.list({ limit: 100 })` of @petstore/sdk against the same request
// made with plain fetch + JSON.parse, in the same run, against the same mock server.
//
// Child processes (every one killed at the end, on failure and on signals):
//   - the mock server: its real bin, `node packages/mock-server/dist/bin.js --port 0 --host 127.0.0.1
//     --log off --seed 1000`, on one core;
//   - the clients: bench/lib/sdk-client.mjs, one process per variant (raw, sdk), only one of them
//     busy at any time, on the other core. Each runs N concurrent request loops (default 16) for a
//     slice of time and reports the completed requests and its own CPU time (process.cpuUsage).
// After a pre-flight (both variants must get the same 100 animals), a warm-up of each variant, then
// the measured time of each cut into slices taken in turn raw, sdk, sdk, raw, raw, ... so that the
// machine's drift falls on both alike. Ratio = SDK ops/s ÷ raw ops/s; target ≥ 0.85.
// Prints a table, writes .bench/sdk.json, exits 1 if the target is missed. See docs/benchmarks.md.
import { parseBenchFlags, positiveFlag } from './lib/flags.mjs';
import { execFileSync, fork } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { clearTimeout, setTimeout } from 'node:timers';
import { fileURLToPath, URL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { closeIpcChild, installExitHandlers, killAllChildren, readCpuTicks, readMachineBusyTicks, startAndWaitForLine, stopChild, track } from './lib/children.mjs';
import { topSelfTime } from './lib/cpu-profile.mjs';
import { breakdown } from './lib/sdk-cpu-profile.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'packages/mock-server/dist/bin.js');
const CLIENT = join(ROOT, 'bench/lib/sdk-client.mjs');
const OUT_DIR = join(ROOT, '.bench');
const PROF_DIR = join(OUT_DIR, 'sdk-cpu-prof');

const HELP = `Usage: node bench/sdk.mjs [options]   (pnpm bench:sdk)

  --duration S      measured seconds per variant (default 8)
  --slice S         length of one measured slice; slices alternate raw, sdk, sdk, raw, ... (default 1)
  --warmup S        unmeasured seconds per variant before the measurement, also alternated (default 2)
  --concurrency N   requests in flight at any time, one loop each (default 16)
  --sdk-fetch       give the SDK client fetch: globalThis.fetch, i.e. measure it over fetch instead of
                    its Node.js default (node:http); the target is for the default
  --cpu-prof        run the client processes under node --cpu-prof and list their top self-time
                    functions; the figures are then not representative and go to
                    .bench/sdk-cpu-prof.json instead
  -h, --help        show this help`;

const flags = parseBenchFlags('bench/sdk.mjs', {
    duration: { type: 'string', default: '8' },
    slice: { type: 'string', default: '1' },
    warmup: { type: 'string', default: '2' },
    concurrency: { type: 'string', default: '16' },
    'cpu-prof': { type: 'boolean', default: false },
    'sdk-fetch': { type: 'boolean', default: false },
}, HELP);

const positive = (flag, text, max) => positiveFlag('bench/sdk.mjs', flag, text, max);

const DURATION_S = positive('--duration', flags.duration, 60);
const SLICE_S = Math.min(positive('--slice', flags.slice, 60), DURATION_S);
const WARMUP_S = positive('--warmup', flags.warmup, 30);
const CONCURRENCY = positive('--concurrency', flags.concurrency, 256);
const CPU_PROF = flags['cpu-prof'];

const TARGET = 0.85;
const SEED = 1_000;
const LIMIT = 100;
// The development key the server accepts when it is given no keys of its own.
const API_KEY = 'dev-petstore-key42';
// No slice may make more requests than this per second (far above what 2 cores can do), nor take
// longer than its duration plus this slack: past it the client is killed and the run fails.
const MAX_OPS_PER_SECOND = 200_000;
const SLICE_DEADLINE_SLACK_MS = 15_000;
// A slice during which other processes used more than this share of a core is flagged as disturbed.
const DISTURBED_PERCENT = 15;
const VARIANTS = ['raw', 'sdk'];
const SDK_FETCH = flags['sdk-fetch'];
const LABELS = {
  raw: "fetch(url, { headers: { authorization } }) + JSON.parse(await response.text())",
  sdk: SDK_FETCH ? 'client.pets.list({ limit: 100 }), client with fetch: globalThis.fetch' : 'client.pets.list({ limit: 100 }), the default client (node:http in Node.js)',
};

// Warm-up and measurement of both variants, start-up and checks: about 30 s with the defaults.
// Past twice that (and at least 90 s) the run is killed as hung.
const EXPECTED_MS = (2 * (WARMUP_S + DURATION_S) + 10) * 1000;
const WATCHDOG_MS = Math.max(90_000, 2 * EXPECTED_MS);

function clockTicksPerSecond() {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}
const CLK_TCK = clockTicksPerSecond();

// ---------------------------------------------------------------------------- children

/** The parent's handle on one client process (bench/lib/sdk-client.mjs) of one variant. */
class Client {
  constructor(variant, child) {
    this.variant = variant;
    this.child = child;
    this.nextId = 1;
  }

  get pid() {
    return this.child.pid;
  }

  static async start(variant) {
    const execArgv = CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', PROF_DIR, '--cpu-prof-name', `client-${variant}.cpuprofile`] : [];
    const child = track(fork(CLIENT, variant === 'sdk' && SDK_FETCH ? [variant, 'fetch'] : [variant], { cwd: ROOT, execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
    const client = new Client(variant, child);
    const message = await client.#next(() => {}, 15_000, `${variant} client start-up`);
    if (message?.type !== 'ready') throw new Error(`${variant} client: unexpected first message ${JSON.stringify(message)}`);
    return client;
  }

  /** Sends `send()`'s message (if any) and waits for the next message; kills the child past `deadlineMs`. */
  #next(send, deadlineMs, what) {
    const child = this.child;
    return new Promise((resolve, reject) => {
      const cleanup = () => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      const onMessage = (message) => {
        cleanup();
        if (message?.type === 'error') reject(new Error(`${what}: ${message.message}`));
        else resolve(message);
      };
      const onExit = (code, signal) => {
        cleanup();
        reject(new Error(`${what}: the client process exited (code ${code}, signal ${signal})`));
      };
      const timer = setTimeout(() => {
        cleanup();
        child.kill('SIGKILL');
        reject(new Error(`${what}: no answer within ${deadlineMs} ms; client process killed`));
      }, deadlineMs);
      child.once('message', onMessage);
      child.once('exit', onExit);
      send();
    });
  }

  async setup(baseUrl) {
    const message = await this.#next(() => this.child.send({ type: 'setup', baseUrl, apiKey: API_KEY }), 15_000, `${this.variant} pre-flight`);
    if (message?.type !== 'setup-done') throw new Error(`${this.variant} pre-flight: unexpected message ${JSON.stringify(message)?.slice(0, 300)}`);
    return message.first;
  }

  async run(seconds) {
    const id = this.nextId++;
    const message = await this.#next(
      () => this.child.send({ type: 'run', id, durationMs: seconds * 1000, concurrency: CONCURRENCY, maxOps: MAX_OPS_PER_SECOND * seconds }),
      seconds * 1000 + SLICE_DEADLINE_SLACK_MS,
      `${this.variant} slice`,
    );
    if (message?.type !== 'result' || message.id !== id) throw new Error(`${this.variant} slice: unexpected message ${JSON.stringify(message)?.slice(0, 300)}`);
    return message.result;
  }

  /** Asks the child to exit (which is when --cpu-prof writes its profile); SIGTERM, then SIGKILL, if it does not. */
  close() {
    return closeIpcChild(this.child, 5_000);
  }
}

async function startServer() {
  const started = await startAndWaitForLine({
    name: `mock server --seed ${SEED}`,
    args: [BIN, '--port', '0', '--host', '127.0.0.1', '--log', 'off', '--seed', String(SEED)],
    // Keys from the developer's environment would replace the development key the benchmark sends.
    env: { ...process.env, PETSTORE_MOCK_API_KEYS: '' },
    pattern: /petstore-mock listening on (http:\/\/127\.0\.0\.1:\d+\/v1)\n[\s\S]*?Animals\s+(\d+) in the store/,
    timeoutMs: 30_000,
  });
  const animals = Number(started.match[2]);
  if (animals !== SEED) throw new Error(`mock server: the banner says ${animals} animals, expected ${SEED}`);
  return { child: started.child, pid: started.child.pid, baseUrl: started.match[1], startMs: started.startMs };
}

/** One request from this process, checked: a benchmark of 401s is worthless. */
async function preflight(baseUrl) {
  const url = `${baseUrl}/pets?limit=${LIMIT}`;
  const response = await fetch(url, { headers: { authorization: `Bearer ${API_KEY}` }, signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  const problems = [];
  if (response.status !== 200) problems.push(`status ${response.status}`);
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.startsWith('application/json')) problems.push(`content-type "${contentType}"`);
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    problems.push('body is not JSON');
  }
  if (body !== undefined && !(Array.isArray(body) && body.length === LIMIT)) problems.push(`body is not ${LIMIT} animals`);
  if (problems.length > 0) throw new Error(`pre-flight GET ${url}: ${problems.join('; ')}\n  body: ${text.slice(0, 300)}`);
  return { status: response.status, contentType, bytes: Buffer.byteLength(text) };
}

// ---------------------------------------------------------------------------- measuring

/** CPU ticks of a child so far; a clear error if it has gone. */
function ticksOf(child, name) {
  try {
    return readCpuTicks(child.pid);
  } catch {
    throw new Error(`${name} (pid ${child.pid}) has exited${child.exitCode !== null || child.signalCode !== null ? ` (code ${child.exitCode}, signal ${child.signalCode})` : ''}`);
  }
}

/** One slice of one variant, with the CPU time over it of the server, of the client and of the rest of the machine. */
async function slice(client, server, seconds) {
  const before = { server: ticksOf(server.child, 'the mock server'), client: ticksOf(client.child, `the ${client.variant} client`), machine: readMachineBusyTicks() };
  const result = await client.run(seconds);
  const serverTicks = ticksOf(server.child, 'the mock server') - before.server;
  const clientTicks = ticksOf(client.child, `the ${client.variant} client`) - before.client;
  const otherTicks = Math.max(0, readMachineBusyTicks() - before.machine - serverTicks - clientTicks);
  return { ...result, ticks: { server: serverTicks, client: clientTicks, other: otherTicks } };
}

function sliceProblems(slices, what) {
  const problems = [];
  const errors = slices.reduce((sum, s) => sum + s.errors, 0);
  const wrong = slices.reduce((sum, s) => sum + s.wrongLength, 0);
  const retries = slices.reduce((sum, s) => sum + (s.retries ?? 0), 0);
  if (errors > 0) problems.push(`${what}: ${errors} failed requests (first: ${slices.find((s) => s.firstError)?.firstError})`);
  if (wrong > 0) problems.push(`${what}: ${wrong} responses without ${LIMIT} animals`);
  if (retries > 0) problems.push(`${what}: the SDK retried ${retries} requests (failures hidden by retries)`);
  if (slices.some((s) => s.ops === 0)) problems.push(`${what}: a slice completed no request`);
  return problems;
}

/** The slices of one variant as one measurement: sums of counts and times, rate = completed ÷ seconds. */
function combine(warmups, slices) {
  const sum = (pick) => slices.reduce((total, s) => total + pick(s), 0);
  const seconds = sum((s) => s.elapsedMs) / 1000;
  const ops = sum((s) => s.ops);
  const rates = slices.map((s) => s.ops / (s.elapsedMs / 1000));
  const mean = rates.reduce((total, rate) => total + rate, 0) / rates.length;
  const cpuUs = sum((s) => s.cpuUserUs + s.cpuSystemUs);
  const ticks = { server: sum((s) => s.ticks.server), client: sum((s) => s.ticks.client), other: sum((s) => s.ticks.other) };
  const percent = (value) => (100 * value) / CLK_TCK / seconds;
  return {
    seconds,
    slices: slices.length,
    ops,
    opsPerSecond: {
      average: ops / seconds,
      stddevBetweenSlices: Math.sqrt(rates.reduce((total, rate) => total + (rate - mean) ** 2, 0) / rates.length),
      minSlice: Math.min(...rates),
      maxSlice: Math.max(...rates),
    },
    sliceRates: rates.map(Math.round),
    client: {
      // From process.cpuUsage() in the client process: user + system time over the slices.
      cpuMicrosecondsPerOp: ops > 0 ? cpuUs / ops : null,
      userMicrosecondsPerOp: ops > 0 ? sum((s) => s.cpuUserUs) / ops : null,
      systemMicrosecondsPerOp: ops > 0 ? sum((s) => s.cpuSystemUs) / ops : null,
      cpuPercentOfOneCore: cpuUs / 1e4 / seconds,
      gcMilliseconds: sum((s) => s.gcMs),
      gcPercentOfTime: sum((s) => s.gcMs) / 10 / seconds,
    },
    server: {
      // From /proc/PID/stat (clock ticks), over the same slices.
      cpuMicrosecondsPerOp: ops > 0 ? ((ticks.server / CLK_TCK) * 1e6) / ops : null,
      cpuPercentOfOneCore: percent(ticks.server),
    },
    otherProcessesPercentOfOneCore: percent(ticks.other),
    errors: sum((s) => s.errors),
    wrongLength: sum((s) => s.wrongLength),
    retries: sum((s) => s.retries ?? 0),
    warmup: {
      seconds: warmups.reduce((total, s) => total + s.elapsedMs, 0) / 1000,
      ops: warmups.reduce((total, s) => total + s.ops, 0),
      errors: warmups.reduce((total, s) => total + s.errors, 0),
    },
    problems: [...sliceProblems(warmups, 'warm-up'), ...sliceProblems(slices, 'measured slices')],
  };
}

/** Slices of `seconds` (the last may be shorter) adding up to `total`, for each variant in turn: a, b, b, a, a, b, ... */
async function interleaved(clients, server, total, seconds, onSlice) {
  const out = Object.fromEntries(VARIANTS.map((variant) => [variant, []]));
  const lengths = [];
  for (let left = total; left > 0; left -= seconds) lengths.push(Math.min(seconds, left));
  for (const [index, length] of lengths.entries()) {
    for (const variant of index % 2 === 0 ? VARIANTS : [...VARIANTS].reverse()) {
      const result = await slice(clients[variant], server, length);
      out[variant].push(result);
      onSlice?.(variant, result);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------- output

const fmtInt = (value) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '—');
const fmt1 = (value) => (Number.isFinite(value) ? value.toFixed(1) : '—');
const fmtRatio = (value) => (Number.isFinite(value) ? value.toFixed(2) : '—');
const fmtPercent = (value) => (Number.isFinite(value) ? `${Math.round(value)}%` : '—');

function table(rows, headers, alignRight) {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => String(row[column]).length)));
  const line = (cells) => cells.map((cell, column) => (alignRight[column] ? String(cell).padStart(widths[column]) : String(cell).padEnd(widths[column]))).join('  ');
  return [line(headers), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

function git(...args) {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

/** Which code was measured: the commit, and how many files of the SDK and the server differ from it. */
function source() {
  const changed = git('status', '--porcelain', '--', 'packages/sdk', 'packages/mock-server');
  return { commit: git('rev-parse', 'HEAD'), uncommittedChangesInSdkOrServer: changed === undefined ? undefined : changed.split('\n').filter(Boolean).length };
}

/** Newest modification time of the files under `dir` (recursively), in ms; 0 if none. */
function newestMtime(dir, skip = () => false) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || skip(entry.name)) continue;
    newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function machine() {
  const cpus = os.cpus();
  return { cores: cpus.length, cpuModel: cpus[0]?.model ?? 'unknown', memoryBytes: os.totalmem(), os: `${os.type()} ${os.release()} ${os.arch()}`, node: process.version, loadAverageAtStart: os.loadavg() };
}

// ---------------------------------------------------------------------------- main

async function main() {
  installExitHandlers();
  const watchdog = setTimeout(() => {
    process.stderr.write(`\nbench/sdk.mjs: still running after ${WATCHDOG_MS / 1000} s; killing everything\n`);
    killAllChildren();
    process.exit(1);
  }, WATCHDOG_MS);
  watchdog.unref();

  const sdkDist = join(ROOT, 'packages/sdk/dist/index.js');
  for (const file of [BIN, sdkDist]) {
    if (!existsSync(file)) {
      process.stderr.write(`bench/sdk.mjs: ${file.slice(ROOT.length)} is missing; run pnpm build first\n`);
      return 2;
    }
  }
  for (const pkg of ['packages/sdk', 'packages/mock-server']) {
    if (newestMtime(join(ROOT, pkg, 'src'), (name) => name.endsWith('.test.ts')) > newestMtime(join(ROOT, pkg, 'dist'))) {
      process.stdout.write(`WARNING: ${pkg}/src is newer than its dist: run pnpm build first, or this measures the previous build\n`);
    }
  }
  mkdirSync(OUT_DIR, { recursive: true });
  if (CPU_PROF) rmSync(PROF_DIR, { recursive: true, force: true });

  const startedAt = new Date();
  const summary = {
    benchmark: 'sdk',
    command: `node bench/sdk.mjs${process.argv.length > 2 ? ` ${process.argv.slice(2).join(' ')}` : ''}`,
    date: startedAt.toISOString(),
    machine: machine(),
    source: source(),
    settings: {
      request: `GET /v1/pets?limit=${LIMIT}, authorization: Bearer ${API_KEY}`,
      serverSeed: SEED,
      concurrency: CONCURRENCY,
      warmupSecondsPerVariant: WARMUP_S,
      durationSecondsPerVariant: DURATION_S,
      sliceSeconds: SLICE_S,
      maxOpsPerSlicePerSecond: MAX_OPS_PER_SECOND,
      order: 'pre-flight of both variants (same data); warm-up of each in slices raw, sdk, sdk, raw, ...; then the measured slices in the same alternating order; one client process per variant, only one busy at a time',
      variants: LABELS,
      cpuProfiling: CPU_PROF,
    },
    target: TARGET,
    server: undefined,
    preflight: undefined,
    results: {},
    ratio: null,
    cpuRatio: null,
    pass: false,
    failures: [],
    aborted: undefined,
  };

  let server;
  const clients = {};
  try {
    process.stdout.write(
      `bench:sdk — pets.list({ limit: ${LIMIT} }) vs fetch + JSON.parse, ${CONCURRENCY} in flight, ${WARMUP_S} s warm-up + ${DURATION_S} s measured per variant (${SLICE_S} s slices, interleaved), ${os.cpus().length} cores${CPU_PROF ? ', CPU PROFILING (figures not representative)' : ''}\n`,
    );
    const idleStart = readMachineBusyTicks();
    await new Promise((resolve) => setTimeout(resolve, 500));
    summary.machine.busyBeforeStartPercentOfOneCore = (100 * (readMachineBusyTicks() - idleStart)) / CLK_TCK / 0.5;
    if (summary.machine.busyBeforeStartPercentOfOneCore > DISTURBED_PERCENT) {
      process.stdout.write(`WARNING: the machine is busy before the benchmark starts (${Math.round(summary.machine.busyBeforeStartPercentOfOneCore)}% of a core used by other processes); figures will be unreliable\n`);
    }

    server = await startServer();
    summary.server = { baseUrl: server.baseUrl, pid: server.pid, readyMs: Math.round(server.startMs), seed: SEED };
    summary.preflight = await preflight(server.baseUrl);
    for (const variant of VARIANTS) clients[variant] = await Client.start(variant);
    const first = {};
    for (const variant of VARIANTS) first[variant] = await clients[variant].setup(server.baseUrl);
    if (!isDeepStrictEqual(first.raw, first.sdk)) {
      throw new Error(`pre-flight: the SDK and plain fetch got different data\n  raw: ${JSON.stringify(first.raw).slice(0, 200)}\n  sdk: ${JSON.stringify(first.sdk).slice(0, 200)}`);
    }
    summary.preflight.sameDataBothVariants = true;
    process.stdout.write(
      `server ${server.baseUrl} (pid ${server.pid}, ready in ${Math.round(server.startMs)} ms); clients raw pid ${clients.raw.pid}, sdk pid ${clients.sdk.pid}; ` +
        `response ${summary.preflight.bytes.toLocaleString('en-US')} bytes, ${LIMIT} animals, same data for both\n`,
    );

    process.stdout.write(`  warm-up:`);
    const warmups = await interleaved(clients, server, WARMUP_S, Math.min(SLICE_S, WARMUP_S));
    process.stdout.write(` ${VARIANTS.map((variant) => `${variant} ${fmtInt(warmups[variant].reduce((t, s) => t + s.ops, 0) / (warmups[variant].reduce((t, s) => t + s.elapsedMs, 0) / 1000))} ops/s`).join(', ')}\n  measuring:`);
    const measured = await interleaved(clients, server, DURATION_S, SLICE_S, (variant) => process.stdout.write(variant === 'raw' ? ' r' : ' s'));
    process.stdout.write('\n');
    for (const variant of VARIANTS) summary.results[variant] = combine(warmups[variant], measured[variant]);
  } catch (error) {
    summary.aborted = error instanceof Error ? error.message : String(error);
    process.stdout.write(`\nABORTED: ${summary.aborted}\n`);
  } finally {
    // Clients first, asked to exit (--cpu-prof writes their profiles then); then the server.
    await Promise.all(Object.values(clients).map((client) => client.close()));
    if (server) await stopChild(server.child, 5_000);
    killAllChildren();
  }

  // ---- verdict
  const { raw, sdk } = summary.results;
  const ratio = raw && sdk ? sdk.opsPerSecond.average / raw.opsPerSecond.average : Number.NaN;
  const cpuRatio = raw && sdk ? raw.client.cpuMicrosecondsPerOp / sdk.client.cpuMicrosecondsPerOp : Number.NaN;
  const problems = [...(raw?.problems ?? []).map((p) => `raw ${p}`), ...(sdk?.problems ?? []).map((p) => `sdk ${p}`)];
  summary.ratio = Number.isFinite(ratio) ? ratio : null;
  summary.cpuRatio = Number.isFinite(cpuRatio) ? cpuRatio : null;
  const pass = summary.aborted === undefined && problems.length === 0 && ratio >= TARGET;
  if (summary.aborted === undefined) {
    summary.failures.push(...problems);
    if (problems.length === 0 && !(ratio >= TARGET)) summary.failures.push(`ratio SDK ÷ raw ${fmtRatio(ratio)} < target ${TARGET}`);
  }

  process.stdout.write(
    `\n${table(
      [
        [
          `GET /v1/pets?limit=${LIMIT}, ${CONCURRENCY} in flight`,
          fmtInt(raw?.opsPerSecond.average),
          fmtInt(sdk?.opsPerSecond.average),
          fmtRatio(ratio),
          `≥ ${TARGET.toFixed(2)}`,
          pass ? 'PASS' : 'FAIL',
          fmt1(raw?.client.cpuMicrosecondsPerOp),
          fmt1(sdk?.client.cpuMicrosecondsPerOp),
        ],
      ],
      ['request', 'raw ops/s', 'SDK ops/s', 'ratio', 'target', 'result', 'raw client µs CPU/op', 'SDK client µs CPU/op'],
      [false, true, true, true, false, false, true, true],
    )}\n`,
  );

  const detailRows = [];
  const disturbed = [];
  for (const variant of VARIANTS) {
    const run = summary.results[variant];
    if (!run) continue;
    if (run.otherProcessesPercentOfOneCore > DISTURBED_PERCENT) disturbed.push(`${variant} (${fmtPercent(run.otherProcessesPercentOfOneCore)})`);
    detailRows.push([
      variant,
      fmtInt(run.opsPerSecond.average),
      `±${fmtInt(run.opsPerSecond.stddevBetweenSlices)}`,
      `${fmtInt(run.opsPerSecond.minSlice)}–${fmtInt(run.opsPerSecond.maxSlice)}`,
      fmt1(run.client.cpuMicrosecondsPerOp),
      `${fmt1(run.client.userMicrosecondsPerOp)} / ${fmt1(run.client.systemMicrosecondsPerOp)}`,
      fmtPercent(run.client.cpuPercentOfOneCore),
      `${fmtPercent(run.client.gcPercentOfTime)}`,
      fmt1(run.server.cpuMicrosecondsPerOp),
      fmtPercent(run.server.cpuPercentOfOneCore),
      fmtPercent(run.otherProcessesPercentOfOneCore),
      fmtInt(run.ops),
      run.errors + run.wrongLength + run.retries,
    ]);
  }
  process.stdout.write(
    `\n${table(
      detailRows,
      ['variant', 'ops/s', 'sd/slice', 'slice range', 'client µs/op', 'user / sys', 'client CPU', 'client GC', 'server µs/op', 'server CPU', 'other CPU', 'ops', 'failed'],
      [false, true, true, true, true, true, true, true, true, true, true, true, true],
    )}\n(µs/op = CPU time per request; CPU as % of one core over the measured slices; client GC = time in GC pauses; "other" = processes other than the server and the client; failed = errors, wrong lengths and SDK retries)\n`,
  );
  if (Number.isFinite(cpuRatio)) process.stdout.write(`client CPU cost ratio raw µs/op ÷ SDK µs/op: ${fmtRatio(cpuRatio)}\n`);
  summary.disturbed = disturbed;
  if (disturbed.length > 0) {
    process.stdout.write(`WARNING: other processes used more than ${DISTURBED_PERCENT}% of a core during ${disturbed.join(', ')}: the machine was not quiet; run again on an idle machine.\n`);
  }

  if (CPU_PROF) {
    summary.cpuProfiles = [];
    for (const file of existsSync(PROF_DIR) ? readdirSync(PROF_DIR).filter((name) => name.endsWith('.cpuprofile')).sort() : []) {
      const variant = /client-(\w+)\.cpuprofile$/.exec(file)?.[1];
      const run = summary.results[variant];
      // Every request the process made: the pre-flight, the warm-up and the measured slices.
      const ops = run ? 1 + run.warmup.ops + run.ops : 0;
      const profile = topSelfTime(join(PROF_DIR, file), 20);
      const parts = breakdown(join(PROF_DIR, file), ops, 15);
      summary.cpuProfiles.push({ ...profile, variant, breakdown: parts });
      const perOp = (value) => (value === null ? '—' : value.toFixed(1));
      process.stdout.write(
        `\n${variant} client, ${join('.bench/sdk-cpu-prof', file)}: busy ${profile.busyMs} ms, idle ${profile.idleMs} ms over its whole life, ${fmtInt(ops)} requests (${perOp(parts.busyMicrosecondsPerOp)} µs busy per request)\n`,
      );
      process.stdout.write(
        `Top self time:\n${table(
          profile.top.map((entry) => [`${(entry.share * 100).toFixed(1)}%`, `${entry.selfMs} ms`, entry.name, entry.where]),
          ['share', 'self', 'function', 'where'],
          [true, true, false, false],
        )}\n`,
      );
      process.stdout.write(
        `Self time by origin:\n${table(
          parts.byOrigin.map((entry) => [`${(entry.share * 100).toFixed(1)}%`, `${entry.ms} ms`, perOp(entry.microsecondsPerOp), entry.origin]),
          ['share', 'self', 'µs/request', 'origin'],
          [true, true, true, false],
        )}\n`,
      );
      if (parts.inclusive.length > 0) {
        process.stdout.write(
          `Inclusive time (self + callees) of SDK, ky and zod functions:\n${table(
            parts.inclusive.map((entry) => [`${(entry.share * 100).toFixed(1)}%`, `${entry.ms} ms`, perOp(entry.microsecondsPerOp), entry.function]),
            ['share', 'total', 'µs/request', 'function'],
            [true, true, true, false],
          )}\n`,
        );
      }
    }
    process.stdout.write('\nCPU profiling was on: the ops/s figures above are not representative.\n');
  }

  const outFile = join(OUT_DIR, CPU_PROF ? 'sdk-cpu-prof.json' : 'sdk.json');
  summary.finishedAt = new Date().toISOString();
  summary.pass = pass;
  writeFileSync(outFile, `${JSON.stringify(summary, null, 2)}\n`);
  process.stdout.write(`\nSummary written to ${outFile.slice(ROOT.length)}\n`);
  if (pass) {
    process.stdout.write(`Target met: the SDK reaches ${fmtRatio(ratio)} × the throughput of plain fetch (≥ ${TARGET}).\n`);
    return 0;
  }
  process.stdout.write(`MISSED:\n${[...summary.failures, ...(summary.aborted ? [`aborted: ${summary.aborted}`] : [])].map((failure) => `  - ${failure}`).join('\n')}\n`);
  return 1;
}

main().then(
  (code) => {
    killAllChildren();
    process.exit(code);
  },
  (error) => {
    process.stderr.write(`bench/sdk.mjs: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    killAllChildren();
    process.exit(1);
  },
);
