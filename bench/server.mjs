#!/usr/bin/env node
// pnpm bench:server — our mock server against a bare node:http server, in the same run.
//
// Child processes, the servers on 127.0.0.1 with OS-picked ports:
//   - our server: the real bin, `node packages/mock-server/dist/bin.js --port 0 --log off --seed N`
//     (one with 1,000 animals, one with 1,000,000 for the scale check and the RSS reading; only one
//     is under load at any time);
//   - the bare server: bench/lib/bare-server.mjs, a constant 20-animal JSON body for every request;
//   - the load generator: autocannon in its own process (bench/lib/load-child.mjs), a fresh one
//     for each measurement, 50 connections.
// Every request is checked once (status, JSON body), each server is primed with a few seconds of
// load, then for each scenario our server is measured and, right after, the bare one with the very
// same request (warm-up, then the measured run, for each); the ratio is ours ÷ bare.
// A run with any non-2xx answer, unexpected status, error or timeout is invalid and fails.
// Prints a table, writes .bench/server.json, exits 1 if a target is missed. See docs/benchmarks.md.
import { parseBenchFlags, positiveFlag } from './lib/flags.mjs';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { setTimeout } from 'node:timers';
import { fileURLToPath, URL } from 'node:url';
import { installExitHandlers, killAllChildren, readCpuTicks, readMachineBusyTicks, readMemory, startAndWaitForLine, stopChild } from './lib/children.mjs';
import { topSelfTime } from './lib/cpu-profile.mjs';
import { LoadGenerator } from './lib/load.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'packages/mock-server/dist/bin.js');
const BARE = join(ROOT, 'bench/lib/bare-server.mjs');
const OUT_DIR = join(ROOT, '.bench');

const HELP = `Usage: node bench/server.mjs [options]   (pnpm bench:server)

  --duration S     measured seconds per server and scenario (default 5)
  --prime S        seconds of load on each freshly started server, all its scenarios mixed,
                   before anything is measured (default 5): a new Node process needs several
                   seconds under load before it runs at its steady speed
  --warmup S       seconds of unmeasured warm-up, with the scenario's own request, before
                   each measured run (default 2)
  --connections N  concurrent connections (default 50)
  --slice S        cut each measured run into slices of S seconds, alternating between our server
                   and the bare one (ours, bare, bare, ours, ...); default 1. --slice equal to
                   --duration measures ours, then bare, back to back
  --cpu-prof       run the servers under node --cpu-prof and list their top self-time
                   functions; the figures are then not representative (profiling slows
                   the server) and go to .bench/server-cpu-prof.json instead
  -h, --help       show this help`;

const flags = parseBenchFlags('bench/server.mjs', {
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '2' },
    prime: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    slice: { type: 'string', default: '1' },
    'cpu-prof': { type: 'boolean', default: false },
}, HELP);
const positive = (flag, text, max) => positiveFlag('bench/server.mjs', flag, text, max);

const DURATION_S = positive('--duration', flags.duration, 60);
const WARMUP_S = positive('--warmup', flags.warmup, 30);
const PRIME_S = positive('--prime', flags.prime, 60);
const CONNECTIONS = positive('--connections', flags.connections, 1000);
const SLICE_S = Math.min(positive('--slice', flags.slice, 60), DURATION_S);
const CPU_PROF = flags['cpu-prof'];
// Ten server-measurements (list: 4 servers, get: 2, create: 4), five primings, start-up and
// checks: about 100 s with the defaults. Past twice the expected time the run is killed as hung.
const EXPECTED_MS = (5 * PRIME_S + 10 * (WARMUP_S + DURATION_S) + 15) * 1000;
const WATCHDOG_MS = Math.max(150_000, 2 * EXPECTED_MS);


// The development key the server accepts when it is given no keys of its own.
const AUTH_HEADERS = { authorization: 'Bearer dev-petstore-key42' };
const LIST_PATH = '/v1/pets?limit=20&status=available';

// No autocannon run may take longer than this (its `duration` is the normal bound; `amount` would
// override `duration`, so the request cap is `maxOverallRequests`, far above what 2 cores can do).
const MAX_REQUESTS_PER_SECOND = 200_000;
const RUN_DEADLINE_SLACK_MS = 20_000;

const SCALE_TOLERANCE = 0.1;
// A run during which other processes used more than this share of a core is flagged as disturbed.
const DISTURBED_PERCENT = 15;
const RSS_TARGET_BYTES = 300 * 1024 * 1024;
const MiB = 1024 * 1024;

