#!/usr/bin/env node
// pnpm bench:cli — the petstore command against plain Node, in the same run: whole child processes,
// timed from spawn() to exit, of `node -e ""`, `petstore --help` (target ≤ 2 × node), `petstore pets
// list` (≤ 1.5 × a bare script that fetches the same list and prints it as TSV; once more with a proxy
// variable that NO_PROXY bypasses, against the first), `petstore pets list --jq '.[].name'` (reported,
// no target), `petstore pets import` of 10,000 rows, 8 at a time (≤ 1.5 × a fetch loop of 8 workers
// POSTing the same rows), against the mock server, and a whole `petstore verify` run against it
// (≤ 2,000 ms); with --baseline-dir, help and list of another
// checkout as "before" rows. Each round runs every case once, starting one case later than the round
// before; every run is checked; ratios are of the medians. Writes .bench/cli.json, exits 1 on a miss.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
    only: { type: 'string' },
    'cpu-prof': { type: 'boolean' },
  },
  `Usage: node ${SCRIPT} [options]   (pnpm bench:cli)

  --runs N            measured runs of each case, interleaved with the others (default 30)
  --warmup N          unmeasured runs of each case first, interleaved too (default 5)
  --only IDS          only these cases, comma-separated (help, list, import, verify), node and their bases
  --baseline-dir DIR  "before" rows: help and list of DIR/packages/cli/dist/bin.js (another built checkout)
  --cpu-prof          afterwards, each case but node once more under node --cpu-prof, into .bench/cpu-prof/cli/
  -h, --help          show this help`,
);
const { runs: RUNS, warmup: WARMUP } = flags;
const ONLY = flags.only?.split(',');
const CLI = join(ROOT, 'packages/cli/dist/bin.js');
const BASELINE_DIR = flags['baseline-dir'] && resolve(flags['baseline-dir']);
const BASELINE_CLI = BASELINE_DIR && join(BASELINE_DIR, 'packages/cli/dist/bin.js');
// Each target is a ratio of medians: to `node -e ""`, or to the case BASES names; LIMITS_MS, a median's wall time.
const [TARGETS, BASES, LIMITS_MS] = [
  { help: 2, list: 1.5, import: 1.5 },
  { list: 'fetchList', 'before-list': 'fetchList', jq: 'list', import: 'fetch', 'list-no-proxy': 'list' },
  { verify: 2_000 },
];
const [SEED, ROWS, KEY] = [12, 10_000, 'dev-petstore-key42'];

requireBuilt(SCRIPT, CLI, MOCK_BIN, ...(BASELINE_CLI ? [BASELINE_CLI] : []));
// A round takes about 5 s here (the imports); the whole benchmark is bounded at 20 s per round.
installExitHandlers(SCRIPT, 60_000 + (RUNS + WARMUP + 1) * 20_000);
// The baseline of the import: the same rows POSTed by 8 workers with fetch, each new id read.
const FETCH_LOOP = `const [, url, file] = process.argv, rows = (await import('node:fs')).readFileSync(file, 'utf8').split('\\n').filter(Boolean);
let next = 0, added = 0; const headers = { authorization: 'Bearer ${KEY}', 'content-type': 'application/json' };
await Promise.all(Array.from({ length: 8 }, async () => { while (next < rows.length) if ((await (await fetch(url + '/pets', { method: 'POST', headers, body: rows[next++] })).json()).id) added++; })); console.log(added);`;

// The floor of any fetch-based CLI: the same GET, each animal printed as the CLI's TSV row.
const FETCH_LIST = `const [, url] = process.argv, pets = await (await fetch(url + '/pets', { headers: { authorization: 'Bearer ${KEY}' } })).json();
process.stdout.write(pets.map((pet) => [pet.id, pet.name, pet.categoryId, pet.status].join('\\t') + '\\n').join(''));`;

