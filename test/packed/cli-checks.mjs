// The CLI as `npm install -g` puts it on a machine: installed from its tarball
// into a prefix of its own, then `petstore --version`, `--jq` (jq-web's
// jq.wasm must ship and load from the installed tree, offline) and `petstore
// pets list` against the petstore-mock of the app project.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expectEqual } from './expect-equal.mjs';
import { withMockServer } from './mock-server.mjs';
import { pathWithThisNode, runCommand } from './run-command.mjs';

const DEV_API_KEY = 'dev-petstore-key42';

/**
 * `appProject` resolves to the installed app project (for its petstore-mock),
 * or undefined. Resolves to the prefix, or undefined if the install failed.
 */
export async function runCliChecks({ report, tempRoot, tarballs, npm, timeouts, cliVersion, appProject }) {
  const prefix = join(tempRoot, 'prefix');
  // The CLI's tarball alone, as the READMEs say: it bundles the SDK.
  const installed = await report.check('cli: npm install -g --prefix of the cli tarball alone', async (note) => {
    await npm.npm(['install', '-g', '--prefix', prefix, '--no-audit', '--no-fund', '--prefer-offline', tarballs.get('@petstore/cli')], {
      cwd: tempRoot,
      timeoutMs: timeouts.install,
    });
    const manifest = JSON.parse(readFileSync(join(prefix, 'lib', 'node_modules', '@petstore', 'cli', 'package.json'), 'utf8'));
    const runtime = ['dependencies', 'optionalDependencies', 'peerDependencies'].flatMap((field) => Object.keys(manifest[field] ?? {}));
    note(runtime.length === 0 ? 'the packed cli declares no runtime dependency (all bundled)' : `runtime dependencies: ${runtime.join(', ')}`);
  });
  const names = [
    'cli: petstore --version',
    'cli: petstore pets list against the installed petstore-mock',
    "cli: petstore config list --jq '.profile' (jq's WebAssembly from the installed package)",
    'cli: petstore pets list behind a proxy that refuses (undici from the installed package)',
  ];
  if (!installed) {
    for (const name of names) report.notRun(name, 'the install failed');
    return undefined;
  }

  const petstore = join(prefix, 'bin', 'petstore');
  const configDir = join(tempRoot, 'cli-config');
  mkdirSync(configDir);
  // A user's own profile, base URL or key must not change what is tested.
  const { PETSTORE_BASE_URL: _url, PETSTORE_PROFILE: _profile, PETSTORE_API_KEY: _key, ...userEnv } = process.env;
  const env = { ...userEnv, PATH: pathWithThisNode, PETSTORE_CONFIG_DIR: configDir, NO_COLOR: '1' };
  const run = (args, extraEnv = {}) => runCommand(petstore, args, { cwd: tempRoot, env: { ...env, ...extraEnv }, timeoutMs: timeouts.program });

  await report.check(names[0], async () => {
    const { stdout } = await run(['--version']);
    expectEqual(stdout.trim(), cliVersion, 'petstore --version');
  });

  await report.check(names[2], async (note) => {
    const wasm = join(prefix, 'lib', 'node_modules', '@petstore', 'cli', 'node_modules', 'jq-web', 'jq.wasm');
    if (!existsSync(wasm)) throw new Error(`${wasm} is missing: --jq cannot run`);
    // No server and no network: config list reads the config folder only.
    const { stdout } = await run(['config', 'list', '--jq', '.profile'], { PETSTORE_BASE_URL: 'http://127.0.0.1:1/v1' });
    expectEqual(stdout, 'mock\n', 'petstore config list --jq .profile');
    note('jq.wasm installed beside jq-web, and --jq ran');
  });

  await report.check(names[3], async (note) => {
    // Nothing listens on port 1: the proxy support loads (undici, a dependency of the installed CLI) and says which proxy failed.
    const proxy = 'http://127.0.0.1:1';
    const failure = await run(['pets', 'list', '--base-url', 'http://api.example.test/v1'], { PETSTORE_API_KEY: DEV_API_KEY, HTTP_PROXY: proxy }).then(
      () => new Error('petstore pets list succeeded through a proxy that refuses'),
      (error) => error,
    );
    const expected = `the proxy ${proxy} (from HTTP_PROXY) could not be reached`;
    if (!/exited with code 7\n/.test(failure.message) || !failure.message.includes(expected)) throw new Error(`expected exit 7 and "${expected}", got: ${failure.message}`);
    note('exit 7, naming the proxy and its variable');
  });

  const projectDir = await appProject;
  if (!projectDir) {
    report.notRun(names[1], 'the app project, whose petstore-mock it talks to, did not install');
    return prefix;
  }
  await report.check(names[1], (note) =>
    withMockServer(join(projectDir, 'node_modules', '.bin', 'petstore-mock'), async (url) => {
      // The server's default page is the CLI's: both take it from the contract.
      const response = await fetch(`${url}/pets`, {
        headers: { authorization: `Bearer ${DEV_API_KEY}` },
        signal: AbortSignal.timeout(timeouts.program),
      });
      const seeded = await response.json();
      // Anywhere but http://127.0.0.1:4010/v1 the CLI sends the development key only when told to.
      const { stdout } = await run(['pets', 'list', '--base-url', url], { PETSTORE_API_KEY: DEV_API_KEY });
      const rows = stdout.trimEnd().split('\n');
      // TSV has no header: its columns are the contract's fields of Pet in order, read from the installed SDK.
      const { Pet } = await import(pathToFileURL(createRequire(join(projectDir, 'package.json')).resolve('@petstore/sdk/contract')).href);
      const columns = Object.keys(Pet.shape);
      const expected = seeded.map((pet) => columns.map((column) => pet[column] ?? '').join('\t'));
      expectEqual(rows.join('\n'), expected.join('\n'), 'the rows of petstore pets list');
      note(`${rows.length} animals, first: ${rows[0]?.replaceAll('\t', ' ')}`);
    }),
  );
  return prefix;
}
