// scripts/toolchain.sh, the quick-start's installer, on a stand-in machine: a
// scratch copy of the files it reads, a "system" Node.js and npm of our own
// making, and registries that are closed ports or servers in this process. No
// test downloads anything: every fetch fails fast or meets a local server.
import { execFile } from 'node:child_process';
import { existsSync, realpathSync, statSync } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const execFileAsync = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const nodeVersion = (await readFile(join(root, '.node-version'), 'utf8')).trim();
const pnpmVersion = /"packageManager":\s*"pnpm@([^"+]+)/.exec(await readFile(join(root, 'package.json'), 'utf8'))?.[1] ?? '';
const platform = `${process.platform === 'darwin' ? 'darwin' : 'linux'}-${process.arch}`;

/** The first executable of that name on PATH, symbolic links resolved. */
function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, name);
    try {
      if (statSync(candidate).isFile()) return realpathSync(candidate);
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

// These tests run what toolchain.sh runs: the machine's npm, the pinned pnpm,
// and openssl for a private certificate authority. A missing one fails the
// tests, saying which; they never skip.
function required(name: string, path: string | undefined, why: string): string {
  if (path === undefined) throw new Error(`${name} not found: ${why}`);
  return path;
}

// The machine's npm is a script that `node` runs (#!/usr/bin/env node); our stand-in runs the same file.
function npmCli(): string {
  const npm = onPath('npm');
  return required('npm (a …/bin/npm-cli.js on PATH)', npm?.endsWith('.js') ? npm : undefined, 'toolchain.sh fetches Node.js and pnpm with it');
}
const localPnpm = join(root, `.tools/pnpm-${pnpmVersion}/node_modules/.bin/pnpm`);
const pnpm = () => required('pnpm', existsSync(localPnpm) ? localPnpm : onPath('pnpm'), `run ./scripts/test.sh, or put pnpm ${pnpmVersion} on PATH`);
const openssl = () => required('openssl', onPath('openssl'), 'it makes the private certificate authority of the cafile tests');

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a bash script; never throws for a non-zero exit. */
async function bash(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<Result> {
  try {
    const { stdout, stderr } = await execFileAsync('bash', ['-c', script], { cwd, env, timeout: 15_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code?: number | string; stdout?: string; stderr?: string };
    return { code: typeof failure.code === 'number' ? failure.code : -1, stdout: failure.stdout ?? '', stderr: failure.stderr ?? '' };
  }
}

async function executable(path: string, text: string): Promise<void> {
  await writeFile(path, text);
  await chmod(path, 0o755);
}

interface Machine {
  /** The scratch copy of the repository. */
  repo: string;
  /** The stand-in system prefix: bin/node, bin/npm, etc/npmrc. */
  system: string;
  env: NodeJS.ProcessEnv;
}

let scratch: string;
let machines = 0;

/**
 * A scratch copy of what toolchain.sh reads, and a stand-in machine: its
 * Node.js reports version 20 (too old, so the pinned one is fetched) and gives
 * npm the prefix of its own folder (through PREFIX, npm's override), as a real
 * one does by where its binary lies. The environment is clean: no CA, registry
 * or npm settings of the machine running the tests leak in.
 */
async function machine(extraEnv: NodeJS.ProcessEnv = {}): Promise<Machine> {
  const base = join(scratch, `machine-${++machines}`);
  const repo = join(base, 'repo');
  const system = join(base, 'system');
  await mkdir(join(repo, 'scripts'), { recursive: true });
  await mkdir(join(system, 'bin'), { recursive: true });
  await mkdir(join(system, 'etc'), { recursive: true });
  await mkdir(join(base, 'home'), { recursive: true });
  for (const file of ['scripts/toolchain.sh', 'scripts/npm-package.sh', '.node-version', 'package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml']) {
    await cp(join(root, file), join(repo, file));
  }
  for (const group of ['packages', 'examples']) {
    for (const name of await readdir(join(root, group))) {
      if (existsSync(join(root, group, name, 'package.json'))) {
        await cp(join(root, group, name, 'package.json'), join(repo, group, name, 'package.json'));
      }
    }
  }
  await executable(
    join(system, 'bin/node'),
    `#!/bin/sh\n[ "$1" = --version ] && { echo v20.0.0; exit 0; }\nPREFIX='${system}' exec '${process.execPath}' "$@"\n`,
  );
  await executable(join(system, 'bin/npm'), `#!/bin/sh\nexec node '${npmCli()}' "$@"\n`);
  await writeFile(join(system, 'etc/npmrc'), '');
  await writeFile(join(base, 'home/.npmrc'), '');
  const env: NodeJS.ProcessEnv = {
    PATH: [join(system, 'bin'), '/usr/local/bin', '/usr/bin', '/bin'].join(delimiter),
    HOME: join(base, 'home'),
    TMPDIR: tmpdir(),
    LANG: 'C.UTF-8',
    npm_config_cache: join(base, 'npm-cache'),
    npm_config_update_notifier: 'false',
    npm_config_fetch_retries: '0',
    PNPM_CONFIG_FETCH_RETRIES: '0',
    PNPM_CONFIG_STORE_DIR: join(base, 'pnpm-store'),
    ...extraEnv,
  };
  return { repo, system, env };
}

/** "Fetched" Node.js in .tools/: the real one, with npm's prefix where the fetched one would put it. */
async function withFetchedNode({ repo }: Machine): Promise<string> {
  const dir = join(repo, `.tools/node-${nodeVersion}`);
  await mkdir(join(dir, 'bin'), { recursive: true });
  await executable(join(dir, 'bin/node'), `#!/bin/sh\nPREFIX='${dir}' exec '${process.execPath}' "$@"\n`);
  return dir;
}

async function withFetchedPnpm({ repo }: Machine): Promise<void> {
  const bin = join(repo, `.tools/pnpm-${pnpmVersion}/node_modules/.bin`);
  await mkdir(bin, { recursive: true });
  await symlink(pnpm(), join(bin, 'pnpm'));
}

/** The stamp toolchain.sh writes after pnpm install: the dependencies count as installed. */
async function withInstalledDependencies({ repo, env }: Machine, fetchedNode: string): Promise<void> {
  await mkdir(join(repo, 'node_modules'));
  const script = 'echo "$(node -p process.version)-$(cksum < pnpm-lock.yaml)" > node_modules/.petstore-install-stamp';
  await bash(script, repo, { ...env, PATH: `${join(fetchedNode, 'bin')}${delimiter}${env.PATH}` });
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A registry address where nothing listens. */
async function closedRegistry(): Promise<string> {
  const server = createHttpServer();
  const port = await listen(server);
  await close(server);
  return `http://127.0.0.1:${port}/`;
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'petstore-toolchain-'));
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe('scripts/toolchain.sh when a fetch fails', () => {
  it('prints npm’s own error and what to check when the registry does not answer for Node.js', async () => {
    const registry = await closedRegistry();
    const m = await machine({ npm_config_registry: registry });
    const result = await bash('source scripts/toolchain.sh', m.repo, m.env);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(`fetching Node.js ${nodeVersion} from the npm registry`);
    expect(result.stderr).toMatch(/npm (error|ERR!) code ECONNREFUSED/);
    expect(result.stderr).toContain(`[toolchain] could not fetch node-${platform}@${nodeVersion} from the npm registry: npm exited with status`);
    expect(result.stderr).toContain('likely cause: the registry could not be reached');
    expect(result.stderr).toContain(`'npm config get registry' says ${registry}`);
    expect(result.stderr).toContain("'npm config get cafile'");
    expect(result.stderr).toContain('disk space: df -h');
    expect(existsSync(join(m.repo, `.tools/node-${nodeVersion}`))).toBe(false);
    expect(existsSync(join(m.repo, `.tools/node-${nodeVersion}.partial`))).toBe(false);
  });

  it('says the pinned Node.js version does not exist (ETARGET) and where the pin is', async () => {
    // A registry that knows the package, but not the version .node-version asks for.
    const name = `node-${platform}`;
    const server = createHttpServer((request, response) => {
      if (request.url === `/${name}`) {
        response.writeHead(200, { 'content-type': 'application/json' });
        const version = { name, version: '1.0.0', dist: { tarball: `http://127.0.0.1/${name}-1.0.0.tgz`, shasum: '0'.repeat(40) } };
        response.end(JSON.stringify({ name, 'dist-tags': { latest: '1.0.0' }, versions: { '1.0.0': version } }));
      } else {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end('{"error":"Not found"}');
      }
    });
    const port = await listen(server);
    try {
      const m = await machine({ npm_config_registry: `http://127.0.0.1:${port}/` });
      await writeFile(join(m.repo, '.node-version'), '99.0.0\n');
      const result = await bash('source scripts/toolchain.sh', m.repo, m.env);
      expect(result.code).not.toBe(0);
      expect(result.stderr).toMatch(/code ETARGET/);
      expect(result.stderr).toContain(`No matching version found for ${name}@99.0.0`);
      expect(result.stderr).toContain(`could not fetch ${name}@99.0.0 from the npm registry`);
      expect(result.stderr).toContain('likely cause: the registry has no such package or version');
      expect(result.stderr).toContain('.node-version for Node.js');
    } finally {
      await close(server);
    }
  });

  it('prints npm’s own error and what to check when pnpm cannot be fetched, and leaves no half install', async () => {
    const registry = await closedRegistry();
    const m = await machine({ npm_config_registry: registry });
    await withFetchedNode(m);
    const result = await bash('source scripts/toolchain.sh', m.repo, m.env);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(`fetching pnpm ${pnpmVersion} from the npm registry`);
    expect(result.stderr).toMatch(/npm (error|ERR!) code ECONNREFUSED/);
    expect(result.stderr).toContain(`[toolchain] could not fetch pnpm ${pnpmVersion} from the npm registry: npm exited with status`);
    expect(result.stderr).toContain('likely cause: the registry could not be reached');
    expect(existsSync(join(m.repo, `.tools/pnpm-${pnpmVersion}`))).toBe(false);
  });

  it('prints pnpm’s own error and what to check when pnpm install fails', async () => {
    const registry = await closedRegistry();
    // pnpm reads its registry from pnpm_config_registry (or .npmrc), not npm_config_registry.
    const m = await machine({ pnpm_config_registry: registry });
    await withFetchedNode(m);
    await withFetchedPnpm(m);
    const result = await bash('source scripts/toolchain.sh', m.repo, m.env);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('installing dependencies');
    expect(result.stderr).toMatch(/ERR_PNPM_[A-Z_]+/);
    expect(result.stderr).toContain(`${registry.slice(0, -1)}`);
    expect(result.stderr).toContain('[toolchain] could not install the dependencies (pnpm install --frozen-lockfile): pnpm exited with status');
    expect(result.stderr).toContain('likely cause: the registry could not be reached');
    expect(result.stderr).toContain(`'pnpm config get registry' says ${registry}`);
    expect(result.stderr).toContain("the pnpm store ('pnpm store path')");
    expect(existsSync(join(m.repo, 'node_modules/.petstore-install-stamp'))).toBe(false);
  });
});

describe('scripts/toolchain.sh and a cafile in the system npm’s global config', () => {
  let registry: string;
  let ca: string;
  let server: Server | undefined;

  beforeAll(async () => {
    // A private certificate authority and a registry (answering 404 to everything) signed by it.
    const dir = join(scratch, 'tls');
    await mkdir(dir);
    ca = join(dir, 'ca.pem');
    const run = (...args: string[]) => execFileAsync(openssl(), args, { cwd: dir });
    const ecKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
    await run('req', '-x509', ...ecKey, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Toolchain test CA',
      '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign');
    await run('req', ...ecKey, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1');
    await writeFile(join(dir, 'server.ext'), 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n');
    await run('x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem', '-days', '2', '-extfile', 'server.ext');
    server = createHttpsServer({ key: await readFile(join(dir, 'server.key')), cert: await readFile(join(dir, 'server.pem')) }, (_request, response) => {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{"error":"Not found"}');
    });
    registry = `https://127.0.0.1:${await listen(server)}/`;
  });

  afterAll(async () => {
    if (server) await close(server);
  });

  it('keeps applying to npm and reaches pnpm once the fetched Node.js is on PATH', async () => {
    const m = await machine();
    await writeFile(join(m.system, 'etc/npmrc'), `cafile=${ca}\n`);
    const fetchedNode = await withFetchedNode(m);
    await withFetchedPnpm(m);
    await withInstalledDependencies(m, fetchedNode);
    // A project whose one dependency the registry does not have: a 404 proves the TLS handshake passed.
    const project = join(m.repo, 'project');
    await mkdir(project);
    await writeFile(join(project, 'package.json'), '{"name":"project","version":"1.0.0","dependencies":{"no-such-package":"1.0.0"}}');
    const script = [
      'source scripts/toolchain.sh',
      'set +e',
      'echo "node=$(command -v node)"',
      'echo "globalconfig=$(npm config get globalconfig)"',
      'echo "cafile=$(npm config get cafile)"',
      'echo "extra=${NODE_EXTRA_CA_CERTS:-}"',
      `npm view no-such-package --registry ${registry} > npm.log 2>&1; echo "npm=$?"`,
      `(cd project && pnpm install --registry ${registry}) > pnpm.log 2>&1; echo "pnpm=$?"`,
    ].join('\n');
    const result = await bash(script, m.repo, m.env);
    const npmLog = await readFile(join(m.repo, 'npm.log'), 'utf8');
    const pnpmLog = await readFile(join(m.repo, 'pnpm.log'), 'utf8');
    expect(result.stdout).toContain(`node=${join(fetchedNode, 'bin/node')}`);
    expect(result.stdout).toContain(`globalconfig=${join(m.system, 'etc/npmrc')}`);
    expect(result.stdout).toContain(`cafile=${ca}`);
    expect(result.stdout).toContain(`extra=${ca}`);
    // Both reach the registry through TLS and get its 404, not a certificate error.
    expect(npmLog).toMatch(/code E404/);
    expect(npmLog).not.toMatch(/CERT|SELF_SIGNED/);
    expect(pnpmLog).toContain('ERR_PNPM_FETCH_404');
    expect(pnpmLog).not.toMatch(/UnknownIssuer|certificate/);
  });

  it('leaves a NODE_EXTRA_CA_CERTS the machine sets as it is', async () => {
    const m = await machine({ NODE_EXTRA_CA_CERTS: ca });
    const other = join(m.system, 'etc/other-ca.pem');
    await cp(ca, other);
    await writeFile(join(m.system, 'etc/npmrc'), `cafile=${other}\n`);
    await withInstalledDependencies(m, await withFetchedNode(m));
    await withFetchedPnpm(m);
    const result = await bash('source scripts/toolchain.sh; echo "extra=$NODE_EXTRA_CA_CERTS"; echo "cafile=$(npm config get cafile)"', m.repo, m.env);
    expect(result.stdout).toContain(`extra=${ca}`);
    expect(result.stdout).toContain(`cafile=${other}`);
  });
});
