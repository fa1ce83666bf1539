// The matrix: which suite runs on which runtime, how it is started, and what
// counts as a pass. One row of the report per job.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pins } from './pins.mjs';
import { bunTool, denoDir, denoTool, ensureChromium, ensureFirefox, ensureNpmTool, nodeTool, repoRoot, workerdTool } from './tools.mjs';

/** The development Node.js (.node-version): `pnpm test` runs everything on it already. */
const developmentNode = readFileSync(join(repoRoot, '.node-version'), 'utf8').trim();

/** A runtime hangs (a stalled fetch never aborted, a browser that never starts): this is its bound. */
const CONFORMANCE_TIMEOUT_MS = 120_000;
/** The CLI's and the mock server's suites take about 20 s each on two cores. */
const E2E_TIMEOUT_MS = 300_000;

/**
 * @typedef {{ baseUrl: string, apiKey: string, stage: string, expectedCases: number, logFile: string, jsonFile: string }} JobContext
 * @typedef {{ command: string, args: string[], cwd: string, env?: Record<string, string> }} Launch
 * @typedef {{
 *   key: string, suite: string, runtime: string,
 *   install: (say: (line: string) => void) => Promise<{ binary: string, fetchedSeconds: number }>,
 *   fromApt?: boolean,
 *   notes?: string[],
 *   pinned?: string,
 *   timeoutMs: number,
 *   launch: (binary: string, context: JobContext) => Launch,
 *   verdict: (code: number | null, output: string, context: JobContext) => { passed: boolean, result: string },
 * }} Job
 */

/** Each runtime is fetched (or found) once, however many jobs use it. */
const installs = new Map();
const once = (id, install) => (say) => {
  if (!installs.has(id)) installs.set(id, install(say));
  return installs.get(id);
};

/** Passed when the process exits 0 after reporting every case of the bundle as passed. */
function conformanceVerdict(code, output, { expectedCases }) {
  const [, passed, total] = /^# (\d+)\/(\d+) passed$/m.exec(output) ?? [];
  if (total === undefined) return { passed: false, result: `no result (exit ${code})` };
  const complete = Number(total) === expectedCases && passed === total;
  return { passed: code === 0 && complete, result: `${passed}/${total} cases${code === 0 ? '' : `, exit ${code}`}` };
}

/** Passed when vitest exits 0 and its JSON report counts tests and no failure. */
function vitestVerdict(code, _output, { jsonFile }) {
  let report;
  try {
    report = JSON.parse(readFileSync(jsonFile, 'utf8'));
  } catch {
    return { passed: false, result: `no vitest report (exit ${code})` };
  }
  const { numTotalTests: total, numPassedTests: passed, numFailedTests: failed } = report;
  return { passed: code === 0 && failed === 0 && total > 0, result: `${passed}/${total} tests${code === 0 ? '' : `, exit ${code}`}` };
}

const scriptArgs = ({ baseUrl, apiKey }) => ['script.mjs', baseUrl, apiKey];

