#!/usr/bin/env node
// pnpm bench:sdk — the CPU the SDK costs per call beside what a developer would use instead, against
// the real mock server (--seed 1000), for pets.list({ limit: 100 }), pets.create and pets.get. The
// variants: fetch + JSON.parse (raw), ky alone (ky), openapi-fetch with a zod/mini parse by the
// contract's Pet (openapi-fetch), the SDK with its default validation (sdk) and with
// validateResponses: 'off' (sdk-off); with --baseline, a built SDK from elsewhere as one more. Each
// measurement is a fresh client process (lib/sdk-child.mjs) of one variant and operation reporting
// its own process.cpuUsage(); rounds alternate the order of the variants so that the machine's drift
// falls on all. Median per variant of µs of CPU per call; target sdk ÷ ky ≤ 1.2 for each operation.
// Writes .bench/sdk.json; exits 1 on a miss.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { installExitHandlers, MOCK_BIN, runNode, startMock, stopChild } from './lib/children.mjs';
import { parseFlags } from './lib/flags.mjs';
import { machine, otherCpuNote, watchOtherCpu } from './lib/machine.mjs';
import { cpuProfDir, gitCommit, median, requireBuilt, ROOT, table, writeSummary } from './lib/report.mjs';

const SCRIPT = 'bench/sdk.mjs';
const OPERATIONS = { list: 'pets.list({ limit: 100 })', create: 'pets.create(…)', get: 'pets.get(id)' };
const flags = parseFlags(
  SCRIPT,
  {
    rounds: { default: 6, min: 1, max: 50 },
    calls: { default: 2000, min: 100, max: 100_000 },
    warmup: { default: 300, min: 0, max: 100_000 },
    concurrency: { default: 4, min: 1, max: 64 },
    operations: { default: Object.keys(OPERATIONS).join(',') },
    baseline: { type: 'string' },
    'cpu-prof': { type: 'boolean' },
  },
  `Usage: node ${SCRIPT} [options]   (pnpm bench:sdk)

  --rounds N           rounds, each one process of each variant and operation, order alternating (default 6)
  --calls N            measured calls per process (default 2000)
  --warmup N           unmeasured calls per process first (default 300)
  --concurrency N      calls in flight (default 4)
  --operations LIST    which of ${Object.keys(OPERATIONS).join(',')} (default all)
  --baseline DIR       also measure the SDK built in DIR (another checkout's packages/sdk/dist, built
                       and installed), in the same rounds: sdk ÷ baseline is what a change costs
  --cpu-prof           afterwards, one more sdk process per operation under node --cpu-prof (and
                       one of the baseline, with --baseline); prints where the .cpuprofile files
                       are (open them in Chrome DevTools, or sum them with bench/lib/cpu-shares.mjs)
  -h, --help           show this help`,
);
const { rounds: ROUNDS, calls: CALLS, warmup: WARMUP, concurrency: CONCURRENCY } = flags;
const TARGET_RATIO = 1.2;
const OPS = flags.operations.split(',');
for (const op of OPS.filter((each) => !(each in OPERATIONS))) {
  process.stderr.write(`${SCRIPT}: --operations: "${op}" is none of ${Object.keys(OPERATIONS).join(', ')}\n`);
  process.exit(2);
}
const BASELINE = flags.baseline === undefined ? undefined : resolve(flags.baseline);
if (BASELINE !== undefined && !existsSync(join(BASELINE, 'index.js'))) {
  process.stderr.write(`${SCRIPT}: --baseline ${flags.baseline}: no index.js there; give a built SDK's dist folder, e.g. ../other/packages/sdk/dist\n`);
  process.exit(2);
}
const VARIANTS = {
  raw: 'fetch + JSON.parse',
  ky: 'ky alone: api.get(…).json(), api.post(…).json()',
  'openapi-fetch': 'openapi-fetch + zod/mini parse by the contract',
  sdk: '@petstore/sdk, default validation',
  'sdk-off': "@petstore/sdk, validateResponses: 'off'",
  ...(BASELINE && { baseline: `@petstore/sdk in ${flags.baseline}, default validation` }),
};
const SDK_MODULE = { baseline: BASELINE && pathToFileURL(join(BASELINE, 'index.js')).href };
// A call takes well under a millisecond here: a process past 10 s + 5 ms per call is hung.
const CHILD_TIMEOUT_MS = 10_000 + 5 * (CALLS + WARMUP);
const PROCESSES = ROUNDS * OPS.length * Object.keys(VARIANTS).length;

requireBuilt(SCRIPT, join(ROOT, 'packages/sdk/dist/index.js'), MOCK_BIN);
installExitHandlers(SCRIPT, 30_000 + (PROCESSES + OPS.length) * CHILD_TIMEOUT_MS);

