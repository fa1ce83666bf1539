#!/usr/bin/env node
// pnpm bench:sdk — the CPU the SDK costs per `client.pets.list({ limit: 100 })` call above the same
// request made with fetch + JSON.parse, against the real mock server (--seed 1000). Each measurement is
// a fresh client process (lib/sdk-child.mjs) of one variant reporting its own process.cpuUsage(); rounds
// alternate the order (raw, sdk, sdk, raw, …; with --baseline, a built SDK from elsewhere as a third variant) so that the machine's drift falls on both. Median per
// variant of µs of CPU per call; target sdk − raw ≤ 150 µs. Writes .bench/sdk.json; exits 1 on a miss.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { installExitHandlers, MOCK_BIN, runNode, startMock, stopChild } from './lib/children.mjs';
import { parseFlags } from './lib/flags.mjs';
import { machine, otherCpuNote, watchOtherCpu } from './lib/machine.mjs';
import { cpuProfDir, gitCommit, median, requireBuilt, ROOT, table, writeSummary } from './lib/report.mjs';

const SCRIPT = 'bench/sdk.mjs';
const flags = parseFlags(
  SCRIPT,
  {
    rounds: { default: 6, min: 1, max: 50 },
    calls: { default: 2000, min: 100, max: 100_000 },
    warmup: { default: 300, min: 0, max: 100_000 },
    concurrency: { default: 4, min: 1, max: 64 },
    baseline: { type: 'string' },
    'cpu-prof': { type: 'boolean' },
  },
  `Usage: node ${SCRIPT} [options]   (pnpm bench:sdk)

  --rounds N       rounds, each one process of each variant, order alternating (default 6)
  --calls N        measured calls per process (default 2000)
  --warmup N       unmeasured calls per process first (default 300)
  --concurrency N  calls in flight (default 4)
  --baseline DIR   also measure the SDK built in DIR (another checkout's packages/sdk/dist, built
                   and installed), in the same rounds: sdk − baseline is what a change costs
  --cpu-prof       afterwards, one more sdk process under node --cpu-prof; prints where the
                   .cpuprofile is (open it in Chrome DevTools)
  -h, --help       show this help`,
);
const { rounds: ROUNDS, calls: CALLS, warmup: WARMUP, concurrency: CONCURRENCY } = flags;
const TARGET_US = 150;
const BASELINE = flags.baseline === undefined ? undefined : resolve(flags.baseline);
if (BASELINE !== undefined && !existsSync(join(BASELINE, 'index.js'))) {
  process.stderr.write(`${SCRIPT}: --baseline ${flags.baseline}: no index.js there; give a built SDK's dist folder, e.g. ../other/packages/sdk/dist\n`);
  process.exit(2);
}
const VARIANTS = { raw: 'fetch + JSON.parse', sdk: 'client.pets.list({ limit: 100 })', ...(BASELINE && { baseline: `the same, the SDK in ${flags.baseline}` }) };
const SDK_MODULES = { sdk: '@petstore/sdk', baseline: BASELINE && pathToFileURL(join(BASELINE, 'index.js')).href };
// A call takes well under a millisecond here: a process past 10 s + 5 ms per call is hung.
const CHILD_TIMEOUT_MS = 10_000 + 5 * (CALLS + WARMUP);

requireBuilt(SCRIPT, join(ROOT, 'packages/sdk/dist/index.js'), MOCK_BIN);
installExitHandlers(SCRIPT, 30_000 + (2 * ROUNDS + 1) * CHILD_TIMEOUT_MS);

/** One client process of `variant`: µs of CPU per measured call. */
async function measure(variant, baseUrl, nodeFlags = []) {
  const args = [...nodeFlags, join(ROOT, 'bench/lib/sdk-child.mjs'), variant === 'raw' ? 'raw' : SDK_MODULES[variant], baseUrl, 'dev-petstore-key42', CALLS, WARMUP, CONCURRENCY];
  const result = JSON.parse((await runNode(args.map(String), { timeoutMs: CHILD_TIMEOUT_MS })).stdout);
  return { ...result, cpuUsPerCall: (result.userUs + result.systemUs) / CALLS };
}

const summary = { benchmark: 'bench:sdk', date: new Date().toISOString(), commit: gitCommit(), machine: machine(), settings: { ...flags, variants: VARIANTS, targetUs: TARGET_US } };
const rounds = Object.fromEntries(Object.keys(VARIANTS).map((variant) => [variant, []]));
let server;
try {
  server = await startMock(1000);
  process.stdout.write(`bench:sdk — per variant ${ROUNDS} × (${WARMUP} warm-up + ${CALLS} measured calls), ${CONCURRENCY} in flight; server ${server.baseUrl}; ${summary.machine.cores} cores, Node ${process.version}, ${summary.commit}\n`);
  const otherCpu = watchOtherCpu(() => [server.child.pid]);
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? Object.keys(VARIANTS) : Object.keys(VARIANTS).toReversed();
    for (const variant of order) rounds[variant].push(await measure(variant, server.baseUrl));
    process.stdout.write(`  round ${round + 1}: ${order.map((variant) => `${variant} ${rounds[variant].at(-1).cpuUsPerCall.toFixed(1)} µs`).join(', ')}\n`);
  }
  summary.otherCpuPercent = otherCpu();
  if (flags['cpu-prof']) {
    const profiles = cpuProfDir('sdk');
    await measure('sdk', server.baseUrl, profiles.flags('sdk'));
    summary.cpuProfiles = profiles.list();
  }
} catch (error) {
  // process.exit() kills the children (lib/children.mjs).
  process.stderr.write(`\n${SCRIPT} FAILED: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
await stopChild(server.child);

const us = (value) => value.toFixed(1);
const rows = Object.keys(VARIANTS).map((variant) => {
  const values = rounds[variant].map((each) => each.cpuUsPerCall);
  summary[variant] = { median: median(values), min: Math.min(...values), max: Math.max(...values), rounds: rounds[variant] };
  return [`${variant}  ${VARIANTS[variant]}`, us(summary[variant].median), `${us(summary[variant].min)}–${us(summary[variant].max)}`];
});
summary.sdkMinusRaw = summary.sdk.median - summary.raw.median;
summary.pass = summary.sdkMinusRaw <= TARGET_US;
rows.push(['sdk − raw', us(summary.sdkMinusRaw), '', `≤ ${TARGET_US}`, summary.pass ? 'PASS' : 'FAIL']);
if (BASELINE) {
  summary.sdkMinusBaseline = summary.sdk.median - summary.baseline.median;
  rows.push(['baseline − raw', us(summary.baseline.median - summary.raw.median), '', 'reported'], ['sdk − baseline', us(summary.sdkMinusBaseline), '', 'reported']);
}
process.stdout.write(`\n${table(['µs of CPU per call', 'median', 'range', 'target', 'result'], rows)}\n`);
process.stdout.write(`(medians over ${ROUNDS} processes of each variant; ${otherCpuNote(summary.otherCpuPercent)})\n`);
for (const file of summary.cpuProfiles ?? []) process.stdout.write(`CPU profile of one sdk process: ${file} (open it in Chrome DevTools)\n`);
process.stdout.write(`wrote ${writeSummary('sdk', summary)}\n`);
process.exit(summary.pass ? 0 : 1);
