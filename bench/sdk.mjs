#!/usr/bin/env node
// pnpm bench:sdk — the CPU the SDK costs per `client.pets.list({ limit: 100 })` call above the
// same request made with plain fetch + JSON.parse, both measured in the same run against the real
// mock server (--seed 1000, 127.0.0.1, OS-picked port).
//
// Each measurement is a fresh client process (bench/lib/sdk-child.mjs) of one variant, which makes
// WARMUP calls, then CALLS measured calls, CONCURRENCY in flight, and reports its own
// process.cpuUsage() over the measured ones. Rounds alternate the order (raw, sdk, sdk, raw, ...)
// so that the machine's drift falls on both variants; per variant the figure is the median over
// the rounds of µs of CPU per call. Target: sdk − raw ≤ 150 µs. Prints a table, writes
// .bench/sdk.json, exits 1 if the target is missed or a call fails. See docs/benchmarks.md.
import { join } from 'node:path';
import process from 'node:process';
import { installExitHandlers, runNode, startMock, stopChild, watchdog, watchOtherCpu } from './lib/children.mjs';
import { integerFlag, parseBenchFlags } from './lib/flags.mjs';
import { cpuProfile, gitCommit, machine, median, otherCpuNote, requireBuilt, ROOT, table, writeSummary } from './lib/report.mjs';

const SCRIPT = 'bench/sdk.mjs';
const flags = parseBenchFlags(
  SCRIPT,
  {
    rounds: { type: 'string', default: '6' },
    calls: { type: 'string', default: '2000' },
    warmup: { type: 'string', default: '300' },
    concurrency: { type: 'string', default: '4' },
    'cpu-prof': { type: 'boolean', default: false },
  },
  `Usage: node ${SCRIPT} [options]   (pnpm bench:sdk)

  --rounds N       rounds, each one process of each variant, order alternating (default 6)
  --calls N        measured calls per process (default 2000)
  --warmup N       unmeasured calls per process first (default 300)
  --concurrency N  calls in flight (default 4)
  --cpu-prof       afterwards, one more sdk process under node --cpu-prof; says where the
                   .cpuprofile is (open it in Chrome DevTools)
  -h, --help       show this help`,
);
const number = (flag, min, max) => integerFlag(SCRIPT, `--${flag}`, flags[flag], min, max);
const ROUNDS = number('rounds', 1, 50);
const CALLS = number('calls', 100, 100_000);
const WARMUP = number('warmup', 0, 100_000);
const CONCURRENCY = number('concurrency', 1, 64);

const TARGET_US = 150;
const SEED = 1000;
// The development key the mock server accepts when it is given no keys of its own.
const API_KEY = 'dev-petstore-key42';
const CHILD = join(ROOT, 'bench/lib/sdk-child.mjs');
const PROF_DIR = join(ROOT, '.bench/sdk-cpu-prof');
const VARIANTS = { raw: 'fetch + JSON.parse', sdk: 'client.pets.list({ limit: 100 })' };
// A call takes well under a millisecond here: a process past 10 s + 5 ms per call is hung.
const CHILD_TIMEOUT_MS = 10_000 + 5 * (CALLS + WARMUP);

requireBuilt(SCRIPT, join(ROOT, 'packages/sdk/dist/index.js'), join(ROOT, 'packages/mock-server/dist/bin.js'));
installExitHandlers();
watchdog(SCRIPT, 30_000 + (2 * ROUNDS + 1) * CHILD_TIMEOUT_MS);

/** One client process of `variant`: µs of CPU per measured call and the raw figures. */
async function measure(variant, baseUrl, nodeFlags = []) {
  const { stdout } = await runNode([...nodeFlags, CHILD, variant, baseUrl, API_KEY, CALLS, WARMUP, CONCURRENCY].map(String), { timeoutMs: CHILD_TIMEOUT_MS });
  const result = JSON.parse(stdout);
  return { ...result, cpuUsPerCall: (result.userUs + result.systemUs) / CALLS };
}

const summary = {
  benchmark: 'bench:sdk',
  date: new Date().toISOString(),
  commit: gitCommit(),
  machine: machine(),
  settings: { rounds: ROUNDS, calls: CALLS, warmup: WARMUP, concurrency: CONCURRENCY, seed: SEED, variants: VARIANTS },
  targetMicroseconds: TARGET_US,
  rounds: { raw: [], sdk: [] },
};
let server;
let failure;
try {
  server = await startMock(SEED);
  process.stdout.write(
    `bench:sdk — per variant ${ROUNDS} × (${WARMUP} warm-up + ${CALLS} measured calls), ${CONCURRENCY} in flight; server ${server.baseUrl}; ${summary.machine.cores} cores, Node ${process.version}, ${summary.commit}\n`,
  );
  const otherCpu = watchOtherCpu(() => [server.child.pid]);
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ['raw', 'sdk'] : ['sdk', 'raw'];
    for (const variant of order) summary.rounds[variant].push(await measure(variant, server.baseUrl));
    process.stdout.write(`  round ${round + 1}: ${order.map((variant) => `${variant} ${summary.rounds[variant].at(-1).cpuUsPerCall.toFixed(1)} µs`).join(', ')}\n`);
  }
  summary.otherProcessesPercentOfOneCore = otherCpu();
  if (flags['cpu-prof']) {
    const profile = cpuProfile(PROF_DIR, 'sdk');
    await measure('sdk', server.baseUrl, profile.flags);
    summary.cpuProfiles = [profile.file];
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
  const perVariant = (variant) => {
    const values = summary.rounds[variant].map((each) => each.cpuUsPerCall);
    return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
  };
  summary.raw = perVariant('raw');
  summary.sdk = perVariant('sdk');
  summary.sdkMinusRaw = summary.sdk.median - summary.raw.median;
  summary.pass = summary.sdkMinusRaw <= TARGET_US;
  const us = (value) => value.toFixed(1);
  const row = (variant) => [`${variant}  ${VARIANTS[variant]}`, us(summary[variant].median), `${us(summary[variant].min)}–${us(summary[variant].max)}`, '', ''];
  process.stdout.write(
    `\n${table(
      ['µs of CPU per call', 'median', 'range', 'target', 'result'],
      [row('raw'), row('sdk'), ['sdk − raw', us(summary.sdkMinusRaw), '', `≤ ${TARGET_US}`, summary.pass ? 'PASS' : 'FAIL']],
    )}\n`,
  );
  process.stdout.write(`(medians over ${ROUNDS} processes of each variant; ${otherCpuNote(summary.otherProcessesPercentOfOneCore)})\n`);
  for (const file of summary.cpuProfiles ?? []) process.stdout.write(`CPU profile of one sdk process: ${file} (open it in Chrome DevTools)\n`);
}
process.stdout.write(`wrote ${writeSummary('sdk', summary)}\n`);
process.exit(failure || !summary.pass ? 1 : 0);
