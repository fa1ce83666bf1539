import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { constants, readFileSync, statSync } from 'node:fs';
import { chmod, copyFile, cp, link, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import * as nodeModule from 'node:module';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const cliPackageJson = createRequire(import.meta.url).resolve('@petstore/cli/package.json');

/** The built `petstore` binary, found the way an installed package is. */
export const cliBin = join(dirname(cliPackageJson), 'dist', 'bin.js');

/** The version package.json declares, which `--version` must print. */
export const cliVersion = (JSON.parse(readFileSync(cliPackageJson, 'utf8')) as { version: string }).version;

/** The mock server's public development key. */
export const DEV_KEY = 'dev-petstore-key42';

/** What one run of the binary left behind. */
export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliRunOptions {
  /** Variables to add (a string) or remove (undefined) on top of the clean environment. */
  env?: Record<string, string | undefined>;
  /** Written to stdin, which is then closed. stdin is always a pipe (never a TTY) and always closed. */
  stdin?: string;
  /** Called with the child once it is spawned (to signal it, or close its stdout). */
  onSpawn?: (child: ChildProcess) => void;
  /**
   * Run as this user (only root may): for permission tests, which root itself
   * would pass. It runs copies of Node.js and the built CLI (see stagedForOtherUsers).
   */
  user?: { uid: number; gid: number };
}

/** The folders from `dir` up to `/` that users other than their owner cannot enter. */
function closedToOthers(dir: string): string[] {
  const closed: string[] = [];
  for (let current = dir; ; current = dirname(current)) {
    if ((statSync(current).mode & 0o001) === 0) closed.push(current);
    if (dirname(current) === current) return closed;
  }
}

let staged: Promise<{ node: string; bin: string }> | undefined;
let stagedDir: string | undefined;

/**
 * Node.js and the built CLI where any user can run them: the clone, and the
 * Node.js in its .tools/, may lie in a folder only its owner can enter (a 0700
 * home, /root, a `mktemp -d` folder), so another user could run neither. A
 * fresh folder (0755) under the temp folder holds a hard link to (or a copy of)
 * this Node.js and a copy of the CLI's dist/; createTempDirs' removeAll
 * removes it.
 */
function stagedForOtherUsers(): Promise<{ node: string; bin: string }> {
  staged ??= (async () => {
    const closed = closedToOthers(tmpdir());
    if (closed.length > 0) {
      throw new Error(`the CLI cannot run as another user from ${tmpdir()}: other users cannot enter ${closed.join(', ')}; set TMPDIR to a folder they can enter (e.g. TMPDIR=/tmp)`);
    }
    const dir = await mkdtemp(join(tmpdir(), 'petstore-e2e-other-user-'));
    stagedDir = dir;
    await chmod(dir, 0o755);
    const node = join(dir, 'node');
    // A hard link costs nothing; across file systems, a copy (a clone where the file system can).
    await link(process.execPath, node).catch(() => copyFile(process.execPath, node, constants.COPYFILE_FICLONE));
    await cp(cliPackageJson, join(dir, 'cli', 'package.json'));
    await cp(dirname(cliBin), join(dir, 'cli', 'dist'), { recursive: true });
    return { node, bin: join(dir, 'cli', 'dist', 'bin.js') };
  })();
  return staged;
}

const RUN_TIMEOUT_MS = 15_000;

/** A proxy variable of the machine's would send the tests' requests to its proxy. */
const PROXY_VARIABLE = /^(https?|no|all)_proxy$/i;

/**
 * The test process's environment without anything that steers the CLI
 * (PETSTORE_*, NO_COLOR, FORCE_COLOR, XDG_CONFIG_HOME, proxy variables), with a config folder of
 * the caller's and the given changes.
 */
export function cliEnv(configDir: string, changes: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined || name.startsWith('PETSTORE_') || ['NO_COLOR', 'FORCE_COLOR', 'XDG_CONFIG_HOME'].includes(name) || PROXY_VARIABLE.test(name)) continue;
    env[name] = value;
  }
  env['PETSTORE_CONFIG_DIR'] = configDir;
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

