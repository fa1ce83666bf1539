#!/usr/bin/env node
// pnpm bench:server — our mock server against a bare node:http server and against Prism 5 serving
// the same OpenAPI document, in one run. See docs/benchmarks.md.
//
// Servers, each a child on 127.0.0.1 with an OS-picked port: ours with 1,000 animals; ours with
// 1,000,000 (scale, RSS); ours with --data FILE (durability); ours with --journal-size 0 (the
// journal's cost); Prism; the bare server (lib/bare-server.mjs), and the same with a handler that
// keeps the CPU busy for --busy-us per request (the yardstick row: what a ratio leaves room for). Load: autocannon in a child of its
// own (lib/load.mjs). Every request is checked once before any load, every server is primed, then
// per request the servers take turns in slices (a, b, c, c, b, a, …) so that the machine's drift
// falls on all alike. Prints the results, writes .bench/server.json, exits 1 on a miss.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { installExitHandlers, MOCK_BIN, startMock, startNode, stopChild } from './lib/children.mjs';
import { parseFlags } from './lib/flags.mjs';
import { startLoad } from './lib/load.mjs';
import { machine, memoryOf, otherCpuNote, watchOtherCpu } from './lib/machine.mjs';
import { startPrism } from './lib/prism.mjs';
import { cpuProfDir, fmtInt, gitCommit, requireBuilt, ROOT, table, writeSummary } from './lib/report.mjs';

const SCRIPT = 'bench/server.mjs';
const flags = parseFlags(
  SCRIPT,
  {
    duration: { default: 5, min: 1, max: 60 },
    slice: { default: 1, min: 1, max: 60 },
    warmup: { default: 2, min: 1, max: 30 },
    prime: { default: 5, min: 1, max: 60 },
    connections: { default: 50, min: 1, max: 1000 },
    'prism-log': { default: 'info' },
    'busy-us': { default: 8, min: 0, max: 1000 },
    'cpu-prof': { type: 'boolean' },
  },
  `Usage: node ${SCRIPT} [options]   (pnpm bench:server)

  --duration S       measured seconds per server and request (default 5)
  --slice S          taken in turns of S seconds (default 1); --slice = --duration: one after the other
  --warmup S         unmeasured seconds per server before each request's turns (default 2)
  --prime S          seconds of all requests mixed on each new server first (default 5)
  --connections N    concurrent connections (default 50)
  --prism-log LEVEL  Prism's --verboseLevel (default info, its own default: a line per request,
                     as ours logs one by default; it is compared with ours so logging)
  --busy-us N        the yardstick row: bare with N µs of CPU work per request ÷ bare (default 8)
  --cpu-prof         run ours and bare under node --cpu-prof (figures then not representative)
  -h, --help         show this help`,
);
const { duration: DURATION_S, warmup: WARMUP_S, prime: PRIME_S, connections: CONNECTIONS } = flags;
const SLICE_S = Math.min(flags.slice, DURATION_S);
const TARGETS = { bare: 0.65, prism: 10, scale: 0.1, rssMiB: 300 };
const MiB = 1024 * 1024;

// The development key, which our server accepts when given none; Prism wants a bearer token too.
const AUTH = { authorization: 'Bearer dev-petstore-key42' };
const isPet = (body) => typeof body?.id === 'number' && typeof body.name === 'string';
const isList = (body) => Array.isArray(body) && body.length > 0 && body.every(isPet);
const isTwenty = (body) => isList(body) && body.length === 20;
// Each request, what must come back before it is measured, and who is measured with it, in turn.
// Prism answers with the documented examples whatever the query, so of its answers the status and
// the shape are checked; the bare server answers 200 and the same 20 animals to everything.
const REQUESTS = [
  { id: 'list', method: 'GET', path: '/pets?limit=20&status=available', status: 200, servers: ['ours', 'ours1m', 'oursNoJournal', 'oursLogged', 'prism', 'bare', 'bareBusy'] },
  { id: 'get', method: 'GET', path: '/pets/1', status: 200, servers: ['ours', 'oursLogged', 'prism', 'bare'] },
  // Last: every create adds an animal (at the end of the store, where no list above reads).
  { id: 'create', method: 'POST', path: '/pets', body: JSON.stringify({ name: 'Rex', categoryId: 1 }), status: 201, servers: ['ours', 'oursData', 'oursNoJournal', 'oursLogged', 'prism', 'bare', 'bareBusy'] },
];
const CHECKS = {
  ours: {
    list: (body) => isTwenty(body) && body.every((pet) => pet.status === 'available'),
    get: (body) => isPet(body) && body.id === 1,
    create: (body) => isPet(body) && body.name === 'Rex' && body.categoryId === 1,
  },
  prism: { list: isList, get: isPet, create: isPet },
  bare: { list: isTwenty, get: isTwenty, create: isTwenty },
};
const headersOf = (request) => (request.body ? { ...AUTH, 'content-type': 'application/json' } : AUTH);
const statusOf = (server, request) => (server.kind === 'bare' ? 200 : request.status);

