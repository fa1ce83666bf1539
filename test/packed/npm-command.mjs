// npm, as a user of the packages runs it: the npm installed on this machine, on
// the Node.js the tests run on, with the user's own configuration. Only the
// cache is ours (git-ignored, kept between runs so that a warm run is quick).
import { accessSync, constants, realpathSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { pathWithThisNode, runCommand } from './run-command.mjs';

/**
 * The npm CLI script (`…/lib/node_modules/npm/bin/npm-cli.js`): the one beside
 * this Node.js if it ships one, else the first `npm` on PATH.
 */
function findNpmCli() {
  for (const dir of [dirname(process.execPath), ...(process.env.PATH ?? '').split(delimiter)]) {
    const candidate = join(dir, 'npm');
    try {
      accessSync(candidate, constants.X_OK);
    } catch {
      continue;
    }
    const cli = realpathSync(candidate);
    if (cli.endsWith(join('bin', 'npm-cli.js'))) return cli;
  }
  throw new Error('npm not found: the packed-package tests install the packages with npm, as their users do');
}

/**
 * The environment npm runs in. Variables that `pnpm run` sets for a script
 * describe the workspace, not the user: they are dropped.
 *
 * npm looks for its global npmrc under the prefix of the Node.js running it,
 * so an npm started by another Node.js (the pinned one in .tools/ has no npm
 * of its own) would miss the settings of the machine's npm, such as a `cafile`.
 * Point it at the npmrc of the npm installation itself, as when the user runs
 * `npm`; a user's own choice (npm_config_globalconfig, PREFIX) wins.
 */
function npmEnvironment(npmCli, cacheDir) {
  const env = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (/^(npm_(lifecycle_|package_|execpath$|node_execpath$|command$|config_user_agent$)|PNPM_|pnpm_)/.test(name)) continue;
    env[name] = value;
  }
  env.PATH = pathWithThisNode;
  env.npm_config_cache = cacheDir;
  env.npm_config_update_notifier = 'false';
  if (!env.npm_config_globalconfig && !env.PREFIX) {
    // …/lib/node_modules/npm/bin/npm-cli.js → the prefix npm was installed into.
    env.npm_config_globalconfig = join(resolve(dirname(npmCli), '../../../..'), 'etc', 'npmrc');
  }
  return env;
}

export function createNpm({ cacheDir }) {
  const cli = findNpmCli();
  const env = npmEnvironment(cli, cacheDir);
  /** Runs `npm …args` in `cwd`; `extraEnv` adds variables (a package's own install switches). */
  const npm = (args, { cwd, timeoutMs, extraEnv = {} }) => runCommand(process.execPath, [cli, ...args], { cwd, env: { ...env, ...extraEnv }, timeoutMs });
  return {
    cli,
    env,
    npm,
    /** `npm install` with the offline-first flags; `args` adds packages or options. */
    install: (cwd, args, timeoutMs, extraEnv) => npm(['install', '--no-audit', '--no-fund', '--prefer-offline', ...args], { cwd, timeoutMs, extraEnv }),
  };
}