/** Runs `node dist/bin.js ...args` to completion: stdin, stdout and stderr are pipes. */
export async function runCli(configDir: string, args: readonly string[], options: CliRunOptions = {}): Promise<CliResult> {
  const { node, bin } = options.user ? await stagedForOtherUsers() : { node: process.execPath, bin: cliBin };
  return new Promise((resolve, reject) => {
    const child = spawn(node, [bin, ...args], {
      env: cliEnv(configDir, options.env),
      stdio: ['pipe', 'pipe', 'pipe'],
      // Another user starts in a folder of its own: it may not enter ours.
      ...(options.user && { ...options.user, cwd: dirname(node) }),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    // The CLI may exit before reading stdin: that is not the test's failure.
    child.stdin.on('error', () => {});
    child.stdin.end(options.stdin ?? '');
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    options.onSpawn?.(child);
  });
}

/** Temporary folders of a test file, removed together at the end. */
export function createTempDirs() {
  const made: string[] = [];
  return {
    /** A fresh, empty folder (for PETSTORE_CONFIG_DIR, or files to read). */
    make: async (prefix = 'petstore-e2e-'): Promise<string> => {
      const dir = await mkdtemp(join(tmpdir(), prefix));
      made.push(dir);
      return dir;
    },
    removeAll: async () => {
      if (stagedDir !== undefined) made.push(stagedDir);
      [staged, stagedDir] = [undefined, undefined];
      await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
    },
  };
}

/** A CLI with a configuration folder of its own: each `run` shares it, and nothing else does. */
export interface Cli {
  configDir: string;
  run(args: readonly string[], options?: CliRunOptions): Promise<CliResult>;
}

export async function createCli(tempDirs: ReturnType<typeof createTempDirs>): Promise<Cli> {
  const configDir = await tempDirs.make('petstore-e2e-config-');
  return { configDir, run: (args, options) => runCli(configDir, args, options) };
}

/** A tiny HTTP server for answers the mock server does not give. */
export interface StubServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** `METHOD path` of every request received, in order. */
  requests: string[];
  /** Requests received whose path starts with `prefix`. */
  count(prefix: string): number;
  /** Resolves once a request whose path starts with `prefix` has arrived. */
  received(prefix: string): Promise<void>;
  close(): Promise<void>;
}

export async function startStubServer(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<StubServer> {
  const requests: string[] = [];
  const waiters: { prefix: string; resolve: () => void }[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push(`${request.method ?? 'GET'} ${path}`);
    for (const waiter of waiters.filter((candidate) => path.startsWith(candidate.prefix))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const pathOf = (line: string) => line.slice(line.indexOf(' ') + 1);
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    count: (prefix) => requests.filter((line) => pathOf(line).startsWith(prefix)).length,
    received: (prefix) =>
      requests.some((line) => pathOf(line).startsWith(prefix)) ? Promise.resolve() : new Promise((resolve) => waiters.push({ prefix, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Sends a JSON answer with a request id, as the real service does. */
export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', 'x-request-id': `stub-${status}`, ...headers });
  response.end(JSON.stringify(body));
}

/** The `{"error": {...}}` line `--json` prints on stderr for a failure. */
export interface JsonErrorLine {
  error: { exitCode: number; code: string; message: string; status?: number; requestId?: string };
}

/** A word as a POSIX shell reads it back. */
export const shellQuote = (text: string): string => `'${text.replaceAll("'", "'\\''")}'`;

/**
 * Runs `petstore ARGS` under a real pseudo-terminal (`script` from util-linux),
 * so stdout and stderr are a TTY exactly as in an operator's shell; `redirect`
 * (e.g. `> report.ndjson`) is appended to the command line. Resolves with what
 * the terminal showed.
 */
export async function inTerminal(args: readonly string[], env: Record<string, string>, redirect = ''): Promise<string> {
  const command = `${[process.execPath, cliBin, ...args].map(shellQuote).join(' ')}${redirect ? ` ${redirect}` : ''}`;
  const { stdout } = await promisify(execFile)('script', ['--quiet', '--return', '--command', command, '/dev/null'], {
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', TERM: 'xterm-256color', ...env },
  });
  return stdout;
}

/** Whether filesLoadedBy can work: module.registerHooks came in Node.js 22.15 (the runtime matrix's 22.12 lacks it). */
export const canListLoadedFiles = 'registerHooks' in nodeModule;

/** Text found only in the proxy support: undici's, and @petstore/sdk/node's proxyFetch. */
export const PROXY_MARKERS = ['Proxy uri is mandatory', 'the proxy option'];

/**
 * Runs `node dist/bin.js ...args` with a module hook that lists every file of
 * the bundle the process loads; resolves with each file's URL and text.
 */
export async function filesLoadedBy(args: readonly string[], env: Record<string, string> = {}): Promise<[url: string, text: string][]> {
  const hook = `data:text/javascript,${encodeURIComponent(`import { registerHooks } from 'node:module';
const seen = [];
registerHooks({ load(url, context, next) { if (url.startsWith('file:')) seen.push(url); return next(url, context); } });
process.on('exit', () => process.stderr.write(JSON.stringify(seen)));`)}`;
  const { stderr } = await promisify(execFile)(process.execPath, ['--import', hook, cliBin, ...args], { env: { PATH: process.env['PATH'], ...env } }).catch(
    (error: { stderr: string }) => error,
  );
  const loaded = JSON.parse(stderr.slice(stderr.lastIndexOf('["file:'))) as string[];
  return loaded.map((url) => [url, readFileSync(fileURLToPath(url), 'utf8')]);
}
