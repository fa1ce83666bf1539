// pnpm test:packed: the three packages as their users get them. Each is packed
// with `pnpm pack`, then installed with npm into fresh folders outside the
// workspace (so nothing resolves from its node_modules) and used there: a strict
// TypeScript app, CommonJS require(), a Vite build, a vitest + msw suite, the
// mock-server README's recipes as a user copies them, and the CLI installed
// globally. One line per check, then "N passed, N failed".
// Usage: node test/packed/run.mjs [--keep]   (after pnpm build; --keep leaves the folders for a look)
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runAppChecks } from './app-checks.mjs';
import { createCheckReport } from './check-report.mjs';
import { runCliChecks } from './cli-checks.mjs';
import { copyFixture } from './copy-fixture.mjs';
import { checkInstallScripts } from './install-scripts.mjs';
import { createNpm } from './npm-command.mjs';
import { packPackages } from './pack-packages.mjs';
import { runRecipeChecks } from './recipe-checks.mjs';
import { killAllCommands } from './run-command.mjs';
import { runViteChecks } from './vite-checks.mjs';
import { readWorkspaceVersions } from './workspace-versions.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const fixturesDir = fileURLToPath(new URL('fixtures', import.meta.url));
const keep = process.argv.includes('--keep');

/** Upper bounds for each kind of child process, in ms. A cold npm cache makes installs the slowest. */
const timeouts = { pack: 60_000, install: 300_000, tool: 180_000, program: 30_000 };

const started = performance.now();
const tempRoot = realpathSync(mkdtempSync(join(tmpdir(), 'petstore-packed-')));
const cleanUp = () => {
  if (keep) {
    console.log(`kept ${tempRoot}`);
    return;
  }
  // Children killed a moment ago may still be closing files: retry a little.
  rmSync(tempRoot, { recursive: true, force: true, maxRetries: 3 });
};
if (!relative(repoRoot, tempRoot).startsWith('..')) {
  rmSync(tempRoot, { recursive: true });
  throw new Error(`the temporary folder ${tempRoot} is inside the workspace: set TMPDIR to a folder outside it`);
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    killAllCommands();
    cleanUp();
    process.exit(128 + constants.signals[signal]);
  });
}

const report = createCheckReport();
try {
  await runChecks();
} catch (error) {
  // A fault of this script rather than of a package: reported like a check, so the count still ends the output.
  await report.check('run.mjs itself', () => {
    throw error;
  });
} finally {
  killAllCommands();
  cleanUp();
}
const { passed, failed } = report.summary();
console.log(`packed-package tests took ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;

async function runChecks() {
  const tarballDir = join(tempRoot, 'tarballs');
  mkdirSync(tarballDir);
  let tarballs;
  const packed = await report.check('pnpm pack of @petstore/sdk, @petstore/mock-server, @petstore/cli', async (note) => {
    tarballs = await packPackages(repoRoot, tarballDir, timeouts.pack);
    note([...tarballs.values()].map((path) => relative(tempRoot, path)).join(', '));
  });
  if (!packed) return;

  const versions = readWorkspaceVersions(join(repoRoot, 'pnpm-lock.yaml'));
  const npm = createNpm({ cacheDir: join(repoRoot, '.tools', 'npm-cache') });
  const installFixture = async (name, extraEnv) => {
    const projectDir = join(tempRoot, name);
    copyFixture(join(fixturesDir, name), projectDir, { tarballs, versions });
    await npm.install(projectDir, [], timeouts.install, extraEnv);
    return projectDir;
  };
  const cliVersion = JSON.parse(readFileSync(join(repoRoot, 'packages', 'cli', 'package.json'), 'utf8')).version;

  // Four independent installs, side by side; the CLI borrows the app's petstore-mock.
  const app = runAppChecks({ report, installFixture, timeouts });
  const recipes = runRecipeChecks({ report, installFixture, timeouts, readmePath: join(repoRoot, 'packages', 'mock-server', 'README.md') });
  const vite = runViteChecks({ report, installFixture, timeouts });
  const cli = runCliChecks({ report, tempRoot, tarballs, npm, timeouts, cliVersion, appProject: app.then(({ projectDir }) => projectDir) });
  const [{ projectDir: appDir, done }, viteDir, prefix] = await Promise.all([app, vite, cli, recipes]);
  await done;

  const ours = ['@petstore/sdk', '@petstore/mock-server'];
  const trees = [
    { label: 'app', root: appDir, ours },
    { label: 'vite-app', root: viteDir, ours },
    { label: 'cli prefix', root: prefix && join(prefix, 'lib'), ours: ['@petstore/cli'] },
  ].filter(({ root }) => root !== undefined);
  const name = 'no install scripts in what the three tarballs install';
  if (trees.length === 0) report.notRun(name, 'no install succeeded');
  else await checkInstallScripts(report, name, trees);
}
