// `pnpm test:runtimes`: the SDK's conformance suite on Node.js 22, 24 and 26,
// Bun, Deno, workerd, Chromium and Firefox ESR, the CLI's end-to-end suite on
// Node.js 22 and the mock server's on 22 and 24 (26 runs both in `pnpm test`;
// the CLI's on 24 only when named: `pnpm test:runtimes cli-node24`).
// Fetches what is missing into .tools/ (npm registry) or installs it with
// apt-get (the browsers), bundles the suite once, starts one mock server, runs
// each job within its time bound, prints a table, and ends with
// `N passed, N failed`. Exit code 1 when anything failed.
//
//   pnpm test:runtimes              every job but those run only when named
//   pnpm test:runtimes deno node26  the jobs whose key contains one of the words
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startMockServerProcess } from '../support/mock-server-process.ts';
import { matrixJobs } from './jobs.mjs';
import { formatTable, seconds } from './report.mjs';
import { runBounded, stopAll } from './run-bounded.mjs';
import { prepareStage, stageDir } from './stage.mjs';
import { repoRoot, versionOf } from './tools.mjs';

const say = (line) => console.error(`[runtimes] ${line}`);
const started = performance.now();

const words = process.argv.slice(2);
const jobs = matrixJobs().filter((job) => (words.length === 0 ? !job.onlyWhenNamed : words.some((word) => job.key.includes(word))));
if (jobs.length === 0) {
  say(`no job matches ${words.join(' ')}; the jobs are ${matrixJobs().map((job) => job.key).join(', ')}`);
  process.exit(2);
}

const built = ['packages/sdk/dist/index.js', 'packages/mock-server/dist/bin.js', 'packages/cli/dist/bin.js'];
const missing = built.filter((file) => !existsSync(join(repoRoot, file)));
if (missing.length > 0) {
  say(`${missing.join(', ')} missing: run \`pnpm build\` first (pnpm test does)`);
  process.exit(1);
}

// 1. The runtimes: npm downloads side by side, apt-get installs one at a time.
// A runtime that cannot be had fails its jobs; it is never skipped.
const installStarted = performance.now();
const tools = new Map();
const install = async (job) => {
  try {
    const tool = await job.install(say);
    const version = await versionOf(tool.binary);
    const wrong = job.pinned && version !== job.pinned ? `${tool.binary} is ${version}, not the pinned ${job.pinned}` : undefined;
    tools.set(job, { ...tool, version, error: wrong });
  } catch (error) {
    tools.set(job, { error: error.message, version: job.pinned ?? '?' });
  }
};
await Promise.all([
  ...jobs.filter((job) => !job.fromApt).map(install),
  (async () => {
    for (const job of jobs.filter((candidate) => candidate.fromApt)) await install(job);
  })(),
]);
const installSeconds = (performance.now() - installStarted) / 1000;
const fetched = [...new Set([...tools.values()].filter((tool) => tool.fetchedSeconds > 0).map((tool) => tool.binary))];

/** Without a bundle or a mock server nothing can run: every job fails, and CI still reads the summary. */
const orFailAll = (what) => (error) => {
  say(`could not ${what}: ${error.stack ?? error}`);
  console.log(`0 passed, ${jobs.length} failed`);
  process.exit(1);
};

// 2. The suite, bundled once; every runtime must report all of its cases.
const bundle = await prepareStage().catch(orFailAll('bundle the conformance suite'));
const { caseCount } = await import(pathToFileURL(bundle).href);

// 3. One mock server on the development Node.js; the runtimes are its clients.
const { DEV_API_KEY } = await import('@petstore/mock-server');
const server = await startMockServerProcess().catch(orFailAll('start the mock server'));
const shutDown = () => {
  stopAll();
  void server.stop().finally(() => process.exit(130));
};
process.once('SIGINT', shutDown);
process.once('SIGTERM', shutDown);

const rows = [];
try {
  for (const job of jobs) {
    const tool = tools.get(job);
    const label = `${job.suite} on ${job.runtime} ${tool.version}`;
    if (tool.error) {
      say(`${label}: FAIL, ${tool.error}`);
      rows.push({ key: job.key, suite: job.suite, runtime: job.runtime, version: tool.version, passed: false, result: 'not installed', seconds: 0 });
      continue;
    }
    const context = {
      baseUrl: server.url,
      apiKey: DEV_API_KEY,
      stage: stageDir,
      expectedCases: caseCount,
      logFile: join(stageDir, `${job.key}.log`),
      jsonFile: join(stageDir, `${job.key}.json`),
    };
    say(`${label} …`);
    const launch = job.launch(tool.binary, context);
    const outcome = await runBounded(launch.command, launch.args, {
      cwd: launch.cwd,
      env: { ...process.env, ...launch.env },
      logFile: context.logFile,
      timeoutMs: job.timeoutMs,
    });
    const verdict = outcome.timedOut ? { passed: false, result: `killed after ${job.timeoutMs / 1000} s` } : job.verdict(outcome.code, outcome.output, context);
    say(`${label}: ${verdict.passed ? 'pass' : 'FAIL'}, ${verdict.result} (${seconds(outcome.seconds)} s)`);
    if (!verdict.passed) console.error(`${outcome.output.trimEnd().split('\n').slice(-200).join('\n')}\n[runtimes] (whole output: ${context.logFile})`);
    rows.push({ key: job.key, suite: job.suite, runtime: job.runtime, version: tool.version, ...verdict, seconds: outcome.seconds });
  }
} finally {
  await server.stop();
}

const passed = rows.filter((row) => row.passed).length;
const totalSeconds = (performance.now() - started) / 1000;
writeFileSync(join(stageDir, 'summary.json'), `${JSON.stringify({ rows, installSeconds, fetched, totalSeconds }, null, 2)}\n`);
console.log(`\n${formatTable(rows)}\n`);
for (const note of jobs.flatMap((job) => job.notes ?? [])) console.log(`Note: ${note}.`);
console.log(`Runtimes ready in ${seconds(installSeconds)} s (${fetched.length > 0 ? `fetched ${fetched.length}` : 'all cached'}); the matrix took ${seconds(totalSeconds)} s in all.`);
console.log(`${passed} passed, ${rows.length - passed} failed`);
process.exitCode = passed === rows.length ? 0 : 1;