const SEEDED_IDS = Array.from({ length: SEED }, (_, index) => index + 1).join(',');
const checks = {
  node: (stdout) => stdout === '',
  help: (stdout) => stdout.startsWith('Usage: petstore'),
  // The seeded animals, ids 1 to 12 in order, one TSV row each (stdout is not a terminal).
  list: (stdout) => stdout.trimEnd().split('\n').map((line) => /^(\d+)\t[^\t]+\t\d+\t(available|pending|sold)$/.exec(line)?.[1]).join(',') === SEEDED_IDS,
  // One name a line, raw, as many as the seeded animals.
  jq: (stdout) => stdout.trimEnd().split('\n').filter((line) => /^[^"{[\t]+$/.test(line)).length === SEED,
  // Every row added, one TSV report line each; the fetch loop prints how many ids it got.
  import: (stdout) => stdout.match(/^\d+\tadded\t\d+\t/gm)?.length === ROWS,
  fetch: (stdout) => stdout === `${ROWS}\n`,
  // Exit code 0 (runNode rejects any other), and every case run and passed, without a note.
  verify: (stdout) => {
    const { summary, stopped } = JSON.parse(stdout);
    return !stopped && summary.pass > 0 && summary.fail + summary.note + summary.skip === 0;
  },
};

function cases(server, rows) {
  // Each import starts from the seeded store and leaves it so (the list case counts on it).
  const after = () => fetch(`${server.origin}/__admin/reset`, { method: 'POST', headers: { authorization: `Bearer ${KEY}` } }).then(({ status }) => status === 204 || Promise.reject(new Error(`reset: ${status}`)));
  const petstore = (cli, before) => [
    { id: `${before}help`, check: checks.help, title: `${before ? 'before: ' : ''}petstore --help`, args: [cli, '--help'] },
    { id: `${before}list`, check: checks.list, title: `${before ? 'before: ' : ''}petstore pets list`, args: [cli, 'pets', 'list', '--base-url', server.baseUrl] },
  ];
  const lists = [
    { id: 'fetchList', check: checks.list, title: 'fetch script: GET /pets, print TSV', args: ['--input-type=module', '-e', FETCH_LIST, server.baseUrl] },
    { id: 'jq', check: checks.jq, title: "petstore pets list --jq '.[].name'", args: [CLI, 'pets', 'list', '--base-url', server.baseUrl, '--jq', '.[].name'] },
  ];
  // A proxy variable set, and NO_PROXY bypassing it for the mock: what reading them costs (the proxy
  // code loads, undici does not). Without one, `pets list` above loads none of it (test/proxy.test.ts).
  const bypassed = { HTTP_PROXY: 'http://127.0.0.1:9', NO_PROXY: '127.0.0.1' };
  const proxyCase = { id: 'list-no-proxy', check: checks.list, title: 'petstore pets list (HTTP_PROXY set, NO_PROXY matches)', env: bypassed, args: [CLI, 'pets', 'list', '--base-url', server.baseUrl] };
  const imports = [
    { id: 'import', check: checks.import, after, title: `petstore pets import (${ROWS / 1000}k rows)`, args: [CLI, 'pets', 'import', rows, '--concurrency', '8', '--base-url', server.baseUrl] },
    { id: 'fetch', check: checks.fetch, after, title: `fetch loop (${ROWS / 1000}k rows)`, args: ['--input-type=module', '-e', FETCH_LOOP, server.baseUrl, rows] },
  ];
  // The whole run, its creates included (the loopback allows writes); the store is reset after it too.
  const verify = { id: 'verify', check: checks.verify, after, title: 'petstore verify (whole run)', args: [CLI, 'verify', '--base-url', server.baseUrl, '--json'] };
  return [{ id: 'node', check: checks.node, title: 'node -e ""', args: ['-e', ''] }, ...petstore(CLI, ''), ...lists, proxyCase, ...imports, verify, ...(BASELINE_CLI ? petstore(BASELINE_CLI, 'before-') : [])];
}

/**
 * The children's environment: nothing from the developer's petstore set-up or Node options; the
 * development key (the mock profile sends its own only to port 4010), an empty PETSTORE_CONFIG_DIR and
 * a TMPDIR of this run, where the CLI's compile cache starts empty and the warm-up rounds fill it.
 */
function childEnv(work) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(PETSTORE_|NODE_OPTIONS$|NODE_.*COMPILE_CACHE$|FORCE_COLOR$|(https?|no|all)_proxy$)/i.test(name)));
  Object.assign(env, { PETSTORE_API_KEY: KEY, PETSTORE_CONFIG_DIR: join(work, 'config'), TMPDIR: join(work, 'tmp') });
  for (const dir of [env.PETSTORE_CONFIG_DIR, env.TMPDIR]) mkdirSync(dir);
  return env;
}