/** The conformance bundle in each runtime, against the one mock server. */
function conformanceJobs() {
  const node = (version, key) => ({
    key,
    suite: 'SDK conformance',
    runtime: 'Node.js',
    install: once(`node-${version}`, (say) => ensureNpmTool(nodeTool(version), say)),
    pinned: version,
    timeoutMs: CONFORMANCE_TIMEOUT_MS,
    launch: (binary, context) => ({ command: binary, args: scriptArgs(context), cwd: context.stage }),
    verdict: conformanceVerdict,
  });
  const bun = (key, suite, args) => ({
    key,
    suite,
    runtime: 'Bun',
    install: once('bun', (say) => ensureNpmTool(bunTool(pins.bun), say)),
    pinned: pins.bun,
    timeoutMs: CONFORMANCE_TIMEOUT_MS,
    launch: (binary, context) => ({ command: binary, args: args(context), cwd: context.stage }),
    verdict: conformanceVerdict,
  });
  // `args`: Deno's permissions, then the script and its arguments.
  const deno = (key, suite, args) => ({
    key,
    suite,
    runtime: 'Deno',
    install: once('deno', (say) => ensureNpmTool(denoTool(pins.deno), say)),
    pinned: pins.deno,
    timeoutMs: CONFORMANCE_TIMEOUT_MS,
    launch: (binary, context) => ({
      command: binary,
      args: ['run', '--no-prompt', ...args(context)],
      cwd: context.stage,
      env: { DENO_DIR: denoDir, DENO_NO_UPDATE_CHECK: '1' },
    }),
    verdict: conformanceVerdict,
  });
  const browser = (key, runtime, name, ensure) => ({
    key,
    suite: 'SDK conformance',
    runtime,
    install: once(key, ensure),
    // Installed with apt-get when missing: one at a time (dpkg's lock).
    fromApt: true,
    timeoutMs: CONFORMANCE_TIMEOUT_MS,
    // The driver runs on the development Node.js; the suite runs in the page.
    launch: (binary, context) => ({ command: process.execPath, args: ['browser.mjs', name, binary, context.baseUrl, context.apiKey], cwd: context.stage }),
    verdict: conformanceVerdict,
  });
  return [
    node(pins.nodeSdkCliLowest, 'node22'),
    node(pins.node24, 'node24'),
    node(developmentNode, 'node26'),
    bun('bun', 'SDK conformance', scriptArgs),
    // Network access to loopback only, and never a prompt: a denied fetch fails the run.
    deno('deno', 'SDK conformance', (context) => ['--allow-net=127.0.0.1', ...scriptArgs(context)]),
    {
      key: 'workerd',
      suite: 'SDK conformance',
      runtime: 'workerd',
      install: once('workerd', (say) => ensureNpmTool(workerdTool(pins.workerd), say)),
      timeoutMs: CONFORMANCE_TIMEOUT_MS,
      launch: (binary, context) => ({
        command: binary,
        args: ['test', 'workerd.capnp'],
        cwd: context.stage,
        env: { BASE_URL: context.baseUrl, API_KEY: context.apiKey },
      }),
      verdict: conformanceVerdict,
    },
    browser('chromium', 'Chromium', 'chrome', ensureChromium),
    browser('firefox', 'Firefox ESR', 'firefox', ensureFirefox),
    // The mock's in-process fetch claims Bun and Deno too: the same suite through it, no server.
    bun('bun-in-process', 'SDK conformance, in-process mock', () => ['script-in-process.mjs']),
    // No permission at all: the in-process fetch opens no socket, and a prompt would fail the run.
    deno('deno-in-process', 'SDK conformance, in-process mock', () => ['script-in-process.mjs']),
  ];
}

/**
 * A package's end-to-end files: they spawn the built binaries with
 * process.execPath, so they run on vitest's Node.js. Browser files need no
 * other Node.js (Chromium runs them); `leftOut` names files this Node.js cannot run.
 */
function testFiles(folder, leftOut) {
  return readdirSync(join(repoRoot, folder))
    .filter((name) => name.endsWith('.test.ts') && !name.endsWith('.browser.test.ts') && !(name in leftOut))
    .map((name) => join(folder, name));
}

/**
 * The CLI's and the mock server's suites under vitest run by another Node.js.
 * `leftOut`: file → why; the report lists each.
 */
function e2eJob(key, suite, folder, version, leftOut = {}) {
  return {
    key,
    suite,
    runtime: 'Node.js',
    notes: Object.entries(leftOut).map(([file, why]) => `${folder}/${file} is not run on Node.js ${version}: ${why}`),
    install: once(`node-${version}`, (say) => ensureNpmTool(nodeTool(version), say)),
    pinned: version,
    timeoutMs: E2E_TIMEOUT_MS,
    launch: (binary, context) => ({
      command: binary,
      args: [join(repoRoot, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=dot', '--reporter=json', `--outputFile.json=${context.jsonFile}`, ...testFiles(folder, leftOut)],
      cwd: repoRoot,
      // A `node` a test starts by name is this one too.
      env: { PATH: `${join(binary, '..')}:${process.env.PATH}` },
    }),
    verdict: vitestVerdict,
  };
}

/** Every job, in the order they run. Node.js 26 (.node-version) runs the end-to-end suites in `pnpm test`. */
export function matrixJobs() {
  return [
    ...conformanceJobs(),
    e2eJob('cli-node22', 'CLI e2e', 'packages/cli/test', pins.nodeSdkCliLowest),
    e2eJob('mock-server-node22', 'mock server e2e', 'packages/mock-server/test', pins.nodeMockServerLowest, {
      'readme-examples.test.ts': "it runs the README's TypeScript examples with `node example.mts`, and Node.js strips types without a flag from 22.18 on",
    }),
    // Only when named (`pnpm test:runtimes cli-node24`): Node.js 22 below it and 26 above it run
    // the CLI's suite on every run, and its two minutes kept CI near its time bound.
    { ...e2eJob('cli-node24', 'CLI e2e', 'packages/cli/test', pins.node24), onlyWhenNamed: true },
    e2eJob('mock-server-node24', 'mock server e2e', 'packages/mock-server/test', pins.node24),
  ];
}
