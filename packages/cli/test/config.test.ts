/**
 * End-to-end tests of configuration, credentials and `auth`, with the built
 * `petstore` binary in a child process: real files, FIFOs, modes and owners in
 * a configuration folder of each test's own, and the real mock server process
 * for `auth login`'s check of the key.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, symlinkSync, writeFileSync } from 'node:fs';
import { chmod, chown, lstat, mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startMockServerProcess, type MockServerProcess } from '../../../test/support/mock-server-process.js';
import { DEV_KEY, createCli, createTempDirs, sendJson, startStubServer, type CliResult, type CliRunOptions, type JsonErrorLine, type StubServer } from './support.js';

const SECRET_KEY = 'sk-config-Hq4mZ7wPx2Lc9Rt';
const DEAD_URL = 'http://127.0.0.1:1/v1';
const MOCK_URL = 'http://127.0.0.1:4010/v1';
/** A Node.js stack trace, or a raw errno message from node:fs. */
const STACK = /\n\s+at |node:internal|EACCES: permission denied, /;
// eslint-disable-next-line no-control-regex -- looking for raw control characters is the point.
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const tempDirs = createTempDirs();
const cli = () => createCli(tempDirs);

let store: MockServerProcess; // --seed 12, the development key
let secret: MockServerProcess; // --seed 12, accepts only SECRET_KEY
let stub: StubServer; // counts what reaches it; answers 200 [] to a list

beforeAll(async () => {
  [store, secret, stub] = await Promise.all([
    startMockServerProcess(['--seed', '12']),
    startMockServerProcess(['--seed', '12', '--api-key', SECRET_KEY]),
    startStubServer((request, response) => {
      request.resume();
      sendJson(response, 200, []);
    }),
  ]);
});

afterAll(async () => {
  await Promise.all([store?.stop(), secret?.stop(), stub?.close()]);
  await tempDirs.removeAll();
});

/** stderr of a `--json` failure: exactly one line, `{"error": {...}}`. */
function jsonError(result: CliResult): JsonErrorLine['error'] {
  const lines = result.stderr.split('\n').filter((line) => line !== '');
  if (lines.length !== 1) throw new Error(`stderr is not one line: ${JSON.stringify(result.stderr)}`);
  return (JSON.parse(lines[0] ?? '') as JsonErrorLine).error;
}

/** Runs as another user when the tests run as root, who reads whatever the mode says. */
const asNonRoot: Pick<CliRunOptions, 'user'> = process.getuid?.() === 0 ? { user: { uid: 65534, gid: 65534 } } : {};

const readJson = async (path: string): Promise<unknown> => JSON.parse(await readFile(path, 'utf8')) as unknown;