const SCENARIOS = [
  {
    id: 'list',
    label: 'list    GET /v1/pets?limit=20&status=available',
    server: 'ours1k',
    method: 'GET',
    path: LIST_PATH,
    status: 200,
    target: 0.8,
    check: (body) => Array.isArray(body) && body.length === 20 && body.every((pet) => pet.status === 'available'),
  },
  {
    id: 'list1m',
    label: 'list    same, 1,000,000 animals (same bare run)',
    server: 'ours1m',
    method: 'GET',
    path: LIST_PATH,
    status: 200,
    target: undefined, // judged by the scale check against `list`
    check: (body) => Array.isArray(body) && body.length === 20 && body.every((pet) => pet.status === 'available'),
  },
  {
    id: 'get',
    label: 'get     GET /v1/pets/1',
    server: 'ours1k',
    method: 'GET',
    path: '/v1/pets/1',
    status: 200,
    target: 0.85,
    check: (body) => body?.id === 1,
  },
  {
    // Last on its server: every request adds an animal (at the end, so the lists above are unaffected anyway).
    id: 'create',
    label: 'create  POST /v1/pets {"name":"Rex","categoryId":1}',
    server: 'ours1k',
    method: 'POST',
    path: '/v1/pets',
    body: JSON.stringify({ name: 'Rex', categoryId: 1 }),
    status: 201,
    target: 0.75,
    check: (body) => typeof body?.id === 'number' && body.name === 'Rex' && body.categoryId === 1,
  },
  {
    // The cost of durability: the same create against a server started with --data FILE, where
    // each 201 waits for its record to be written and fsynced (creates in flight share a write).
    id: 'createData',
    label: 'create  same, with --data FILE (fsync before each 201)',
    server: 'oursData',
    method: 'POST',
    path: '/v1/pets',
    body: JSON.stringify({ name: 'Rex', categoryId: 1 }),
    status: 201,
    target: undefined, // reported, not judged: the issue asks for the figure
    check: (body) => typeof body?.id === 'number' && body.name === 'Rex' && body.categoryId === 1,
  },
  // The cost of the request journal (on by default): the same list and create against a server
  // with --journal-size 0, measured interleaved with the others of the same request.
  {
    id: 'listNoJournal',
    label: 'list    same, --journal-size 0 (recording off)',
    server: 'oursNoJournal',
    method: 'GET',
    path: LIST_PATH,
    status: 200,
    target: undefined,
    check: (body) => Array.isArray(body) && body.length === 20 && body.every((pet) => pet.status === 'available'),
  },
  {
    id: 'createNoJournal',
    label: 'create  same, --journal-size 0 (recording off)',
    server: 'oursNoJournal',
    method: 'POST',
    path: '/v1/pets',
    body: JSON.stringify({ name: 'Rex', categoryId: 1 }),
    status: 201,
    target: undefined,
    check: (body) => typeof body?.id === 'number' && body.name === 'Rex' && body.categoryId === 1,
  },
];

function headersOf(scenario) {
  return scenario.body === undefined ? { ...AUTH_HEADERS } : { ...AUTH_HEADERS, 'content-type': 'application/json' };
}

/** One request on a fresh connection (so nothing keeps a socket open to the servers). */
function oneRequest(url, { method, headers, body }) {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, headers, agent: false, timeout: 10_000 }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode, contentType: response.headers['content-type'] ?? '', text }));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`no answer from ${url} within 10 s`)));
    request.on('error', reject);
    request.end(body);
  });
}

/** Checks that a scenario's request gets the right answer before it is measured: a benchmark of 401s is worthless. */
async function preflight(origin, scenario, expectedStatus, side) {
  const url = origin + scenario.path;
  const { status, contentType, text } = await oneRequest(url, { method: scenario.method, headers: headersOf(scenario), body: scenario.body });
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const problems = [];
  if (status !== expectedStatus) problems.push(`status ${status}, expected ${expectedStatus}`);
  if (!contentType.startsWith('application/json')) problems.push(`content-type "${contentType}"`);
  if (body === undefined) problems.push('body is not JSON');
  else if (side === 'ours' && !scenario.check(body)) problems.push('body is not what the scenario expects');
  else if (side === 'bare' && !(Array.isArray(body) && body.length === 20)) problems.push('bare body is not 20 animals');
  if (problems.length > 0) {
    throw new Error(`pre-flight ${scenario.method} ${url} (${side}): ${problems.join('; ')}\n  body: ${text.slice(0, 300)}`);
  }
}

function clockTicksPerSecond() {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}
const CLK_TCK = clockTicksPerSecond();

/** Problems that make a run's figure meaningless; empty if it is clean. */
function runProblems(result, expectedStatuses, what) {
  const expected = [expectedStatuses].flat();
  const problems = [];
  if (result.errors > 0) problems.push(`${result.errors} errors`);
  if (result.timeouts > 0) problems.push(`${result.timeouts} timeouts`);
  if (result.non2xx > 0) problems.push(`${result.non2xx} non-2xx responses`);
  if (result.mismatches > 0) problems.push(`${result.mismatches} body mismatches`);
  const unexpected = Object.entries(result.statusCodes).filter(([code]) => !expected.includes(Number(code)));
  if (unexpected.length > 0) problems.push(`unexpected statuses ${unexpected.map(([code, count]) => `${code}×${count}`).join(', ')}`);
  if (result.totalCompleted === 0) problems.push('no request completed');
  return problems.map((problem) => `${what}: ${problem}`);
}

