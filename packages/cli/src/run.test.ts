import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createHandlers } from '@petstore/mock-server/msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { run } from './run.js';

const BASE_URL = 'http://petstore.test/v1';
/** The mock's development key: sent only where a test says so, since BASE_URL is not the mock's own address. */
const DEV_KEY = 'dev-petstore-key42';
const mocks = setupServer(...createHandlers({ baseUrl: BASE_URL, seed: 12 }));
const configDirs: string[] = [];
beforeAll(() => mocks.listen({ onUnhandledFrame: 'error' }));
afterAll(() => {
  mocks.close();
  for (const dir of configDirs) rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await fetch('http://petstore.test/__admin/reset', { method: 'POST', headers: { authorization: 'Bearer dev-petstore-key42' } });
});

/** Runs the CLI in this process with captured streams; stdin is a pipe unless `tty`. */
async function cli(argv: string[], options: { env?: Record<string, string>; stdin?: string; tty?: boolean } = {}) {
  let stdout = '';
  let stderr = '';
  const configDir = mkdtempSync(join(tmpdir(), 'petstore-cli-'));
  configDirs.push(configDir);
  const stdin = Object.assign(Readable.from([options.stdin ?? '']), { isTTY: false });
  const code = await run(argv, {
    env: { PETSTORE_CONFIG_DIR: configDir, PETSTORE_BASE_URL: BASE_URL, PETSTORE_API_KEY: DEV_KEY, ...options.env },
    stdout: { write: (text: string) => (stdout += text), isTTY: options.tty ?? false, columns: 100 },
    stderr: { write: (text: string) => (stderr += text), isTTY: false },
    stdin,
  });
  return { code, stdout, stderr, configDir };
}