describe.concurrent('configuration, credentials and auth (the built binary)', () => {
  describe('the development key goes only to the mock\'s own base URL', () => {
    it('with another base URL from the flag, the environment or config.json and no key: exit 3 naming both, nothing sent', async ({ expect }) => {
      const { run, configDir } = await cli();
      const url = (name: string) => `${stub.origin}/dev-key-${name}/v1`;
      await writeFile(join(configDir, 'config.json'), JSON.stringify({ profiles: { mock: { baseUrl: url('file') } } }));
      const [flag, env, file, json] = await Promise.all([
        run(['pets', 'list', '--base-url', url('flag')]),
        run(['pets', 'list'], { env: { PETSTORE_BASE_URL: url('env') } }),
        run(['pets', 'list']),
        run(['pets', 'list', '--json', '--base-url', url('flag')]),
      ]);
      for (const [result, name] of [[flag, 'flag'], [env, 'env'], [file, 'file']] as const) {
        expect(result.code).toBe(3);
        expect(result.stdout).toBe('');
        expect(result.stderr).toBe(
          `error: no API key for profile "mock" at ${url(name)} (its built-in key is sent only to ${MOCK_URL}): set PETSTORE_API_KEY, or run \`petstore auth login --profile mock\`\n`,
        );
        expect(result.stderr).not.toContain(DEV_KEY);
      }
      expect(jsonError(json)).toMatchObject({ exitCode: 3, code: 'configuration', message: expect.stringContaining('no API key for profile "mock"') });
      expect(stub.count('/dev-key-')).toBe(0);
    });

    it('at its own base URL, written with a trailing slash too, the mock profile has the development key', async ({ expect }) => {
      const { run } = await cli();
      const [plain, slash] = await Promise.all([run(['auth', 'status', '--json']), run(['auth', 'status', '--json', '--base-url', `${MOCK_URL}/`])]);
      for (const result of [plain, slash]) {
        expect(result).toMatchObject({ code: 0, stderr: '' });
        expect(JSON.parse(result.stdout)).toEqual({ profile: 'mock', baseUrl: MOCK_URL, apiKey: 'dev-…y42', apiKeySource: 'default' });
      }
    });

    it('a key from PETSTORE_API_KEY or credentials.json is sent wherever the base URL points', async ({ expect }) => {
      const { run, configDir } = await cli();
      const fromEnv = await run(['pets', 'list', '--limit', '1', '--base-url', store.url], { env: { PETSTORE_API_KEY: DEV_KEY } });
      expect(fromEnv).toMatchObject({ code: 0, stdout: '1\tRex\t1\tavailable\n' });
      await writeFile(join(configDir, 'credentials.json'), JSON.stringify({ profiles: { mock: { apiKey: SECRET_KEY } } }), { mode: 0o600 });
      const stored = await run(['pets', 'list', '--limit', '1', '--base-url', secret.url]);
      expect(stored).toMatchObject({ code: 0, stdout: '1\tRex\t1\tavailable\n', stderr: expect.stringMatching(/^note: 1 animal, the most --limit 1 returns; [^\n]*\n$/) });
    });
  });

  describe('base URLs: one rule for every source', () => {
    const cases = [
      { value: 'ftp://example.org/v1', problem: /must be an http\(s\) URL, not ftp:/ },
      { value: 'https://example.org/v1?debug=1', problem: /must not have a query \(\?…\) or a fragment \(#…\)/ },
      { value: 'https://example.org/v1#top', problem: /must not have a query \(\?…\) or a fragment \(#…\)/ },
      { value: 'https://ops:hunter2@example.org/v1', problem: /must not contain a user name or password/ },
      { value: 'https://example.org/api', problem: /must end in \/v1 \(the API's version\), got the path "\/api"/ },
      { value: 'not-a-url', problem: /must be an http\(s\) URL ending in \/v1, e\.g\. https:\/\/api\.example\.org\/v1, got "not-a-url"/ },
    ];

    it.for(cases)('$value: exit 2 from --base-url and `config set`, exit 3 from PETSTORE_BASE_URL and config.json, each named', async ({ value, problem }, { expect }) => {
      const [typed, written] = await Promise.all([cli(), cli()]);
      const configPath = join(written.configDir, 'config.json');
      const fileText = JSON.stringify({ profiles: { mock: { baseUrl: value } } });
      await writeFile(configPath, fileText);
      const env = { PETSTORE_API_KEY: DEV_KEY };
      const [flag, set, fromEnv, fromFile, listed] = await Promise.all([
        typed.run(['pets', 'list', '--base-url', value], { env }),
        typed.run(['config', 'set', 'base-url', value]),
        typed.run(['pets', 'list'], { env: { ...env, PETSTORE_BASE_URL: value } }),
        written.run(['pets', 'list'], { env }),
        written.run(['config', 'list']),
      ]);
      const expected: [CliResult, number, string][] = [
        [flag, 2, 'error: --base-url '],
        [set, 2, 'error: base-url '],
        [fromEnv, 3, 'error: PETSTORE_BASE_URL '],
        [fromFile, 3, `error: ${configPath}: profiles.mock.baseUrl `],
        [listed, 3, `error: ${configPath}: profiles.mock.baseUrl `],
      ];
      for (const [result, code, start] of expected) {
        expect(result.code, start).toBe(code);
        expect(result.stdout).toBe('');
        expect(result.stderr.startsWith(start), result.stderr).toBe(true);
        expect(result.stderr).toMatch(problem);
        expect(result.stderr).not.toMatch(STACK);
        // A password in a URL is never printed, nor the URL that holds it.
        expect(result.stderr).not.toContain('hunter2');
        expect(result.stderr).not.toContain('ops:');
      }
      expect(fromFile.stderr).toContain('petstore config set base-url URL --profile mock');
      // `config set` wrote nothing; the hand-written file is as it was.
      expect(existsSync(join(typed.configDir, 'config.json'))).toBe(false);
      expect(await readFile(configPath, 'utf8')).toBe(fileText);
    });

    it('accepts a trailing slash and drops it: stored, printed and used without it', async ({ expect }) => {
      const { run, configDir } = await cli();
      const set = await run(['config', 'set', 'base-url', 'https://api.example.org/v1/', '--profile', 'staging']);
      expect(set).toMatchObject({ code: 0, stdout: '', stderr: 'Base URL of profile "staging" is now https://api.example.org/v1.\n' });
      expect(await readJson(join(configDir, 'config.json'))).toEqual({ profiles: { staging: { baseUrl: 'https://api.example.org/v1' } } });
      const [flag, env, used] = await Promise.all([
        run(['config', 'get', 'base-url', '--base-url', 'HTTP://127.0.0.1:4010/v1/']),
        run(['config', 'get', 'base-url'], { env: { PETSTORE_BASE_URL: `${store.url}/` } }),
        run(['pets', 'list', '--limit', '1', '--base-url', `${store.url}/`], { env: { PETSTORE_API_KEY: DEV_KEY } }),
      ]);
      expect(flag).toMatchObject({ code: 0, stdout: `${MOCK_URL}\n` });
      expect(env).toMatchObject({ code: 0, stdout: `${store.url}\n` });
      expect(used).toMatchObject({ code: 0, stdout: '1\tRex\t1\tavailable\n' });
    });

    it('a stale base URL of another profile does not stop work, and `config set` can fix it', async ({ expect }) => {
      const { run, configDir } = await cli();
      await writeFile(join(configDir, 'config.json'), JSON.stringify({ profiles: { staging: { baseUrl: 'ftp://old.example.org/v1' } } }));
      const status = await run(['auth', 'status']);
      expect(status.code).toBe(0);
      const fixed = await run(['config', 'set', 'base-url', 'https://new.example.org/v1', '--profile', 'staging']);
      expect(fixed.code).toBe(0);
      expect((await run(['config', 'get', 'base-url', '--profile', 'staging'])).stdout).toBe('https://new.example.org/v1\n');
    });
  });

  describe('configuration files are checked', () => {
    it('a wrong type in config.json or credentials.json: exit 3 naming the file and the key, never the key\'s value', async ({ expect }) => {
      const [config, credentials, crlf, profile] = await Promise.all([cli(), cli(), cli(), cli()]);
      await Promise.all([
        writeFile(join(config.configDir, 'config.json'), JSON.stringify({ profiles: { staging: { baseUrl: ['https://s.example.org/v1'] } } })),
        writeFile(join(credentials.configDir, 'credentials.json'), JSON.stringify({ profiles: { mock: { apiKey: { value: 'sk-in-an-object' } } } }), { mode: 0o600 }),
        writeFile(join(crlf.configDir, 'credentials.json'), JSON.stringify({ profiles: { mock: { apiKey: 'sk-line\r\nX-Injected: yes' } } }), { mode: 0o600 }),
        writeFile(join(profile.configDir, 'config.json'), JSON.stringify({ profile: ['staging'] })),
      ]);
      const results = await Promise.all([
        config.run(['pets', 'list', '--base-url', store.url], { env: { PETSTORE_API_KEY: DEV_KEY } }),
        credentials.run(['pets', 'list']),
        crlf.run(['auth', 'status']),
        profile.run(['config', 'get', 'profile']),
        config.run(['pets', 'list', '--json'], { env: { PETSTORE_API_KEY: DEV_KEY } }),
      ]);
      const [baseUrl, apiKey, lineBreak, notAName, json] = results;
      const expected: [CliResult | undefined, string][] = [
        [baseUrl, `error: ${join(config.configDir, 'config.json')}: profiles.staging.baseUrl: expected string, got array; fix or delete it\n`],
        [apiKey, `error: ${join(credentials.configDir, 'credentials.json')}: profiles.mock.apiKey: expected string, got object; fix or delete it\n`],
        [lineBreak, `error: ${join(crlf.configDir, 'credentials.json')}: profiles.mock.apiKey: must be printable ASCII with no spaces or line breaks; fix or delete it\n`],
        [notAName, `error: ${join(profile.configDir, 'config.json')}: profile: expected string, got array; fix or delete it\n`],
      ];
      for (const [result, stderr] of expected) expect(result).toMatchObject({ code: 3, stdout: '', stderr });
      expect(json?.code).toBe(3);
      expect(jsonError(json as CliResult)).toMatchObject({ exitCode: 3, code: 'configuration', message: expect.stringContaining('profiles.staging.baseUrl') });
      for (const result of results) expect(result.stderr).not.toMatch(/sk-in-an-object|sk-line|X-Injected/);
    });

    it('a JSON syntax error says "not valid JSON", without quoting the file', async ({ expect }) => {
      const { run, configDir } = await cli();
      await writeFile(join(configDir, 'credentials.json'), '{"profiles": {"mock": {"apiKey": sk-unquoted-secret}}}', { mode: 0o600 });
      const result = await run(['pets', 'list']);
      expect(result).toMatchObject({ code: 3, stdout: '' });
      expect(result.stderr).toMatch(new RegExp(`^error: ${join(configDir, 'credentials.json')} is not valid JSON.*; fix or delete it\\n$`));
      expect(result.stderr).not.toContain('sk-unquoted-secret');
    });

    it('a FIFO, a link to a FIFO, a folder or a device is refused at once, never read', async ({ expect }) => {
      const [fifoConfig, fifoCredentials, linked, folder, device] = await Promise.all([cli(), cli(), cli(), cli(), cli()]);
      execFileSync('mkfifo', [join(fifoConfig.configDir, 'config.json')]);
      execFileSync('mkfifo', [join(fifoCredentials.configDir, 'credentials.json')]);
      execFileSync('mkfifo', [join(linked.configDir, 'pipe')]);
      await symlink(join(linked.configDir, 'pipe'), join(linked.configDir, 'config.json'));
      await mkdir(join(folder.configDir, 'config.json'));
      await symlink('/dev/zero', join(device.configDir, 'credentials.json'));
      const started = Date.now();
      const [a, b, c, d, e] = await Promise.all([
        fifoConfig.run(['config', 'get', 'profile']),
        fifoCredentials.run(['auth', 'status']),
        linked.run(['pets', 'list']),
        folder.run(['config', 'list']),
        device.run(['auth', 'status']),
      ]);
      // A read of a FIFO with no writer would wait until the harness kills the child (15 s).
      expect(Date.now() - started).toBeLessThan(10_000);
      const cases: [CliResult, string, string][] = [
        [a, join(fifoConfig.configDir, 'config.json'), 'a FIFO (named pipe)'],
        [b, join(fifoCredentials.configDir, 'credentials.json'), 'a FIFO (named pipe)'],
        [c, join(linked.configDir, 'config.json'), 'a FIFO (named pipe)'],
        [d, join(folder.configDir, 'config.json'), 'a folder'],
        [e, join(device.configDir, 'credentials.json'), 'a device'],
      ];
      for (const [result, path, kind] of cases) {
        expect(result).toMatchObject({ code: 3, signal: null, stdout: '' });
        expect(result.stderr).toBe(`error: ${path} is ${kind}, not a regular file; the CLI reads only regular files: remove or replace it\n`);
      }
    });

    it('a file over 1 MiB is refused, exit 3', async ({ expect }) => {
      const { run, configDir } = await cli();
      await writeFile(join(configDir, 'config.json'), `{"profile":"mock"}${' '.repeat(1024 * 1024)}`);
      const result = await run(['config', 'get', 'profile']);
      expect(result).toMatchObject({ code: 3, stdout: '', stderr: `error: ${join(configDir, 'config.json')} is larger than 1 MiB; it cannot be a configuration file: fix or delete it\n` });
    });

    it('a credentials file others may read or change gets a warning (file, mode, chmod 600), and the command goes on', async ({ expect }) => {
      const { run, configDir } = await cli();
      const path = join(configDir, 'credentials.json');
      await writeFile(path, JSON.stringify({ profiles: { mock: { apiKey: SECRET_KEY } } }));
      await chmod(path, 0o644);
      const warning = `warning: ${path} holds API keys but other users may read or change it (mode 0644); run \`chmod 600 ${path}\`\n`;
      const [status, list] = await Promise.all([run(['auth', 'status']), run(['pets', 'list', '--limit', '1', '--base-url', secret.url])]);
      expect(status).toMatchObject({ code: 0, stderr: warning });
      expect(list).toMatchObject({ code: 0, stdout: '1\tRex\t1\tavailable\n' });
      // The warning, then the note that 1 animal is the whole page --limit 1 asks for.
      expect(list.stderr.slice(0, warning.length)).toBe(warning);
      expect(list.stderr.slice(warning.length)).toMatch(/^note: 1 animal, [^\n]*\n$/);

      await chmod(path, 0o620);
      expect((await run(['auth', 'status'])).stderr).toContain('(mode 0620)');
      await chmod(path, 0o600);
      expect(await run(['auth', 'status'])).toMatchObject({ code: 0, stderr: '' });
    });

    // As root, the CLI runs as nobody (uid 65534), from copies it can reach: root itself reads whatever the mode says.
    it('an unreadable folder or file, or an unwritable folder: exit 3 naming it, no raw EACCES, no stack', async ({ expect }) => {
      const [folder, file, readOnly] = await Promise.all([cli(), cli(), cli()]);
      await writeFile(join(folder.configDir, 'config.json'), '{}');
      await chmod(folder.configDir, 0o000);
      await writeFile(join(file.configDir, 'config.json'), '{}');
      await chmod(join(file.configDir, 'config.json'), 0o000);
      await chmod(file.configDir, 0o755);
      await chmod(readOnly.configDir, 0o555);
      try {
        const [noFolder, noFile, noWrite] = await Promise.all([
          folder.run(['config', 'get', 'profile'], asNonRoot),
          file.run(['pets', 'list'], asNonRoot),
          readOnly.run(['config', 'set', 'profile', 'staging'], asNonRoot),
        ]);
        expect(noFolder).toMatchObject({
          code: 3,
          stdout: '',
          stderr: `error: cannot open the configuration folder ${folder.configDir}: permission denied (EACCES); check its owner and mode, or set PETSTORE_CONFIG_DIR\n`,
        });
        expect(noFile).toMatchObject({
          code: 3,
          stdout: '',
          stderr: `error: cannot read ${join(file.configDir, 'config.json')}: permission denied (EACCES); check the owner and mode of the file and of ${file.configDir}\n`,
        });
        expect(noWrite.code).toBe(3);
        expect(noWrite.stderr).toMatch(new RegExp(`^error: cannot write ${join(readOnly.configDir, 'config.json')}: permission denied \\(EACCES\\)`));
        for (const result of [noFolder, noFile, noWrite]) expect(result.stderr).not.toMatch(STACK);
      } finally {
        await Promise.all([chmod(folder.configDir, 0o700), chmod(readOnly.configDir, 0o700)]);
      }
    });
  });

  describe('the configuration folder is written safely', () => {
    it('a link planted at any temporary name, or at the file itself, never receives the key: the files are new, 0600, and nothing is left behind', async ({ expect }) => {
      const { run, configDir } = await cli();
      const attacker = await tempDirs.make('petstore-attacker-');
      const planted: string[] = [];
      const plant = (name: string) => {
        const target = join(attacker, `${name}.stolen`);
        // Valid JSON: a link at credentials.json itself is read (as any link to a regular file is) before the write.
        writeFileSync(target, '{}');
        symlinkSync(target, join(configDir, name));
        planted.push(target);
      };
      const result = await run(['auth', 'login', '--with-token', '--no-verify', '--profile', 'staging'], {
        stdin: `${SECRET_KEY}\n`,
        // The child is still starting: the links are in place before it writes anything.
        onSpawn: (child) => {
          for (const file of ['credentials.json', 'config.json']) {
            for (const name of [`${file}.${child.pid}.tmp`, `${file}.tmp`, `.${file}.tmp`, `${file}.new`, `${file}~`]) plant(name);
          }
          plant('credentials.json');
        },
      });
      expect(result, result.stderr).toMatchObject({ code: 0, stdout: '' });
      for (const target of planted) expect(await readFile(target, 'utf8')).toBe('{}');
      const path = join(configDir, 'credentials.json');
      expect((await lstat(path)).isFile()).toBe(true);
      expect((await stat(path)).mode & 0o777).toBe(0o600);
      expect(await readJson(path)).toEqual({ profiles: { staging: { apiKey: SECRET_KEY } } });
      expect((await readdir(configDir)).filter((name) => !lstatSync(join(configDir, name)).isSymbolicLink())).toEqual(['credentials.json']);
    });

    it('a folder others may write, or one of another user, is refused, reading or writing: exit 3 naming it, nothing written', async ({ expect }) => {
      const { run, configDir } = await cli();
      await chmod(configDir, 0o777);
      const refused = `error: the configuration folder ${configDir} may be written by other users (mode 0777), who could replace its files; run \`chmod go-w ${configDir}\`\n`;
      const [login, set, list] = await Promise.all([
        run(['auth', 'login', '--with-token', '--no-verify'], { stdin: `${SECRET_KEY}\n` }),
        run(['config', 'set', 'profile', 'staging']),
        run(['pets', 'list', '--base-url', store.url]),
      ]);
      for (const result of [login, set, list]) expect(result).toMatchObject({ code: 3, stdout: '', stderr: refused });
      expect(await readdir(configDir)).toEqual([]);
      await chmod(configDir, 0o700);
      if (process.getuid?.() === 0) {
        // Root's own folder handed to nobody: root refuses it too, as ssh does.
        await chown(configDir, 65534, 65534);
        const other = await run(['auth', 'status']);
        expect(other).toMatchObject({ code: 3, stderr: `error: the configuration folder ${configDir} belongs to another user (uid 65534); use a folder of your own (set PETSTORE_CONFIG_DIR)\n` });
      }
    });
  });

  describe('auth login checks the key with one request', () => {
    it('accepted: stored (0600), and the note says by which base URL', async ({ expect }) => {
      const { run, configDir } = await cli();
      const result = await run(['auth', 'login', '--with-token', '--base-url', secret.url], { stdin: `${SECRET_KEY}\n` });
      expect(result).toMatchObject({ code: 0, stdout: '' });
      expect(result.stderr).toBe(`API key sk-c…9Rt accepted by ${secret.url}; stored for profile "mock" in ${join(configDir, 'credentials.json')}.\n`);
      expect(await readJson(join(configDir, 'credentials.json'))).toEqual({ profiles: { mock: { apiKey: SECRET_KEY } } });
      expect((await stat(join(configDir, 'credentials.json'))).mode & 0o777).toBe(0o600);
    });

    it('sends exactly one request: the first animal, to the profile\'s base URL', async ({ expect }) => {
      const { run } = await cli();
      const result = await run(['auth', 'login', '--with-token', '--base-url', `${stub.origin}/login-once/v1`], { stdin: 'sk-any-key-123456\n' });
      expect(result.code).toBe(0);
      expect(stub.requests.filter((line) => line.includes('/login-once/'))).toEqual(['GET /login-once/v1/pets?limit=1']);
    });

    it('refused (401): exit 4, the message names the base URL, nothing is stored', async ({ expect }) => {
      const { run, configDir } = await cli();
      const stdin = 'sk-not-the-right-one-42\n';
      const [plain, json] = await Promise.all([
        run(['auth', 'login', '--with-token', '--base-url', secret.url], { stdin }),
        run(['auth', 'login', '--with-token', '--json', '--base-url', secret.url], { stdin }),
      ]);
      // With the id of the request that was refused, as every failed request's error.
      expect(plain).toMatchObject({ code: 4, stdout: '' });
      expect(plain.stderr).toMatch(new RegExp(`^error: the API key was refused by ${secret.url.replaceAll('.', '\\.')} \\(401\\); nothing was stored \\(request id \\S+\\)\n$`));
      expect(json.code).toBe(4);
      expect(jsonError(json)).toMatchObject({ exitCode: 4, message: `the API key was refused by ${secret.url} (401); nothing was stored`, requestId: expect.any(String) });
      for (const result of [plain, json]) expect(result.stderr).not.toContain('sk-not-the-right-one-42');
      expect(existsSync(join(configDir, 'credentials.json'))).toBe(false);
    });

    it('unreachable: exit 7, nothing stored, and --no-verify is suggested; with --no-verify it is stored unchecked', async ({ expect }) => {
      const { run, configDir } = await cli();
      const [plain, json] = await Promise.all([
        run(['auth', 'login', '--with-token', '--base-url', DEAD_URL], { stdin: 'sk-offline-key-1234\n' }),
        run(['auth', 'login', '--with-token', '--json', '--base-url', DEAD_URL], { stdin: 'sk-offline-key-1234\n' }),
      ]);
      expect(plain.code).toBe(7);
      expect(plain.stdout).toBe('');
      expect(plain.stderr).toMatch(/^error: could not check the API key with http:\/\/127\.0\.0\.1:1\/v1: .*; nothing was stored\. Try again, or store it unchecked with --no-verify \(request id [0-9a-f]{32}\)\n$/);
      expect(jsonError(json)).toMatchObject({ exitCode: 7, message: expect.stringContaining('--no-verify'), requestId: expect.stringMatching(/^[0-9a-f]{32}$/) });
      expect(existsSync(join(configDir, 'credentials.json'))).toBe(false);

      const unchecked = await run(['auth', 'login', '--with-token', '--no-verify', '--base-url', DEAD_URL], { stdin: 'sk-offline-key-1234\n' });
      expect(unchecked).toMatchObject({ code: 0, stdout: '' });
      expect(unchecked.stderr).toContain('API key sk-o…234 not checked (--no-verify); stored for profile "mock"');
      expect(await readJson(join(configDir, 'credentials.json'))).toEqual({ profiles: { mock: { apiKey: 'sk-offline-key-1234' } } });
    });

    it('a profile without a base URL: exit 3 before any key is read, suggesting --no-verify', async ({ expect }) => {
      const { run, configDir } = await cli();
      const checked = await run(['auth', 'login', '--with-token', '--profile', 'production'], { stdin: 'sk-production-key-99\n' });
      expect(checked).toMatchObject({ code: 3, stdout: '' });
      expect(checked.stderr).toMatch(/no base URL for profile "production".*; or store the key unchecked with --no-verify\n$/);
      expect(existsSync(join(configDir, 'credentials.json'))).toBe(false);
      const unchecked = await run(['auth', 'login', '--with-token', '--no-verify', '--profile', 'production'], { stdin: 'sk-production-key-99\n' });
      expect(unchecked.code).toBe(0);
      expect(await readJson(join(configDir, 'credentials.json'))).toEqual({ profiles: { production: { apiKey: 'sk-production-key-99' } } });
    });

    it('notes that PETSTORE_API_KEY, when set, wins over the stored key', async ({ expect }) => {
      const { run } = await cli();
      const result = await run(['auth', 'login', '--with-token', '--no-verify'], { stdin: 'sk-stored-key-5678\n', env: { PETSTORE_API_KEY: DEV_KEY } });
      expect(result.code).toBe(0);
      expect(result.stderr).toContain('PETSTORE_API_KEY is set, and takes precedence over the stored key');
    });
  });

  describe('auth status', () => {
    it('with no key: prints what it knows, "none" with what to do, and exits 3', async ({ expect }) => {
      const { run } = await cli();
      const [plain, json] = await Promise.all([
        run(['auth', 'status', '--profile', 'staging', '--base-url', store.url]),
        run(['auth', 'status', '--json', '--profile', 'staging', '--base-url', store.url]),
      ]);
      expect(plain.code).toBe(3);
      expect(plain.stdout).toBe(`profile   staging\nbase URL  ${store.url}\nAPI key   none — run \`petstore auth login --profile staging\`, or set PETSTORE_API_KEY\n`);
      expect(plain.stderr).toBe(`error: no API key for profile "staging" at ${store.url}: set PETSTORE_API_KEY, or run \`petstore auth login --profile staging\`\n`);
      expect(json.code).toBe(3);
      expect(JSON.parse(json.stdout)).toEqual({ profile: 'staging', baseUrl: store.url, apiKey: null, apiKeySource: null });
      expect(jsonError(json)).toMatchObject({ exitCode: 3, code: 'configuration' });
    });

    it('with no base URL either: both are "none" (null in JSON), exit 3', async ({ expect }) => {
      const { run } = await cli();
      const [plain, json] = await Promise.all([run(['auth', 'status', '--profile', 'production']), run(['auth', 'status', '--profile', 'production', '--json'])]);
      expect(plain.code).toBe(3);
      expect(plain.stdout).toBe(
        'profile   production\nbase URL  none — run `petstore config set base-url URL --profile production`\nAPI key   none — run `petstore auth login --profile production`, or set PETSTORE_API_KEY\n',
      );
      expect(JSON.parse(json.stdout)).toEqual({ profile: 'production', baseUrl: null, apiKey: null, apiKeySource: null });
    });
  });

  describe('config list, unset and delete-profile', () => {
    it('list --json: every profile (built in, configured, with a stored key, current), null for what is unset, the current one marked', async ({ expect }) => {
      const { run, configDir } = await cli();
      expect((await run(['config', 'set', 'base-url', 'https://qa.example.org/v1', '--profile', 'qa'])).code).toBe(0);
      expect((await run(['auth', 'login', '--with-token', '--no-verify', '--profile', 'ci'], { stdin: 'sk-ci-key-123456' })).code).toBe(0);
      const result = await run(['config', 'list', '--json'], { env: { PETSTORE_PROFILE: 'adhoc' } });
      expect(result).toMatchObject({ code: 0, stderr: '' });
      expect(JSON.parse(result.stdout)).toEqual({
        configDir,
        profile: 'adhoc',
        profiles: [
          { profile: 'mock', current: false, baseUrl: MOCK_URL, baseUrlSource: 'default', apiKeyStored: false },
          { profile: 'production', current: false, baseUrl: null, baseUrlSource: null, apiKeyStored: false },
          { profile: 'staging', current: false, baseUrl: null, baseUrlSource: null, apiKeyStored: false },
          { profile: 'adhoc', current: true, baseUrl: null, baseUrlSource: null, apiKeyStored: false },
          { profile: 'ci', current: false, baseUrl: null, baseUrlSource: null, apiKeyStored: true },
          { profile: 'qa', current: false, baseUrl: 'https://qa.example.org/v1', baseUrlSource: 'config file', apiKeyStored: false },
        ],
      });
      expect(result.stdout).not.toContain('not set');
      const text = await run(['config', 'list'], { env: { PETSTORE_PROFILE: 'adhoc' } });
      expect(text.stdout).toBe(
        `  mock         ${MOCK_URL} (default)\n  production   (not set)\n  staging      (not set)\n* adhoc        (not set)\n  ci           (not set)\n  qa           https://qa.example.org/v1\n`,
      );
    });

    it('unset profile goes back to mock; unset again is a note, exit 0', async ({ expect }) => {
      const { run, configDir } = await cli();
      expect((await run(['config', 'set', 'profile', 'staging'])).code).toBe(0);
      const unset = await run(['config', 'unset', 'profile']);
      expect(unset).toMatchObject({ code: 0, stdout: '', stderr: 'Profile is back to the default, "mock".\n' });
      expect(await readJson(join(configDir, 'config.json'))).toEqual({});
      expect((await run(['config', 'get', 'profile'])).stdout).toBe('mock\n');
      const again = await run(['config', 'unset', 'profile']);
      expect(again).toMatchObject({ code: 0, stderr: `No profile is set in ${join(configDir, 'config.json')}; the default is "mock".\n` });
    });

    it('unset base-url removes the profile\'s own: a built-in profile is back to its default, another has none', async ({ expect }) => {
      const { run, configDir } = await cli();
      expect((await run(['config', 'set', 'base-url', 'https://s.example.org/v1', '--profile', 'staging'])).code).toBe(0);
      expect((await run(['config', 'set', 'base-url', 'https://m.example.org/v1'])).code).toBe(0);
      const [staging, mock] = [await run(['config', 'unset', 'base-url', '--profile', 'staging']), await run(['config', 'unset', 'base-url'])];
      expect(staging).toMatchObject({ code: 0, stderr: 'Removed the base URL of profile "staging".\n' });
      expect(mock).toMatchObject({ code: 0, stderr: `Removed the base URL of profile "mock"; it is back to ${MOCK_URL}.\n` });
      expect(await readJson(join(configDir, 'config.json'))).toEqual({ profiles: {} });
      expect((await run(['config', 'get', 'base-url'])).stdout).toBe(`${MOCK_URL}\n`);
      expect((await run(['config', 'get', 'base-url', '--profile', 'staging'])).code).toBe(3);
      const again = await run(['config', 'unset', 'base-url', '--profile', 'staging']);
      expect(again).toMatchObject({ code: 0, stderr: `Profile "staging" has no base URL in ${join(configDir, 'config.json')}.\n` });
    });

    it('delete-profile forgets the base URL and the stored key, and the current profile goes back to mock', async ({ expect }) => {
      const { run, configDir } = await cli();
      expect((await run(['config', 'set', 'base-url', 'https://s.example.org/v1', '--profile', 'staging'])).code).toBe(0);
      expect((await run(['config', 'set', 'profile', 'staging'])).code).toBe(0);
      expect((await run(['auth', 'login', '--with-token', '--no-verify'], { stdin: 'sk-staging-key-1234' })).code).toBe(0);
      expect((await run(['auth', 'login', '--with-token', '--no-verify', '--profile', 'qa'], { stdin: 'sk-qa-key-123456' })).code).toBe(0);

      const result = await run(['config', 'delete-profile', 'staging']);
      expect(result).toMatchObject({
        code: 0,
        stdout: '',
        stderr: 'Deleted what was stored for the built-in profile "staging": removed its base URL and its stored API key; its defaults remain.\nThe current profile is back to the default, "mock".\n',
      });
      expect(await readJson(join(configDir, 'config.json'))).toEqual({ profiles: {} });
      expect(await readJson(join(configDir, 'credentials.json'))).toEqual({ profiles: { qa: { apiKey: 'sk-qa-key-123456' } } });
      expect((await stat(join(configDir, 'credentials.json'))).mode & 0o777).toBe(0o600);
      expect((await run(['config', 'get', 'profile'])).stdout).toBe('mock\n');

      const qa = await run(['config', 'delete-profile', 'qa']);
      expect(qa).toMatchObject({ code: 0, stderr: 'Deleted profile "qa": removed its stored API key.\n' });
      expect(await readJson(join(configDir, 'credentials.json'))).toEqual({ profiles: {} });
    });

    it('delete-profile mock removes its overrides only; a built-in with nothing stored is a note', async ({ expect }) => {
      const { run, configDir } = await cli();
      expect((await run(['config', 'set', 'base-url', 'https://m.example.org/v1'])).code).toBe(0);
      const result = await run(['config', 'delete-profile', 'mock']);
      expect(result).toMatchObject({ code: 0, stderr: 'Deleted what was stored for the built-in profile "mock": removed its base URL; its defaults remain.\n' });
      expect((await run(['config', 'get', 'base-url'])).stdout).toBe(`${MOCK_URL}\n`);
      expect(await readJson(join(configDir, 'config.json'))).toEqual({ profiles: {} });
      const nothing = await run(['config', 'delete-profile', 'production']);
      expect(nothing).toMatchObject({ code: 0, stderr: 'Nothing is stored for the built-in profile "production"; nothing to delete.\n' });
    });

    it('set profile of a profile that does not exist is a usage error (exit 2) listing the profiles and how to create one; once created it is chosen', async ({ expect }) => {
      const { run, configDir } = await cli();
      expect((await run(['config', 'set', 'base-url', 'https://q.example.org/v1', '--profile', 'qa'])).code).toBe(0);
      const before = await readFile(join(configDir, 'config.json'), 'utf8');
      const typo = await run(['config', 'set', 'profile', 'prodution']);
      expect(typo).toMatchObject({
        code: 2,
        stdout: '',
        stderr:
          'error: no profile "prodution"; the profiles are mock, production, staging, qa. Create it with `petstore config set base-url URL --profile prodution` (or `petstore auth login --profile prodution`), then choose it\n',
      });
      expect(await readFile(join(configDir, 'config.json'), 'utf8')).toBe(before);
      expect((await run(['config', 'get', 'profile'])).stdout).toBe('mock\n');
      for (const name of ['qa', 'production']) {
        expect(await run(['config', 'set', 'profile', name])).toMatchObject({ code: 0, stderr: `Profile is now "${name}".\n` });
        expect((await run(['config', 'get', 'profile'])).stdout).toBe(`${name}\n`);
      }
    });

    it('delete-profile of an unknown or invalid name is a usage error (exit 2) and writes nothing', async ({ expect }) => {
      const { run, configDir } = await cli();
      expect((await run(['config', 'set', 'base-url', 'https://s.example.org/v1', '--profile', 'stagging-two'])).code).toBe(0);
      const before = await readFile(join(configDir, 'config.json'), 'utf8');
      const [typo, invalid] = await Promise.all([run(['config', 'delete-profile', 'stagign']), run(['config', 'delete-profile', 'Not Valid'])]);
      expect(typo).toMatchObject({ code: 2, stdout: '', stderr: 'error: no profile "stagign" to delete; the profiles are mock, production, staging, stagging-two\n' });
      expect(invalid).toMatchObject({ code: 2, stdout: '' });
      expect(invalid.stderr).toMatch(/^error: the profile name must be lower-case letters, digits and dashes.*got "Not Valid"\n$/);
      expect(await readFile(join(configDir, 'config.json'), 'utf8')).toBe(before);
      expect(existsSync(join(configDir, 'credentials.json'))).toBe(false);
    });
  });

  describe('text from the environment or a file is escaped', () => {
    it('a configuration folder named with control and bidi characters is printed escaped, in text and JSON', async ({ expect }) => {
      const parent = await tempDirs.make('petstore-escape-');
      const dir = join(parent, 'evil\u001b[2J\u202eyes');
      await mkdir(dir);
      const env = { PETSTORE_CONFIG_DIR: dir };
      const { run } = await cli();
      const [json, note, error] = await Promise.all([
        run(['config', 'list', '--json'], { env }),
        run(['config', 'unset', 'profile'], { env }),
        run(['auth', 'status', '--profile', 'staging', '--base-url', store.url, '--json'], { env }),
      ]);
      expect(json.code).toBe(0);
      expect(json.stdout).not.toMatch(RAW_CONTROL);
      expect((JSON.parse(json.stdout) as { configDir: string }).configDir).toBe(dir);
      expect(json.stdout).toContain('\\u202e');
      expect(note.code).toBe(0);
      expect(note.stderr).not.toMatch(RAW_CONTROL);
      expect(note.stderr).toContain('evil\\u001b[2J\\u202eyes');
      expect(error.stdout + error.stderr).not.toMatch(RAW_CONTROL);

      await writeFile(join(dir, 'config.json'), '{');
      const broken = await run(['config', 'get', 'profile'], { env });
      expect(broken.code).toBe(3);
      expect(broken.stderr).not.toMatch(RAW_CONTROL);
      expect(broken.stderr).toContain('evil\\u001b[2J\\u202eyes');
    });
  });
});