/**
 * Load on a freshly started server before anything is measured: the given scenarios' requests,
 * in turn on each connection, for `PRIME_S` seconds. Measured in the first seconds of its
 * life, a Node server is 5-20% slower than later (optimising compilers, heap sizing), and by how
 * much varies from process to process: without this, whichever scenario comes first loses.
 */
async function prime(server, scenarios, expectedStatuses) {
  const load = await LoadGenerator.start();
  try {
    const result = await load.run(
      {
        url: server.origin,
        requests: scenarios.map((scenario) => ({ method: scenario.method, path: scenario.path, headers: headersOf(scenario), body: scenario.body })),
        connections: CONNECTIONS,
        duration: PRIME_S,
        maxOverallRequests: Math.max(CONNECTIONS, MAX_REQUESTS_PER_SECOND * PRIME_S),
        timeout: 5,
        bailout: 1_000,
      },
      PRIME_S * 1000 + RUN_DEADLINE_SLACK_MS,
    );
    const problems = runProblems(result, expectedStatuses, `priming ${server.name}`);
    if (problems.length > 0) throw new Error(problems.join('; '));
    return { durationS: result.durationS, totalCompleted: result.totalCompleted, statusCodes: result.statusCodes };
  } finally {
    await load.close();
  }
}

/** One autocannon run of `scenario` against `server` for `seconds`, from the given load generator. */
function runScenario(load, server, scenario, seconds) {
  return load.run(
    {
      url: server.origin + scenario.path,
      method: scenario.method,
      headers: headersOf(scenario),
      body: scenario.body,
      connections: CONNECTIONS,
      pipelining: 1,
      duration: seconds,
      // Samples (and so the end of a run) every 250 ms rather than every second, so that a 1 s
      // slice lasts 1 s; the rate is taken from the totals, completed requests ÷ duration.
      sampleInt: 250,
      maxOverallRequests: Math.max(CONNECTIONS, MAX_REQUESTS_PER_SECOND * seconds),
      timeout: 5, // seconds per request
      bailout: 1_000, // stop early once a run is clearly broken
    },
    seconds * 1000 + RUN_DEADLINE_SLACK_MS,
  );
}

/**
 * One measured slice, with the CPU time, over the slice, of the server, of the load generator and
 * of the rest of the machine (other processes: a busy machine makes the figures unreliable).
 */
async function measuredSlice(load, server, scenario, seconds) {
  const before = { server: readCpuTicks(server.pid), load: readCpuTicks(load.pid), machine: readMachineBusyTicks() };
  const result = await runScenario(load, server, scenario, seconds);
  const serverTicks = readCpuTicks(server.pid) - before.server;
  const loadTicks = readCpuTicks(load.pid) - before.load;
  const otherTicks = Math.max(0, readMachineBusyTicks() - before.machine - serverTicks - loadTicks);
  return { ...result, ticks: { server: serverTicks, load: loadTicks, other: otherTicks } };
}

function cpuFigures(ticks, seconds, requests) {
  const percent = (value) => (100 * value) / CLK_TCK / seconds;
  return {
    serverSeconds: ticks.server / CLK_TCK,
    serverPercentOfOneCore: percent(ticks.server),
    serverMicrosecondsPerRequest: requests > 0 ? ((ticks.server / CLK_TCK) * 1e6) / requests : null,
    loadGeneratorPercentOfOneCore: percent(ticks.load),
    otherProcessesPercentOfOneCore: percent(ticks.other),
  };
}