/** One client process of `variant` making `op` calls: µs of CPU per measured call. */
async function measure(variant, op, baseUrl, nodeFlags = []) {
  const args = [...nodeFlags, join(ROOT, 'bench/lib/sdk-child.mjs'), variant === 'baseline' ? 'sdk' : variant, op, SDK_MODULE[variant] ?? '@petstore/sdk'];
  args.push(baseUrl, 'dev-petstore-key42', CALLS, WARMUP, CONCURRENCY);
  const result = JSON.parse((await runNode(args.map(String), { timeoutMs: CHILD_TIMEOUT_MS })).stdout);
  return { ...result, cpuUsPerCall: (result.userUs + result.systemUs) / CALLS };
}

const summary = { benchmark: 'bench:sdk', date: new Date().toISOString(), commit: gitCommit(), machine: machine(), settings: { ...flags, operations: OPS, variants: VARIANTS, targetRatio: TARGET_RATIO } };
const rounds = Object.fromEntries(OPS.map((op) => [op, Object.fromEntries(Object.keys(VARIANTS).map((variant) => [variant, []]))]));
let server;
try {
  server = await startMock(1000);
  process.stdout.write(`bench:sdk — per variant and operation ${ROUNDS} × (${WARMUP} warm-up + ${CALLS} measured calls), ${CONCURRENCY} in flight; server ${server.baseUrl}; ${summary.machine.cores} cores, Node ${process.version}, ${summary.commit}\n`);
  const otherCpu = watchOtherCpu(() => [server.child.pid]);
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? Object.keys(VARIANTS) : Object.keys(VARIANTS).toReversed();
    for (const op of OPS) {
      for (const variant of order) rounds[op][variant].push(await measure(variant, op, server.baseUrl));
      process.stdout.write(`  round ${round + 1} ${op}: ${order.map((variant) => `${variant} ${rounds[op][variant].at(-1).cpuUsPerCall.toFixed(0)}`).join(', ')} µs\n`);
    }
  }
  summary.otherCpuPercent = otherCpu();
  if (flags['cpu-prof']) {
    const profiles = cpuProfDir('sdk');
    // With --baseline, the baseline's too: the shares before and after a change, from one run.
    for (const variant of BASELINE ? ['sdk', 'baseline'] : ['sdk']) {
      for (const op of OPS) await measure(variant, op, server.baseUrl, profiles.flags(`${variant}-${op}`));
    }
    summary.cpuProfiles = profiles.list();
  }
} catch (error) {
  // process.exit() kills the children (lib/children.mjs).
  process.stderr.write(`\n${SCRIPT} FAILED: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
await stopChild(server.child);

const us = (value) => Math.round(value).toLocaleString('en-US');
const ratio = (value) => `${value.toFixed(2)}×`;
const rows = [];
summary.pass = true;
for (const op of OPS) {
  const result = (summary[op] = {});
  for (const variant of Object.keys(VARIANTS)) {
    const values = rounds[op][variant].map((each) => each.cpuUsPerCall);
    result[variant] = { median: median(values), min: Math.min(...values), max: Math.max(...values), rounds: rounds[op][variant] };
  }
  const of = (variant) => result[variant].median;
  result.sdkOverKy = of('sdk') / of('ky');
  result.pass = result.sdkOverKy <= TARGET_RATIO;
  summary.pass &&= result.pass;
  for (const variant of Object.keys(VARIANTS)) {
    const { median: value, min, max } = result[variant];
    rows.push([`${op}  ${variant}`, us(value), `${us(min)}–${us(max)}`, us(value - of('raw')), ratio(value / of('ky')), variant === 'sdk' ? `≤ ${TARGET_RATIO}×` : '', variant === 'sdk' ? (result.pass ? 'PASS' : 'FAIL') : '']);
  }
  if (BASELINE) rows.push([`${op}  sdk ÷ baseline`, '', '', '', ratio(of('sdk') / of('baseline')), 'reported']);
}
process.stdout.write(`\n${table(['µs of CPU per call', 'median', 'range', 'above raw', '÷ ky', 'target', 'result'], rows)}\n`);
process.stdout.write(`(medians over ${ROUNDS} processes of each variant and operation; ${otherCpuNote(summary.otherCpuPercent)})\n`);
for (const file of summary.cpuProfiles ?? []) process.stdout.write(`CPU profile of one sdk process: ${file} (open it in Chrome DevTools)\n`);
process.stdout.write(`wrote ${writeSummary('sdk', summary)}\n`);
process.exit(summary.pass ? 0 : 1);