/** Sends `request` once to `server` and fails unless the answer is right: a benchmark of 401s is worthless. */
async function preflight(server, request) {
  const url = server.origin + server.prefix + request.path;
  const response = await fetch(url, { method: request.method, headers: headersOf(request), body: request.body, signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the check below fails
  }
  if (response.status !== statusOf(server, request) || !CHECKS[server.kind][request.id](body)) {
    throw new Error(`pre-flight ${request.method} ${url} (${server.key}): status ${response.status}, body ${text.slice(0, 300)}`);
  }
}

/** One autocannon run against `server`, its connections sending `requests` in turn. */
function loadRun(load, server, requests, seconds) {
  const paths = requests.map((request) => ({ method: request.method, path: server.prefix + request.path, headers: headersOf(request), body: request.body }));
  // sampleInt: autocannon samples, and so ends a run, every 250 ms rather than every second, so that
  // a 1 s slice lasts 1 s. maxOverallRequests bounds a run besides `duration` (`amount` would replace
  // it), far above what the machine can do; timeout and bailout end a broken one.
  const options = { url: server.origin, requests: paths, connections: CONNECTIONS, duration: seconds, sampleInt: 250, maxOverallRequests: 200_000 * seconds, timeout: 5, bailout: 1_000 };
  return load.run(options, seconds * 1000 + 20_000);
}

/** What makes runs meaningless (errors, timeouts, a status other than `statuses`); empty if they are clean. */
function problems(runs, statuses) {
  const errors = runs.reduce((sum, run) => sum + run.errors + run.timeouts, 0);
  const unexpected = {};
  for (const run of runs) for (const [code, count] of Object.entries(run.statusCodes)) if (!statuses.includes(Number(code))) unexpected[code] = (unexpected[code] ?? 0) + count;
  return [
    ...(errors > 0 ? [`${errors} errors or timeouts`] : []),
    ...Object.entries(unexpected).map(([code, count]) => `${count} × status ${code}`),
    ...(runs.some((run) => run.completed === 0) ? ['a run completed no request'] : []),
  ];
}

/** `request` against each server of its line-up: a warm-up each, then the measured slices in turns. */
async function measure(load, servers, request) {
  const keys = request.servers;
  const warmups = {};
  const slices = Object.fromEntries(keys.map((key) => [key, []]));
  for (const key of keys) warmups[key] = await loadRun(load, servers[key], [request], WARMUP_S);
  for (let turn = 0; turn < Math.max(1, Math.round(DURATION_S / SLICE_S)); turn++) {
    for (const key of turn % 2 === 0 ? keys : keys.toReversed()) slices[key].push(await loadRun(load, servers[key], [request], SLICE_S));
  }
  const measured = ([key, runs]) => {
    const seconds = runs.reduce((sum, run) => sum + run.durationS, 0);
    const rps = runs.reduce((sum, run) => sum + run.completed, 0) / seconds;
    const trouble = problems([warmups[key], ...runs], [statusOf(servers[key], request)]).map((problem) => `${key}: ${problem}`);
    return [key, { rps, sliceRps: runs.map((run) => Math.round(run.completed / run.durationS)), p99Ms: Math.max(...runs.map((run) => run.p99Ms)), problems: trouble }];
  };
  return Object.fromEntries(Object.entries(slices).map(measured));
}

requireBuilt(SCRIPT, MOCK_BIN);
// Starts, priming, 15 warm-ups and 15 measured runs: about 2 minutes by default. Past 3 times that, hung.
installExitHandlers(SCRIPT, 3 * (60 + 6 * PRIME_S + 15 * (WARMUP_S + DURATION_S)) * 1000);
const profiles = flags['cpu-prof'] ? cpuProfDir('server') : undefined;
const scratch = mkdtempSync(join(tmpdir(), 'petstore-bench-server-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

const summary = { benchmark: 'bench:server', date: new Date().toISOString(), commit: gitCommit(), machine: machine(), settings: { ...flags, targets: TARGETS } };
const servers = {};
const results = {};
const memory = {};
let load;
let failure;
try {
  const ours = async (key, seed, args = []) => {
    const started = await startMock(seed, { args, nodeFlags: profiles?.flags(key) ?? [] });
    if (started.animals !== seed) throw new Error(`${key}: the banner says ${started.animals} animals, expected ${seed}`);
    servers[key] = { key, kind: 'ours', prefix: '/v1', ...started };
  };
  const bare = await startNode({
    name: 'bare server',
    args: [...(profiles?.flags('bare') ?? []), join(ROOT, 'bench/lib/bare-server.mjs')],
    pattern: /listening on (http:\/\/127\.0\.0\.1:\d+)/,
  });
  servers.bare = { key: 'bare', kind: 'bare', prefix: '/v1', origin: bare.match[1], child: bare.child };
  const bareBusy = await startNode({
    name: 'bare server, busy',
    args: [join(ROOT, 'bench/lib/bare-server.mjs'), '--busy-us', String(flags['busy-us'])],
    pattern: /listening on (http:\/\/127\.0\.0\.1:\d+)/,
  });
  servers.bareBusy = { key: 'bareBusy', kind: 'bare', prefix: '/v1', origin: bareBusy.match[1], child: bareBusy.child };
  await ours('ours', 1_000);
  await ours('ours1m', 1_000_000);
  memory.seeded = memoryOf(servers.ours1m.child.pid);
  await ours('oursData', 1_000, ['--data', join(scratch, 'pets.data')]);
  await ours('oursNoJournal', 1_000, ['--journal-size', '0']);
  // Against Prism, both as they come out of the box: a log line per request (ours writes JSON
  // lines when stdout is no terminal; the pipe is drained and dropped).
  await ours('oursLogged', 1_000, ['--log', 'json']);
  // A copy of the document: Prism reloads when its file changes, and packages/ may be rebuilt meanwhile.
  copyFileSync(join(ROOT, 'packages/sdk/openapi.json'), join(scratch, 'openapi.json'));
  const prism = await startPrism(join(scratch, 'openapi.json'), flags['prism-log']);
  servers.prism = { key: 'prism', kind: 'prism', prefix: '', ...prism };
  summary.prism = { version: prism.version, logLevel: flags['prism-log'] };
  const settings = `${CONNECTIONS} connections, ${PRIME_S} s priming, per request ${WARMUP_S} s warm-up + ${DURATION_S} s in ${SLICE_S} s turns per server`;
  process.stdout.write(`bench:server — ours vs bare node:http vs Prism ${prism.version} (-v ${flags['prism-log']}); ${settings}; ${summary.machine.cores} cores, Node ${process.version}, ${summary.commit}${profiles ? '; CPU PROFILING: figures not representative' : ''}\n`);

  for (const request of REQUESTS) for (const key of request.servers) await preflight(servers[key], request);
  load = await startLoad();
  for (const server of Object.values(servers)) {
    const trouble = problems([await loadRun(load, server, REQUESTS, PRIME_S)], server.kind === 'bare' ? [200] : [200, 201]);
    if (trouble.length > 0) throw new Error(`priming ${server.key}: ${trouble.join('; ')}`);
  }
  for (const request of REQUESTS) {
    const otherCpu = watchOtherCpu(() => [load.pid, ...Object.values(servers).map((server) => server.child.pid)]);
    results[request.id] = await measure(load, servers, request);
    const figures = Object.entries(results[request.id]).map(([key, { rps }]) => `${key} ${fmtInt(rps)}`);
    process.stdout.write(`  ${request.id} (req/s): ${figures.join(', ')}; ${otherCpuNote(otherCpu())}\n`);
  }
  memory.afterLoad = memoryOf(servers.ours1m.child.pid);
} catch (error) {
  failure = error;
} finally {
  await load?.close();
  await Promise.all(Object.values(servers).map((server) => stopChild(server.child)));
}
if (failure) {
  process.stderr.write(`\n${SCRIPT} FAILED: ${failure instanceof Error ? failure.message : String(failure)}\n`);
  process.exit(1);
}

const failures = [];
const mainRows = REQUESTS.map((request) => {
  const { ours, bare, prism, oursLogged } = results[request.id];
  const vsBare = ours.rps / bare.rps;
  const vsPrism = oursLogged.rps / prism.rps;
  const trouble = [...ours.problems, ...bare.problems, ...prism.problems, ...oursLogged.problems];
  const pass = trouble.length === 0 && vsBare >= TARGETS.bare && vsPrism >= TARGETS.prism;
  if (!pass) failures.push(`${request.id}: ${trouble.join('; ') || `ours ÷ bare ${vsBare.toFixed(2)} (≥ ${TARGETS.bare}), ours logging ÷ Prism ${vsPrism.toFixed(1)} (≥ ${TARGETS.prism})`}`);
  const label = `${request.id.padEnd(7)} ${request.method} /v1${request.path}${request.body ? ` ${request.body}` : ''}`;
  return [label, fmtInt(ours.rps), fmtInt(bare.rps), vsBare.toFixed(2), `≥ ${TARGETS.bare}`, fmtInt(oursLogged.rps), fmtInt(prism.rps), vsPrism.toFixed(1), `≥ ${TARGETS.prism}`, pass ? 'PASS' : 'FAIL'];
});

/** Row of the second table: `a` ÷ `b` with the same request; judged by `within` when given, else reported. */
function quotientRow(label, requestId, a, b, within) {
  const [x, y] = [results[requestId][a], results[requestId][b]];
  const ratio = x.rps / y.rps;
  const trouble = [...x.problems, ...y.problems];
  const pass = trouble.length === 0 && (!within || Math.abs(ratio - 1) <= within);
  if (!pass) failures.push(`${label.replace(/\s+/g, ' ')}: ${trouble.join('; ') || `${ratio.toFixed(2)}, outside 1 ± ${within}`}`);
  const result = within || !pass ? (pass ? 'PASS' : 'FAIL') : '';
  return [label, `${ratio.toFixed(2)}  (${fmtInt(x.rps)} ÷ ${fmtInt(y.rps)} req/s)`, within ? `${(1 - within).toFixed(2)}–${(1 + within).toFixed(2)}` : 'reported', result];
}
// Judged with exactly 1,000,000 animals, just after seeding; after the load the store also holds
// what priming created, and V8's young generation has grown to its full size: reported.
const rssPass = memory.seeded.rss <= TARGETS.rssMiB * MiB;
if (!rssPass) failures.push(`memory: RSS with 1,000,000 animals ${(memory.seeded.rss / MiB).toFixed(1)} MiB > ${TARGETS.rssMiB} MiB`);
const mib = (bytes) => (bytes / MiB).toFixed(1);
const checkRows = [
  quotientRow('scale       list, 1,000,000 ÷ 1,000 animals', 'list', 'ours1m', 'ours', TARGETS.scale),
  quotientRow('durability  create with --data ÷ in memory', 'create', 'oursData', 'ours'),
  quotientRow('journal     list with it ÷ --journal-size 0', 'list', 'ours', 'oursNoJournal'),
  quotientRow('journal     create with it ÷ --journal-size 0', 'create', 'ours', 'oursNoJournal'),
  quotientRow(`yardstick   list, bare + ${flags['busy-us']} µs of work ÷ bare`, 'list', 'bareBusy', 'bare'),
  quotientRow(`yardstick   create, bare + ${flags['busy-us']} µs of work ÷ bare`, 'create', 'bareBusy', 'bare'),
  ['memory      RSS, 1,000,000 animals, seeded', `${mib(memory.seeded.rss)} MiB`, `≤ ${TARGETS.rssMiB} MiB`, rssPass ? 'PASS' : 'FAIL'],
  ['memory      RSS after the load (more animals)', `${mib(memory.afterLoad.rss)} MiB (peak ${mib(memory.afterLoad.hwm)})`, 'reported', ''],
];
process.stdout.write(`\n${table(['request', 'ours req/s', 'bare req/s', '÷ bare', 'target', 'ours, logging', 'Prism req/s', '÷ Prism', 'target', 'result'], mainRows)}\n`);
process.stdout.write(`\n${table(['check (ours)', 'figure', 'target', 'result'], checkRows)}\n`);
for (const file of profiles?.list() ?? []) process.stdout.write(`CPU profile: ${file} (open it in Chrome DevTools)\n`);

Object.assign(summary, { servers: Object.fromEntries(Object.entries(servers).map(([key, { origin, startMs }]) => [key, { origin, startMs }])), results, memory, failures, pass: failures.length === 0 });
process.stdout.write(`\nwrote ${writeSummary(profiles ? 'server-cpu-prof' : 'server', summary)}\n${failures.length ? `MISSED:\n${failures.map((line) => `  - ${line}`).join('\n')}\n` : 'All targets met.\n'}`);
process.exit(failures.length ? 1 : 0);