describe('run()', () => {
  it('lists animals as TSV when piped, a table on a terminal', async () => {
    const piped = await cli(['pets', 'list', '--limit', '2']);
    // A page as long as its limit: the note says more may exist (stdout stays the data).
    expect(piped).toMatchObject({ code: 0, stdout: '1\tRex\t1\tavailable\n2\tWhiskers\t2\tavailable\n', stderr: 'note: 2 animals, the most --limit 2 returns; the API has no paging, so more may exist (raise --limit, up to 100, or narrow with --status)\n' });
    const tty = await cli(['pets', 'list', '--limit', '2'], { tty: true, env: { NO_COLOR: '1' } });
    expect(tty.stdout).toBe('ID  NAME      CATEGORY  STATUS\n1   Rex       1         available\n2   Whiskers  2         available\n');
  });

  it('colours the table on a terminal, and never with NO_COLOR or --no-color', async () => {
    const coloured = await cli(['pets', 'list', '--limit', '1'], { tty: true, env: { TERM: 'xterm' } });
    expect(coloured.stdout).toContain('\u001b[');
    for (const quiet of [await cli(['pets', 'list', '--limit', '1'], { tty: true, env: { TERM: 'xterm', NO_COLOR: '1' } }), await cli(['pets', 'list', '--limit', '1', '--no-color'], { tty: true, env: { TERM: 'xterm' } }), await cli(['pets', 'list', '--limit', '1'], { tty: true, env: { TERM: 'dumb' } })]) {
      expect(quiet.stdout).not.toContain('\u001b[');
    }
  });

  it('prints JSON with the API field names, [] for an empty list', async () => {
    const { code, stdout } = await cli(['pets', 'list', '--status', 'sold', '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual([
      { id: 4, name: 'Max', categoryId: 4, status: 'sold' },
      { id: 8, name: 'Milo', categoryId: 4, status: 'sold' },
      { id: 12, name: 'Oscar', categoryId: 4, status: 'sold' },
    ]);
    const ndjson = await cli(['pets', 'list', '--limit', '2', '--format', 'ndjson']);
    expect(ndjson.stdout.trim().split('\n').map((line) => JSON.parse(line) as { id: number }).map((pet) => pet.id)).toEqual([1, 2]);
  });

  it('creates from flags and from --data on stdin', async () => {
    const fromFlags = await cli(['pets', 'create', '--name', 'Rex', '--category-id', '2', '--json']);
    expect(JSON.parse(fromFlags.stdout)).toEqual({ id: 13, name: 'Rex', categoryId: 2, status: 'available' });
    const fromStdin = await cli(['pets', 'create', '--data', '-', '--json'], { stdin: '{"name":"Tom","categoryId":3,"status":"sold"}' });
    expect(JSON.parse(fromStdin.stdout)).toEqual({ id: 14, name: 'Tom', categoryId: 3, status: 'sold' });
  });

  it('refuses bad input with exit 2, naming the flag, before any request', async () => {
    const cases: [string[], RegExp][] = [
      [['pets', 'list', '--limit', '0'], /--limit must be at least 1, got "0"/],
      [['pets', 'create', '-n', 'Rex', '-c', '0'], /--category-id must be at least 1, got "0"/],
      [['pets', 'list', '--status', 'lost'], /--status <status>' argument 'lost' is invalid\. Allowed choices are available, pending, sold/],
      [['pets', 'create', '--name', 'Rex', '--category-id', 'x'], /--category-id must be an integer, got "x"/],
      [['pets', 'create', '--name', ' ', '--category-id', '1'], /--name: must not be only whitespace/],
      [['pets', 'get', 'abc'], /<id> must be an integer, got "abc"/],
      [['pets', 'fly'], /unknown command 'fly'/],
      [['--format', 'xml', 'pets', 'list'], /Allowed choices are table, tsv, json, ndjson/],
    ];
    for (const [argv, message] of cases) {
      const result = await cli(argv);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.stdout, argv.join(' ')).toBe('');
      expect(result.stderr, argv.join(' ')).toMatch(message);
    }
  });

  it('maps API failures to exit codes, as JSON on stderr with --json', async () => {
    expect((await cli(['pets', 'get', '999'])).code).toBe(5);
    expect((await cli(['pets', 'list'], { env: { PETSTORE_API_KEY: 'wrong' } })).code).toBe(4);
    const json = await cli(['pets', 'get', '999', '--json'], { env: { PETSTORE_NO_DEPRECATION_WARNING: '1' } });
    expect(JSON.parse(json.stderr)).toMatchObject({ error: { exitCode: 5, code: 'not_found', status: 404 } });
  });

  it('warns on stderr that pets get is deprecated, unless silenced', async () => {
    const warned = await cli(['pets', 'get', '1']);
    expect(warned.stdout).toBe('1\tRex\t1\tavailable\n');
    expect(warned.stderr).toMatch(/deprecated and will be removed on 2030-12-05; use `petstore pets list --status STATUS`/);
    const quiet = await cli(['pets', 'get', '1'], { env: { PETSTORE_NO_DEPRECATION_WARNING: '1' } });
    expect(quiet.stderr).toBe('');
  });

  it('stores a key with auth login --with-token in a 0600 file, shows it masked, forgets it', async () => {
    const login = await cli(['auth', 'login', '--with-token', '--no-verify', '--profile', 'staging'], { stdin: 'sk-staging-secret-987\n' });
    expect(login.code).toBe(0);
    const credentials = join(login.configDir, 'credentials.json');
    expect(statSync(credentials).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(credentials, 'utf8'))).toEqual({ profiles: { staging: { apiKey: 'sk-staging-secret-987' } } });
    expect(login.stderr).not.toContain('sk-staging-secret-987');
  });

  it('shows the masked key and where it comes from', async () => {
    // The mock profile at its own base URL, with no key given: the built-in development key.
    const status = await cli(['auth', 'status'], { env: { PETSTORE_BASE_URL: '', PETSTORE_API_KEY: '' } });
    expect(status.stdout).toContain('dev-…y42 (from the default)');
    expect(status.stdout).not.toContain('dev-petstore-key42');
  });

  it('sends the development key only to the mock\'s own base URL: elsewhere, no key is exit 3', async () => {
    const { code, stdout, stderr } = await cli(['pets', 'list'], { env: { PETSTORE_API_KEY: '' } });
    expect(code).toBe(3);
    expect(stdout).toBe('');
    expect(stderr).toContain(`no API key for profile "mock" at ${BASE_URL}`);
    expect(stderr).toMatch(/PETSTORE_API_KEY.*petstore auth login --profile mock/);
  });

  it('checks the key of auth login with one request: accepted is stored, refused (401) is exit 4 and stores nothing', async () => {
    const accepted = await cli(['auth', 'login', '--with-token'], { stdin: `${DEV_KEY}\n`, env: { PETSTORE_API_KEY: '' } });
    expect(accepted.code).toBe(0);
    expect(accepted.stderr).toContain(`accepted by ${BASE_URL}`);
    expect(JSON.parse(readFileSync(join(accepted.configDir, 'credentials.json'), 'utf8'))).toEqual({ profiles: { mock: { apiKey: DEV_KEY } } });

    const refused = await cli(['auth', 'login', '--with-token'], { stdin: 'not-the-right-key\n', env: { PETSTORE_API_KEY: '' } });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain(`the API key was refused by ${BASE_URL} (401); nothing was stored`);
    expect(existsSync(join(refused.configDir, 'credentials.json'))).toBe(false);
  });

  it('needs a base URL for production, with a message saying how to set it (exit 3)', async () => {
    const { code, stderr } = await cli(['pets', 'list', '--profile', 'production'], { env: { PETSTORE_BASE_URL: '' } });
    expect(code).toBe(3);
    expect(stderr).toMatch(/no base URL for profile "production": set one with `petstore config set base-url URL --profile production`/);
  });

  it('prints completion scripts and its version', async () => {
    for (const shell of ['bash', 'zsh', 'fish']) expect((await cli(['completion', shell])).stdout).toContain('petstore');
    expect((await cli(['completion', 'tcsh'])).code).toBe(2);
    expect((await cli(['--version'])).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});