/** The slices of one side of a scenario as one measurement: sums of counts and times, rate = completed ÷ seconds. */
function combineSlices(warmup, slices, expectedStatus) {
  const sum = (pick) => slices.reduce((total, slice) => total + pick(slice), 0);
  const durationS = sum((slice) => slice.durationS);
  const totalCompleted = sum((slice) => slice.totalCompleted);
  const rates = slices.map((slice) => slice.totalCompleted / slice.durationS);
  const mean = rates.reduce((total, rate) => total + rate, 0) / rates.length;
  const statusCodes = {};
  for (const slice of slices) for (const [code, count] of Object.entries(slice.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + count;
  const ticks = { server: sum((slice) => slice.ticks.server), load: sum((slice) => slice.ticks.load), other: sum((slice) => slice.ticks.other) };
  const combined = {
    durationS,
    slices: slices.length,
    requestsPerSecond: {
      average: totalCompleted / durationS,
      stddevBetweenSlices: Math.sqrt(rates.reduce((total, rate) => total + (rate - mean) ** 2, 0) / rates.length),
      minSlice: Math.min(...rates),
      maxSlice: Math.max(...rates),
    },
    totalCompleted,
    totalSent: sum((slice) => slice.totalSent),
    latencyMs: {
      p50: Math.max(...slices.map((slice) => slice.latencyMs.p50)),
      p99: Math.max(...slices.map((slice) => slice.latencyMs.p99)),
      max: Math.max(...slices.map((slice) => slice.latencyMs.max)),
    },
    errors: sum((slice) => slice.errors),
    timeouts: sum((slice) => slice.timeouts),
    non2xx: sum((slice) => slice.non2xx),
    mismatches: sum((slice) => slice.mismatches),
    statusCodes,
    cpu: cpuFigures(ticks, durationS, totalCompleted),
    warmup: { durationS: warmup.durationS, totalCompleted: warmup.totalCompleted, errors: warmup.errors, non2xx: warmup.non2xx, statusCodes: warmup.statusCodes },
    sliceRates: rates.map(Math.round),
  };
  combined.problems = [...runProblems(warmup, expectedStatus, 'warm-up'), ...runProblems(combined, expectedStatus, 'measured slices')];
  return combined;
}

/**
 * One request against several servers, interleaved: a warm-up of each, then the measured time of
 * each cut into slices of SLICE_S seconds, taken in turn (a, b, c, then c, b, a, then a, b, c, ...)
 * so that whatever the machine does meanwhile (this is a VM whose speed drifts by several % from
 * one second to the next) falls on all of them alike. One load-generator process serves them all.
 * `members` maps a name to { server, status }; resolves to the same names mapped to measurements.
 */
async function measureInterleaved(scenario, members) {
  const load = await LoadGenerator.start();
  try {
    const keys = Object.keys(members);
    const warmups = {};
    const slices = Object.fromEntries(keys.map((key) => [key, []]));
    for (const key of keys) warmups[key] = await runScenario(load, members[key].server, scenario, WARMUP_S);
    const count = Math.max(1, Math.round(DURATION_S / SLICE_S));
    for (let index = 0; index < count; index++) {
      for (const key of index % 2 === 0 ? keys : [...keys].reverse()) {
        slices[key].push(await measuredSlice(load, members[key].server, scenario, SLICE_S));
      }
    }
    const results = Object.fromEntries(keys.map((key) => [key, combineSlices(warmups[key], slices[key], members[key].status)]));
    process.stdout.write(` ${keys.map((key) => `${key} ${fmtInt(results[key].requestsPerSecond.average)} req/s`).join(', ')}\n`);
    return results;
  } finally {
    await load.close();
  }
}

async function startOurs(seed, extraArgs = []) {
  const name = `our server --seed ${seed}${extraArgs.length ? ` ${extraArgs.join(' ')}` : ''}`;
  const profDir = join(OUT_DIR, 'cpu-prof');
  const nodeArgs = CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', profDir, '--cpu-prof-name', `ours-seed${seed}.cpuprofile`] : [];
  const started = await startAndWaitForLine({
    name,
    nodeArgs,
    args: [BIN, '--port', '0', '--host', '127.0.0.1', '--log', 'off', '--seed', String(seed), ...extraArgs],
    // Keys from the developer's environment would replace the development key the benchmark sends.
    env: { ...process.env, PETSTORE_MOCK_API_KEYS: '' },
    pattern: /petstore-mock listening on (http:\/\/127\.0\.0\.1:(\d+))\/v1\n[\s\S]*?Animals\s+(\d+) in the store/,
    timeoutMs: 60_000,
  });
  const animals = Number(started.match[3]);
  if (animals !== seed) throw new Error(`${name}: the banner says ${animals} animals, expected ${seed}`);
  return { name, child: started.child, pid: started.child.pid, origin: started.match[1], startMs: started.startMs, seed };
}

async function startBare() {
  const started = await startAndWaitForLine({
    name: 'bare server',
    nodeArgs: CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', join(OUT_DIR, 'cpu-prof'), '--cpu-prof-name', 'bare.cpuprofile'] : [],
    args: [BARE, '--port', '0'],
    pattern: /bare-server listening on (http:\/\/127\.0\.0\.1:\d+)\n/,
    timeoutMs: 15_000,
  });
  return { name: 'bare server', child: started.child, pid: started.child.pid, origin: started.match[1], startMs: started.startMs };
}

// ---------------------------------------------------------------------------- output

const fmtInt = (value) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '—');
const fmtRatio = (value) => (Number.isFinite(value) ? value.toFixed(2) : '—');
const fmtMiB = (bytes) => (Number.isFinite(bytes) ? `${(bytes / MiB).toFixed(1)} MiB` : '—');

function table(rows, headers, alignRight) {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => String(row[column]).length)));
  const line = (cells) => cells.map((cell, column) => (alignRight[column] ? String(cell).padStart(widths[column]) : String(cell).padEnd(widths[column]))).join('  ');
  return [line(headers), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

/** Which code was measured: the commit, and whether the mock server's sources differ from it. */
function source() {
  const git = (...args) => {
    try {
      return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      return undefined;
    }
  };
  const changed = git('status', '--porcelain', '--', 'packages/mock-server', 'packages/sdk');
  return { commit: git('rev-parse', 'HEAD'), uncommittedChangesInServer: changed === undefined ? undefined : changed.split('\n').filter(Boolean).length };
}

/** Newest modification time of the files under `dir` (recursively), in ms; 0 if none. */
function newestMtime(dir, skip = () => false) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || skip(entry.name)) continue;
    newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function machine() {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryBytes: os.totalmem(),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    loadAverageAtStart: os.loadavg(),
  };
}