async function checkedRun(testCase, env, nodeFlags = []) {
  const run = await runNode([...nodeFlags, ...testCase.args], { env: { ...env, ...testCase.env }, cwd: ROOT, timeoutMs: 30_000 });
  await testCase.after?.();
  if (!testCase.check(run.stdout)) throw new Error(`${testCase.title}: unexpected output ${JSON.stringify(run.stdout.slice(0, 300))}\n--- stderr ---\n${run.stderr.slice(0, 2000)}`);
  return run.ms;
}

const summary = { benchmark: 'bench:cli', date: new Date().toISOString(), commit: gitCommit(), baseline: BASELINE_DIR && { dir: BASELINE_DIR, commit: gitCommit(BASELINE_DIR) }, machine: machine(), settings: { ...flags, targets: TARGETS, bases: BASES, limitsMs: LIMITS_MS, seed: SEED, rows: ROWS } };
const work = mkdtempSync(join(os.tmpdir(), 'petstore-bench-cli-'));
// On 'exit', so that a signal or a fatal error removes it too.
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
const samples = {};
let all, server;
try {
  const env = childEnv(work);
  server = await startMock(SEED);
  const rows = join(work, 'pets.ndjson');
  writeFileSync(rows, Array.from({ length: ROWS }, (_, index) => `${JSON.stringify({ name: `Bench ${index + 1}`, categoryId: (index % 5) + 1 })}\n`).join(''));
  // --only: those cases, node and the bases they are compared with.
  const wanted = ONLY && new Set(['node', ...ONLY, ...ONLY.map((id) => BASES[id])]);
  all = cases(server, rows).filter(({ id }) => !wanted || wanted.has(id.replace(/^before-/, '')));
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

summary.results = all.map(({ id, title }) => {
  const sorted = samples[id].toSorted((a, b) => a - b);
  const [base, target, limitMs] = [BASES[id] ?? 'node', TARGETS[id], LIMITS_MS[id]];
  const ratio = median(sorted) / median(samples[base]);
  const pass = target ? ratio <= target : limitMs ? median(sorted) <= limitMs : undefined;
  return { id, title, medianMs: median(sorted), p90Ms: sorted[Math.ceil(0.9 * sorted.length) - 1], minMs: sorted[0], base, ratio, target, limitMs, pass, samplesMs: samples[id] };
});
const ms = (value) => value.toFixed(1);
const goal = (r) => (r.target ? `≤ ${r.target}` : r.limitMs ? `≤ ${r.limitMs} ms` : '');
const rows = summary.results.map((r) => [r.title, ms(r.medianMs), ms(r.p90Ms), ms(r.minMs), `${r.ratio.toFixed(2)} × ${r.base}`, goal(r), r.pass === undefined ? '' : r.pass ? 'PASS' : 'FAIL']);
process.stdout.write(`\n${table(['ms of wall time per run', 'median', 'p90', 'min', 'ratio', 'target', 'result'], rows)}\n(${otherCpuNote(summary.otherCpuPercent)})\n`);
for (const file of summary.cpuProfiles ?? []) process.stdout.write(`CPU profile: ${file} (open it in Chrome DevTools)\n`);
summary.pass = summary.results.every((result) => result.pass !== false);
process.stdout.write(`wrote ${writeSummary('cli', summary)}\n`);
process.exit(summary.pass ? 0 : 1);