// ---------------------------------------------------------------------------- main

/** The scratch folder of the --data server's file, removed when the servers are stopped. */
let dataDir;

async function main() {
  installExitHandlers();
  const watchdog = setTimeout(() => {
    process.stderr.write(`\nbench/server.mjs: still running after ${WATCHDOG_MS / 1000} s; killing everything\n`);
    killAllChildren();
    process.exit(1);
  }, WATCHDOG_MS);
  watchdog.unref();

  if (!existsSync(BIN)) {
    process.stderr.write(`bench/server.mjs: ${BIN} is missing; run pnpm build first\n`);
    return 2;
  }
  const serverPackage = join(ROOT, 'packages/mock-server');
  if (newestMtime(join(serverPackage, 'src'), (name) => name.endsWith('.test.ts')) > newestMtime(join(serverPackage, 'dist'))) {
    process.stdout.write('WARNING: packages/mock-server/src is newer than its dist: run pnpm build first, or this measures the previous build\n');
  }
  mkdirSync(OUT_DIR, { recursive: true });
  if (CPU_PROF) rmSync(join(OUT_DIR, 'cpu-prof'), { recursive: true, force: true });

  const startedAt = new Date();
  const summary = {
    benchmark: 'server',
    command: `node bench/server.mjs${process.argv.slice(2).length ? ` ${process.argv.slice(2).join(' ')}` : ''}`,
    date: startedAt.toISOString(),
    machine: machine(),
    source: source(),
    settings: {
      connections: CONNECTIONS,
      pipelining: 1,
      primeSeconds: PRIME_S,
      warmupSeconds: WARMUP_S,
      durationSeconds: DURATION_S,
      maxOverallRequestsPerSlice: Math.max(CONNECTIONS, MAX_REQUESTS_PER_SECOND * SLICE_S),
      sliceSeconds: SLICE_S,
      order:
        'pre-flight check of every request; priming of each server with list, get and create mixed; then per request (list: ours 1k, ours 1M and bare together; get; create): a warm-up of each server, then the measured time in slices taken in turn a, b, c, c, b, a, a, ...; one autocannon process per priming and per request',
      cpuProfiling: CPU_PROF,
    },
    servers: {},
    scenarios: [],
    scale: undefined,
    memory: undefined,
    failures: [],
    aborted: undefined,
  };

  const servers = {};
  const results = new Map();
  try {
    process.stdout.write(`bench:server — ${CONNECTIONS} connections, ${PRIME_S} s priming per server, ${WARMUP_S} s warm-up + ${DURATION_S} s measured (in ${SLICE_S} s slices, interleaved) per server and scenario, ${os.cpus().length} cores${CPU_PROF ? ', CPU PROFILING (figures not representative)' : ''}\n`);
    // How busy the machine is before we start: anything above a few % is someone else's work.
    const idleCheckStart = readMachineBusyTicks();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    summary.machine.busyBeforeStartPercentOfOneCore = (100 * (readMachineBusyTicks() - idleCheckStart)) / CLK_TCK;
    if (summary.machine.busyBeforeStartPercentOfOneCore > DISTURBED_PERCENT) {
      process.stdout.write(`WARNING: the machine is busy before the benchmark starts (${Math.round(summary.machine.busyBeforeStartPercentOfOneCore)}% of a core used by other processes); figures will be unreliable\n`);
    }
    servers.bare = await startBare();
    servers.ours1k = await startOurs(1_000);
    servers.ours1m = await startOurs(1_000_000);
    // A data file of its own, in a scratch folder removed at the end.
    dataDir = mkdtempSync(join(tmpdir(), 'petstore-bench-data-'));
    servers.oursData = await startOurs(1_000, ['--data', join(dataDir, 'pets.data')]);
    servers.oursNoJournal = await startOurs(1_000, ['--journal-size', '0']);
    const afterSeed = readMemory(servers.ours1m.pid);
    process.stdout.write(
      `servers: bare ${servers.bare.origin} (pid ${servers.bare.pid}); ours --seed 1000 ${servers.ours1k.origin} (pid ${servers.ours1k.pid}, ready in ${Math.round(servers.ours1k.startMs)} ms); ` +
        `ours --seed 1000000 ${servers.ours1m.origin} (pid ${servers.ours1m.pid}, ready in ${Math.round(servers.ours1m.startMs)} ms, RSS ${fmtMiB(afterSeed.rss)})\n`,
    );
    for (const [key, server] of Object.entries(servers)) {
      summary.servers[key] = { origin: server.origin, pid: server.pid, readyMs: Math.round(server.startMs), seed: server.seed, rssAtStartBytes: readMemory(server.pid).rss };
    }
    summary.memory = { seed: 1_000_000, afterSeed };

    // Every request checked once before any load; then each server primed with its scenarios.
    for (const scenario of SCENARIOS) {
      await preflight(servers[scenario.server].origin, scenario, scenario.status, 'ours');
      await preflight(servers.bare.origin, scenario, 200, 'bare');
    }
    // Both of our servers get the same mix (list, get, create), so that they have the same history
    // when their lists are compared: a process that has only ever served one route compiles it
    // more narrowly than one that has served several. The creates add a few tens of thousands of
    // animals at the end of each store, which no measured request reads.
    summary.priming = {};
    const mix = SCENARIOS.filter((scenario) => scenario.server === 'ours1k');
    for (const key of ['ours1k', 'ours1m', 'oursData', 'oursNoJournal', 'bare']) {
      process.stdout.write(`  priming ${servers[key].name} for ${PRIME_S} s (${mix.map((scenario) => scenario.id).join(', ')} mixed)\n`);
      summary.priming[key] = await prime(servers[key], mix, key === 'bare' ? [200] : mix.map((scenario) => scenario.status));
    }

    // Scenarios with the same request are measured together: the list against our 1,000-animal
    // server, our 1,000,000-animal server and the bare server, interleaved, so that the two list
    // ratios share their baseline and the scale check compares like with like.
    const groups = [];
    for (const scenario of SCENARIOS) {
      const group = groups.find((candidate) => candidate[0].method === scenario.method && candidate[0].path === scenario.path && candidate[0].body === scenario.body);
      if (group) group.push(scenario);
      else groups.push([scenario]);
    }
    for (const group of groups) {
      for (const scenario of group) await preflight(servers[scenario.server].origin, scenario, scenario.status, 'ours');
      await preflight(servers.bare.origin, group[0], 200, 'bare');
      const members = Object.fromEntries(group.map((scenario) => [scenario.server, { server: servers[scenario.server], status: scenario.status }]));
      members.bare = { server: servers.bare, status: 200 };
      process.stdout.write(`  ${group[0].label}${group.length > 1 ? ` (${group.map((scenario) => scenario.server).join(', ')})` : ''}:`);
      const measured = await measureInterleaved(group[0], members);
      for (const scenario of group) results.set(scenario.id, { ours: measured[scenario.server], bare: measured.bare });
      if (group.some((scenario) => scenario.server === 'ours1m')) {
        summary.memory.afterLoad = readMemory(servers.ours1m.pid);
        // The seed plus what priming created: the store the second reading was taken with.
        summary.memory.animalsAfterLoad = 1_000_000 + (summary.priming.ours1m.statusCodes['201'] ?? 0);
      }
    }
  } catch (error) {
    summary.aborted = error instanceof Error ? error.message : String(error);
    process.stdout.write(`\nABORTED: ${summary.aborted}\n`);
  } finally {
    // SIGTERM first: our bin then closes and exits normally, which is also when --cpu-prof writes its profile.
    await Promise.all(Object.values(servers).map((server) => stopChild(server.child, 6_000)));
    killAllChildren();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }

  // ---- verdicts
  const rows = [];
  const ratioOf = (id) => {
    const pair = results.get(id);
    return pair ? pair.ours.requestsPerSecond.average / pair.bare.requestsPerSecond.average : Number.NaN;
  };
  for (const scenario of SCENARIOS) {
    const pair = results.get(scenario.id);
    const ratio = ratioOf(scenario.id);
    const problems = pair ? [...pair.ours.problems.map((p) => `ours ${p}`), ...pair.bare.problems.map((p) => `bare ${p}`)] : ['not measured'];
    let pass;
    let targetText;
    if (scenario.target !== undefined) {
      targetText = `≥ ${scenario.target.toFixed(2)}`;
      pass = problems.length === 0 && ratio >= scenario.target;
    } else {
      targetText = scenario.id === 'list1m' ? 'see scale' : 'reported';
      pass = problems.length === 0;
    }
    const entry = {
      id: scenario.id,
      request: `${scenario.method} ${scenario.path}${scenario.body ? ` ${scenario.body}` : ''}`,
      seed: servers[scenario.server]?.seed,
      target: scenario.target ?? null,
      ratio: Number.isFinite(ratio) ? ratio : null,
      pass,
      problems,
      ours: pair?.ours ?? null,
      bare: pair?.bare ?? null,
    };
    summary.scenarios.push(entry);
    if (!pass) summary.failures.push(`${scenario.id}: ${problems.length > 0 ? problems.join('; ') : `ratio ${fmtRatio(ratio)} < target ${scenario.target}`}`);
    rows.push([
      scenario.label,
      fmtInt(pair?.ours.requestsPerSecond.average),
      fmtInt(pair?.bare.requestsPerSecond.average),
      fmtRatio(ratio),
      targetText,
      pass ? 'PASS' : 'FAIL',
    ]);
  }

  // The cost of durability, as create throughput with --data over without, both from the same run.
  const createData = results.get('createData');
  const createMemory = results.get('create');
  if (createData && createMemory) {
    summary.durability = {
      createPerSecondMemory: createMemory.ours.requestsPerSecond.average,
      createPerSecondData: createData.ours.requestsPerSecond.average,
      ratio: createData.ours.requestsPerSecond.average / createMemory.ours.requestsPerSecond.average,
    };
  }

  const scaleRatio = ratioOf('list1m') / ratioOf('list');
  const listRunsClean = ['list', 'list1m'].every((id) => summary.scenarios.find((entry) => entry.id === id)?.problems.length === 0);
  const scalePass = listRunsClean && Number.isFinite(scaleRatio) && Math.abs(scaleRatio - 1) <= SCALE_TOLERANCE;
  summary.scale = {
    listRatioSeed1000: ratioOf('list'),
    listRatioSeed1000000: ratioOf('list1m'),
    quotient: Number.isFinite(scaleRatio) ? scaleRatio : null,
    tolerance: SCALE_TOLERANCE,
    pass: scalePass,
    invalidRuns: !listRunsClean,
  };
  if (!scalePass) {
    summary.failures.push(
      listRunsClean
        ? `scale: list ratio with 1,000,000 animals ÷ with 1,000 = ${fmtRatio(scaleRatio)}, outside 1 ± ${SCALE_TOLERANCE}`
        : 'scale: not judged, a list run is invalid (see above)',
    );
  }
  rows.push(['scale   list ratio 1,000,000 ÷ 1,000 animals', '', '', fmtRatio(scaleRatio), `${(1 - SCALE_TOLERANCE).toFixed(2)}–${(1 + SCALE_TOLERANCE).toFixed(2)}`, scalePass ? 'PASS' : 'FAIL']);
  if (summary.durability) {
    rows.push(['durability  create with --data ÷ without (ours)', fmtInt(summary.durability.createPerSecondData), fmtInt(summary.durability.createPerSecondMemory), fmtRatio(summary.durability.ratio), 'reported', '']);
  }
  // The journal's cost: throughput with it on (the default) over throughput with it off.
  summary.journal = {};
  for (const [on, off] of [['list', 'listNoJournal'], ['create', 'createNoJournal']]) {
    const withJournal = results.get(on)?.ours.requestsPerSecond.average;
    const without = results.get(off)?.ours.requestsPerSecond.average;
    if (withJournal === undefined || without === undefined) continue;
    summary.journal[on] = { withJournal, without, ratio: withJournal / without };
    rows.push([`journal ${on} with recording ÷ without (ours)`, fmtInt(withJournal), fmtInt(without), fmtRatio(withJournal / without), 'reported', '']);
  }

  const memory = summary.memory ?? {};
  const rssReadings = [memory.afterSeed?.rss, memory.afterLoad?.rss].filter(Number.isFinite);
  const rssWorst = rssReadings.length > 0 ? Math.max(...rssReadings) : Number.NaN;
  // Judged on both readings; without the one after the load (an aborted run) it cannot pass.
  const rssPass = memory.afterLoad !== undefined && rssWorst <= RSS_TARGET_BYTES;
  summary.memory = { ...memory, targetBytes: RSS_TARGET_BYTES, pass: rssPass };
  if (!rssPass) {
    summary.failures.push(
      memory.afterLoad === undefined
        ? 'memory: not judged, the run did not reach the end of the load'
        : `memory: RSS with 1,000,000 animals ${fmtMiB(rssWorst)} > ${fmtMiB(RSS_TARGET_BYTES)}`,
    );
  }
  rows.push([
    'memory  RSS, 1,000,000 animals: after seeding / after load',
    fmtMiB(memory.afterSeed?.rss),
    fmtMiB(memory.afterLoad?.rss),
    '',
    '≤ 300 MiB',
    rssPass ? 'PASS' : 'FAIL',
  ]);

  process.stdout.write(`\n${table(rows, ['scenario', 'ours req/s', 'bare req/s', 'ratio', 'target', 'result'], [false, true, true, true, false, false])}\n`);

  // Details: latency, and CPU time per process over the measured run. "server µs/req" is the
  // server's CPU time per request: how much of a core each request costs, whatever the client does.
  // "other" is CPU that neither the server nor the load generator used: other processes on the machine.
  const detailRows = [];
  const disturbed = [];
  const shown = new Set();
  for (const entry of summary.scenarios) {
    for (const side of ['ours', 'bare']) {
      const run = entry[side];
      if (!run || shown.has(run)) continue; // the list scenarios share one bare run
      shown.add(run);
      const percent = (value) => `${Math.round(value)}%`;
      if (run.cpu.otherProcessesPercentOfOneCore > DISTURBED_PERCENT) disturbed.push(`${entry.id}/${side} (${percent(run.cpu.otherProcessesPercentOfOneCore)})`);
      detailRows.push([
        `${entry.id}/${side}`,
        fmtInt(run.requestsPerSecond.average),
        `±${fmtInt(run.requestsPerSecond.stddevBetweenSlices)}`,
        run.latencyMs.p50,
        run.latencyMs.p99,
        percent(run.cpu.serverPercentOfOneCore),
        run.cpu.serverMicrosecondsPerRequest === null ? '—' : run.cpu.serverMicrosecondsPerRequest.toFixed(1),
        percent(run.cpu.loadGeneratorPercentOfOneCore),
        percent(run.cpu.otherProcessesPercentOfOneCore),
        Object.entries(run.statusCodes).map(([code, count]) => `${code}×${count}`).join(' '),
        run.errors + run.timeouts,
      ]);
    }
  }
  process.stdout.write(
    `\n${table(
      detailRows,
      ['run', 'req/s', 'sd/slice', 'p50 ms', 'p99 ms', 'server CPU', 'server µs/req', 'autocannon CPU', 'other CPU', 'statuses', 'errors'],
      [false, true, true, true, true, true, true, true, true, false, true],
    )}\n(CPU as % of one core over the measured run; "other" = processes other than this server and autocannon)\n`,
  );
  summary.disturbedRuns = disturbed;
  if (disturbed.length > 0) {
    process.stdout.write(
      `WARNING: other processes used more than ${DISTURBED_PERCENT}% of a core during ${disturbed.join(', ')}: the machine was not quiet, so those figures are unreliable; run again on an idle machine.\n`,
    );
  }
  if (memory.afterLoad) {
    process.stdout.write(
      `1,000,000-animal server: peak RSS (VmHWM) ${fmtMiB(memory.afterLoad.hwm)}; ${fmtInt(memory.animalsAfterLoad)} animals in its store at the second reading (priming creates some)\n`,
    );
  }

  if (CPU_PROF) {
    const profDir = join(OUT_DIR, 'cpu-prof');
    summary.cpuProfiles = [];
    for (const file of existsSync(profDir) ? readdirSync(profDir).filter((name) => name.endsWith('.cpuprofile')) : []) {
      const profile = topSelfTime(join(profDir, file), 15);
      summary.cpuProfiles.push(profile);
      process.stdout.write(`\nTop self time in ${join('.bench/cpu-prof', file)} (busy ${profile.busyMs} ms, idle ${profile.idleMs} ms; the whole life of the process: start-up, seeding, priming and every scenario):\n`);
      process.stdout.write(
        `${table(
          profile.top.map((entry) => [`${(entry.share * 100).toFixed(1)}%`, `${entry.selfMs} ms`, entry.name, entry.where]),
          ['share', 'self', 'function', 'where'],
          [true, true, false, false],
        )}\n`,
      );
    }
    process.stdout.write('\nCPU profiling was on: the req/s figures above are not representative.\n');
  }

  const outFile = join(OUT_DIR, CPU_PROF ? 'server-cpu-prof.json' : 'server.json');
  summary.finishedAt = new Date().toISOString();
  summary.pass = summary.failures.length === 0 && summary.aborted === undefined;
  writeFileSync(outFile, `${JSON.stringify(summary, null, 2)}\n`);
  process.stdout.write(`\nSummary written to ${outFile.slice(ROOT.length)}\n`);
  if (summary.pass) {
    process.stdout.write('All targets met.\n');
    return 0;
  }
  process.stdout.write(`MISSED:\n${summary.failures.map((failure) => `  - ${failure}`).join('\n')}${summary.aborted ? `\n  - aborted: ${summary.aborted}` : ''}\n`);
  return 1;
}

main().then(
  (code) => {
    killAllChildren();
    process.exit(code);
  },
  (error) => {
    process.stderr.write(`bench/server.mjs: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    killAllChildren();
    process.exit(1);
  },
);
