/**
 * End-to-end tests of the built `petstore` binary: every command runs as
 * `node dist/bin.js ...` in a child process with a clean environment, its own
 * configuration folder and stdin/stdout/stderr as pipes (never a terminal), against
 * the real mock server binary or, for answers it never gives, a tiny node:http stub.
 *
 * Suites and tests run concurrently (the processes are independent); tests that
 * create animals use a server of their own and never rely on exact ids.
 */
import { existsSync } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Pet } from '@petstore/sdk/contract';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startMockServerProcess, type MockServerProcess } from '../../../test/support/mock-server-process.js';
import { PET_FIELDS, PET_FIELD_NAMES } from '../src/tables/pet-fields.js';
import {
  DEV_KEY,
  cliVersion,
  createCli,
  createTempDirs,
  runCli,
  sendJson,
  startStubServer,
  type Cli,
  type CliResult,
  type JsonErrorLine,
  type StubServer,
} from './support.js';


/** A key a mock server is started with: it must never show up in any output. */
const SECRET_KEY = 'sk-e2e-Zq8vXw3PlM7tRk2N';
const DEAD_URL = 'http://127.0.0.1:1/v1';

const tempDirs = createTempDirs();
/** A CLI as a user has it, with no API key of its own: for the tests about keys. */
const bareCli = () => createCli(tempDirs);
/**
 * A CLI that sends the development key unless a test sets PETSTORE_API_KEY
 * itself: the built-in key goes only to http://127.0.0.1:4010/v1, and these
 * tests point --base-url at servers on other ports.
 */
async function cli(): Promise<Cli> {
  const bare = await bareCli();
  return { ...bare, run: (args, options = {}) => bare.run(args, { ...options, env: { PETSTORE_API_KEY: DEV_KEY, ...options.env } }) };
}

/** Servers shared by the suites (started together, stopped together). */
let store: MockServerProcess; // --seed 12, read only
let empty: MockServerProcess; // --seed 0, read only
let writable: MockServerProcess; // --seed 12, for creates
let secret: MockServerProcess; // --seed 12, accepts only SECRET_KEY
let stub: StubServer;

/**
 * The stub answers by path prefix: `<origin>/<scenario>/v1/...`.
 * Every answer carries an X-Request-Id, as the real service's do.
 */
function stubHandler(request: IncomingMessage, response: ServerResponse): void {
  const scenario = (request.url ?? '/').split('/')[1];
  request.resume();
  switch (scenario) {
    case 'bad-request':
      return sendJson(response, 400, { code: 'invalid_request', message: 'no', status: 400 });
    case 'forbidden':
      return sendJson(response, 403, { code: 'forbidden', message: 'not for you', status: 403 });
    case 'unavailable':
      return sendJson(response, 503, { code: 'service_unavailable', message: 'down for maintenance', status: 503 }, { 'retry-after': '0' });
    case 'rate-limited':
      return sendJson(response, 429, { code: 'rate_limited', message: 'slow down', status: 429 }, { 'retry-after': '0' });
    case 'not-a-list':
      return sendJson(response, 200, { pets: [] });
    case 'not-json':
      response.writeHead(200, { 'content-type': 'text/html' });
      return void response.end('<html>maintenance</html>');
    case 'hang':
      return; // never answers: the CLI is interrupted while it waits
    default:
      // `count`: anything that should never have been sent.
      return sendJson(response, 500, { code: 'unexpected_request', message: 'this request should not have been sent', status: 500 });
  }
}

/** The server's own answer, for comparison with what the CLI printed. */
async function api<T>(server: MockServerProcess, path: string, key = DEV_KEY): Promise<T> {
  const response = await fetch(`${server.url}/${path}`, { headers: { authorization: `Bearer ${key}` } });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** TSV rows (no header) back into animals: the id, then the contract's fields in the CLI's order, each read as the CLI reads it. */
function parseTsv(text: string): Pet[] {
  if (text === '') return [];
  expect_(text.endsWith('\n'), 'TSV ends with a newline');
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) => {
      const [id = '', ...cells] = line.split('\t');
      expect_(cells.length === PET_FIELD_NAMES.length, `a TSV row has ${PET_FIELD_NAMES.length + 1} fields: ${JSON.stringify(line)}`);
      const fields = PET_FIELD_NAMES.flatMap((field, index) => (cells[index] === '' ? [] : [[field, PET_FIELDS[field].read(cells[index] ?? '')]]));
      return { id: Number(id), ...Object.fromEntries(fields) } as Pet;
    });
}

function expect_(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

/** stderr of a `--json` failure: exactly one line, one JSON object `{"error": {...}}`. */
function jsonError(result: CliResult): JsonErrorLine['error'] {
  const lines = result.stderr.split('\n');
  expect_(lines.length === 2 && lines[1] === '', `stderr is one line: ${JSON.stringify(result.stderr)}`);
  const parsed = JSON.parse(lines[0] ?? '') as JsonErrorLine;
  expect_(typeof parsed.error === 'object' && Object.keys(parsed).length === 1, `stderr is {"error": {...}}: ${result.stderr}`);
  return parsed.error;
}

// eslint-disable-next-line no-control-regex -- looking for escape sequences is the point.
const ANSI = /\u001b\[/;
/** A Node.js stack trace or crash report. */
const STACK = /\n\s+at |node:internal|Unhandled 'error'/;

beforeAll(async () => {
  [store, empty, writable, secret, stub] = await Promise.all([
    startMockServerProcess(['--seed', '12']),
    startMockServerProcess(['--seed', '0']),
    startMockServerProcess(['--seed', '12']),
    startMockServerProcess(['--seed', '12', '--api-key', SECRET_KEY]),
    startStubServer(stubHandler),
  ]);
});

afterAll(async () => {
  await Promise.all([store?.stop(), empty?.stop(), writable?.stop(), secret?.stop(), stub?.close()]);
  await tempDirs.removeAll();
});

describe.concurrent('petstore, the built binary', () => {
  describe('pets list', () => {
    it('prints TSV rows without a header when piped, the same animals as the API', async ({ expect }) => {
      const { run } = await cli();
      const [result, expected] = await Promise.all([run(['pets', 'list', '--base-url', store.url]), api<Pet[]>(store, 'pets')]);
      expect(result.code).toBe(0);
      expect(result.stderr).toBe('');
      expect(result.stdout).not.toMatch(ANSI);
      expect(result.stdout).not.toMatch(/\bID\b|NAME/);
      expect(parseTsv(result.stdout)).toEqual(expected);
      expect(expected).toHaveLength(12);
      expect(expected.slice(0, 5).map((pet) => pet.name)).toEqual(['Rex', 'Whiskers', 'Bella', 'Max', 'Luna']);
    });

    it('filters by --status and stops at --limit', async ({ expect }) => {
      const { run } = await cli();
      const [result, expected] = await Promise.all([
        run(['pets', 'list', '--status', 'pending', '--limit', '2', '--base-url', store.url]),
        api<Pet[]>(store, 'pets?status=pending&limit=2'),
      ]);
      expect(result.code).toBe(0);
      const pets = parseTsv(result.stdout);
      expect(pets).toEqual(expected);
      expect(pets.map((pet) => [pet.id, pet.status])).toEqual([
        [3, 'pending'],
        [7, 'pending'],
      ]);
    });

    it('-s and -L are --status and --limit, as gh has them', async ({ expect }) => {
      const { run } = await cli();
      const [short, long] = await Promise.all([
        run(['pets', 'list', '-s', 'pending', '-L', '2', '--base-url', store.url]),
        run(['pets', 'list', '--status', 'pending', '--limit', '2', '--base-url', store.url]),
      ]);
      expect(short.code).toBe(0);
      expect(short.stdout).toBe(long.stdout);
      expect(short.stderr).toBe(long.stderr);
      expect(parseTsv(short.stdout).map((pet) => [pet.id, pet.status])).toEqual([
        [3, 'pending'],
        [7, 'pending'],
      ]);
    });

    it('prints the API\'s array with --json and --format json, one object a line with --format ndjson', async ({ expect }) => {
      const { run } = await cli();
      const [json, formatJson, ndjson, expected] = await Promise.all([
        run(['pets', 'list', '--json', '--base-url', store.url]),
        run(['--format', 'json', 'pets', 'list', '--base-url', store.url]),
        run(['pets', 'list', '--format', 'ndjson', '--base-url', store.url]),
        api<Pet[]>(store, 'pets'),
      ]);
      for (const result of [json, formatJson, ndjson]) {
        expect(result.code).toBe(0);
        expect(result.stderr).toBe('');
      }
      expect(JSON.parse(json.stdout)).toEqual(expected);
      expect(formatJson.stdout).toBe(json.stdout);
      const lines = ndjson.stdout.split('\n');
      expect(lines.pop()).toBe('');
      expect(lines.map((line) => JSON.parse(line) as Pet)).toEqual(expected);
    });

    it('prints the same rows as a table with a header when asked with --format table, without colour when piped', async ({ expect }) => {
      const { run } = await cli();
      const result = await run(['pets', 'list', '--limit', '2', '--format', 'table', '--base-url', store.url]);
      expect(result.code).toBe(0);
      expect(result.stdout).not.toMatch(ANSI);
      expect(result.stdout).toBe('ID  NAME      CATEGORY  STATUS\n1   Rex       1         available\n2   Whiskers  2         available\n');
    });

    it('colours a table only when FORCE_COLOR asks, never TSV, and --no-color or NO_COLOR win', async ({ expect }) => {
      const { run } = await cli();
      const table = ['pets', 'list', '--limit', '2', '--format', 'table', '--base-url', store.url];
      const forced = { env: { FORCE_COLOR: '1' } };
      const [coloured, tsv, noColorFlag, noColorEnv, colouredError, plainError] = await Promise.all([
        run(table, forced),
        run(['pets', 'list', '--limit', '2', '--base-url', store.url], forced),
        run([...table, '--no-color'], forced),
        run(table, { env: { FORCE_COLOR: '1', NO_COLOR: '1' } }),
        run(['pets', 'list', '--limit', '0'], forced),
        run(['pets', 'list', '--limit', '0', '--no-color'], forced),
      ]);
      const plainTable = 'ID  NAME      CATEGORY  STATUS\n1   Rex       1         available\n2   Whiskers  2         available\n';
      expect(coloured.code).toBe(0);
      expect(coloured.stdout).toMatch(ANSI);
      // eslint-disable-next-line no-control-regex -- removing escape sequences is the point.
      expect(coloured.stdout.replace(/\u001b\[[0-9;]*m/g, '')).toBe(plainTable);
      expect(tsv.stdout).toBe('1\tRex\t1\tavailable\n2\tWhiskers\t2\tavailable\n');
      expect(noColorFlag.stdout).toBe(plainTable);
      expect(noColorEnv.stdout).toBe(plainTable);
      expect(colouredError.stderr.startsWith('\u001b[31merror:\u001b[39m --limit'), colouredError.stderr).toBe(true);
      expect(plainError.stderr).toMatch(/^error: --limit/);
    });

    it('exits 0 for an empty result: nothing on stdout as TSV, [] with --json, a note on stderr as a table', async ({ expect }) => {
      const { run } = await cli();
      const [tsv, json, ndjson, sold, table] = await Promise.all([
        run(['pets', 'list', '--base-url', empty.url]),
        run(['pets', 'list', '--json', '--base-url', empty.url]),
        run(['pets', 'list', '--format', 'ndjson', '--base-url', empty.url]),
        run(['pets', 'list', '--status', 'sold', '--base-url', empty.url]),
        run(['pets', 'list', '--format', 'table', '--base-url', empty.url]),
      ]);
      for (const result of [tsv, json, ndjson, sold, table]) expect(result.code).toBe(0);
      expect(tsv).toMatchObject({ stdout: '', stderr: '' });
      expect(sold).toMatchObject({ stdout: '', stderr: '' });
      expect(ndjson).toMatchObject({ stdout: '', stderr: '' });
      expect(JSON.parse(json.stdout)).toEqual([]);
      expect(json.stderr).toBe('');
      expect(table.stdout).toBe('');
      expect(table.stderr).toContain('No animals match.');
    });
  });

  describe('pets create', () => {
    /** The animal with this id, as `pets list --json` shows it. */
    async function listed(run: (args: readonly string[]) => Promise<CliResult>, id: number): Promise<Pet | undefined> {
      const result = await run(['pets', 'list', '--json', '--limit', '100', '--base-url', writable.url]);
      return (JSON.parse(result.stdout) as Pet[]).find((pet) => pet.id === id);
    }

    it('-n, -c and -s are --name, --category-id and --status', async ({ expect }) => {
      const { run } = await cli();
      const result = await run(['pets', 'create', '-n', 'Tiny', '-c', '3', '-s', 'sold', '--json', '--base-url', writable.url]);
      expect(result).toMatchObject({ code: 0, stderr: '' });
      const pet = JSON.parse(result.stdout) as Pet;
      expect(pet).toMatchObject({ name: 'Tiny', categoryId: 3, status: 'sold' });
      expect(await listed(run, pet.id)).toEqual(pet);
    });

    it('adds an animal from --name and --category-id, prints its row, and pets list shows it', async ({ expect }) => {
      const { run } = await cli();
      const result = await run(['pets', 'create', '--name', 'Rex', '--category-id', '2', '--base-url', writable.url]);
      expect(result.code).toBe(0);
      expect(result.stderr).toBe('');
      const match = /^(\d+)\tRex\t2\tavailable\n$/.exec(result.stdout);
      expect(match, result.stdout).not.toBeNull();
      const id = Number(match?.[1]);
      expect(id).toBeGreaterThan(12);
      expect(await listed(run, id)).toEqual({ id, name: 'Rex', categoryId: 2, status: 'available' });
    });

    it('takes --status, and prints the created animal as an object with --json', async ({ expect }) => {
      const { run } = await cli();
      const result = await run(['pets', 'create', '--name', 'Nala', '--category-id', '4', '--status', 'sold', '--json', '--base-url', writable.url]);
      expect(result.code).toBe(0);
      const pet = JSON.parse(result.stdout) as Pet;
      expect(pet).toEqual({ id: expect.any(Number), name: 'Nala', categoryId: 4, status: 'sold' });
      expect(await listed(run, pet.id)).toEqual(pet);
    });

    it('reads the whole body from a file with --data @file', async ({ expect }) => {
      const { run } = await cli();
      const file = join(await tempDirs.make(), 'pet.json');
      await writeFile(file, JSON.stringify({ name: 'Filed Fido', categoryId: 3, status: 'pending' }));
      const result = await run(['pets', 'create', '--data', `@${file}`, '--json', '--base-url', writable.url]);
      expect(result.code).toBe(0);
      const pet = JSON.parse(result.stdout) as Pet;
      expect(pet).toMatchObject({ name: 'Filed Fido', categoryId: 3, status: 'pending' });
      expect(await listed(run, pet.id)).toEqual(pet);
    });

    it('reads the whole body from stdin with --data -', async ({ expect }) => {
      const { run } = await cli();
      const result = await run(['pets', 'create', '--data', '-', '--json', '--base-url', writable.url], { stdin: '{"name":"Piped Tom","categoryId":5}\n' });
      expect(result.code).toBe(0);
      const pet = JSON.parse(result.stdout) as Pet;
      expect(pet).toMatchObject({ name: 'Piped Tom', categoryId: 5, status: 'available' });
      expect(await listed(run, pet.id)).toEqual(pet);
    });

    it('takes the whole body inline with --data \'{...}\'', async ({ expect }) => {
      const { run } = await cli();
      const result = await run(['pets', 'create', '--data', '{"name":"Inline Ivy","categoryId":6,"status":"sold"}', '--base-url', writable.url]);
      expect(result.code).toBe(0);
      const match = /^(\d+)\tInline Ivy\t6\tsold\n$/.exec(result.stdout);
      expect(match, result.stdout).not.toBeNull();
      const id = Number(match?.[1]);
      expect(await listed(run, id)).toEqual({ id, name: 'Inline Ivy', categoryId: 6, status: 'sold' });
    });
  });

  describe('pets get (deprecated)', () => {
    it('prints the animal on stdout and the deprecation warning, naming 2030-12-05 and pets list, on stderr only', async ({ expect }) => {
      const { run } = await cli();
      const [tsv, json, expected] = await Promise.all([
        run(['pets', 'get', '3', '--base-url', store.url]),
        run(['pets', 'get', '3', '--json', '--base-url', store.url]),
        api<Pet>(store, 'pets/3'),
      ]);
      expect(tsv.code).toBe(0);
      expect(tsv.stdout).toBe('3\tBella\t3\tpending\n');
      expect(json.code).toBe(0);
      expect(JSON.parse(json.stdout)).toEqual(expected);
      for (const result of [tsv, json]) {
        expect(result.stderr).toMatch(/deprecated/i);
        expect(result.stderr).toContain('2030-12-05');
        expect(result.stderr).toContain('pets list');
        expect(result.stderr).toContain('PETSTORE_NO_DEPRECATION_WARNING=1');
        expect(result.stdout).not.toMatch(/deprecat|2030/i);
        // The CLI's own notice, once: not also Node's DeprecationWarning.
        expect(result.stderr.match(/2030-12-05/g)).toHaveLength(1);
        expect(result.stderr).not.toContain('DeprecationWarning');
      }
    });

    it('prints no warning with PETSTORE_NO_DEPRECATION_WARNING=1', async ({ expect }) => {
      const { run } = await cli();
      const result = await run(['pets', 'get', '3', '--base-url', store.url], { env: { PETSTORE_NO_DEPRECATION_WARNING: '1' } });
      expect(result).toMatchObject({ code: 0, stdout: '3\tBella\t3\tpending\n', stderr: '' });
    });
  });

  describe('bad input: exit 2, nothing sent, nothing on stdout', () => {
    interface UsageCase {
      name: string;
      args: string[];
      message: RegExp[];
    }
    const cases: UsageCase[] = [
      { name: '--limit 0', args: ['pets', 'list', '--limit', '0'], message: [/--limit must be at least 1, got "0"/] },
      { name: '--limit 101', args: ['pets', 'list', '--limit', '101'], message: [/--limit/, /1 to 100/] },
      { name: '--limit abc', args: ['pets', 'list', '--limit', 'abc'], message: [/--limit/, /1 to 100/, /"abc"/] },
      { name: '--status lost', args: ['pets', 'list', '--status', 'lost'], message: [/--status/, /lost/, /available, pending, sold/] },
      { name: '--category-id x', args: ['pets', 'create', '--name', 'Rex', '--category-id', 'x'], message: [/--category-id/, /integer/, /"x"/] },
      { name: '--category-id 0', args: ['pets', 'create', '--name', 'Rex', '--category-id', '0'], message: [/--category-id must be at least 1, got "0"/] },
      { name: 'create --status lost', args: ['pets', 'create', '--name', 'Rex', '--category-id', '1', '--status', 'lost'], message: [/--status/, /available, pending, sold/] },
      { name: 'get abc', args: ['pets', 'get', 'abc'], message: [/<id>/, /integer/, /"abc"/] },
      { name: 'get 0', args: ['pets', 'get', '0'], message: [/<id> must be at least 1, got "0"/] },
      { name: 'get without an id', args: ['pets', 'get'], message: [/missing required argument 'id'/] },
      { name: 'an unknown command', args: ['feed', 'Rex'], message: [/unknown command 'feed'/] },
      { name: 'an unknown subcommand', args: ['pets', 'feed', '3'], message: [/unknown command 'feed'/] },
      { name: 'an unknown flag', args: ['pets', 'list', '--colour'], message: [/unknown option '--colour'/] },
      { name: 'an extra argument', args: ['pets', 'list', 'everything'], message: [/too many arguments/] },
      { name: '--format xml', args: ['pets', 'list', '--format', 'xml'], message: [/--format/, /xml/, /table, tsv, json, ndjson/] },
      { name: 'create with neither --name nor --data', args: ['pets', 'create'], message: [/--name/, /--category-id/, /--data/] },
      { name: 'create with --name only', args: ['pets', 'create', '--name', 'Rex'], message: [/--category-id/] },
      { name: 'create with --data and --name', args: ['pets', 'create', '--name', 'Rex', '--data', '{"name":"Rex","categoryId":1}'], message: [/--data cannot be combined/] },
      { name: '--data that is not JSON', args: ['pets', 'create', '--data', '{name: Rex}'], message: [/--data is not valid JSON/] },
      { name: '--data @ a missing file', args: ['pets', 'create', '--data', '@/nonexistent/pet.json'], message: [/--data @\/nonexistent\/pet\.json/, /ENOENT/] },
      { name: '--data with an unknown field', args: ['pets', 'create', '--data', '{"name":"x","categoryId":1,"extra":1}'], message: [/unknown field: extra/] },
      { name: '--data with an empty name', args: ['pets', 'create', '--data', '{"name":"","categoryId":1}'], message: [/name/, /must not be empty/] },
    ];

    it.for(cases)('$name', async ({ args, message }, { expect }) => {
      const { run } = await cli();
      // Sent anywhere, a request would reach the stub and be counted.
      const prefix = `/usage-${args.join('-').replace(/[^a-z0-9-]/gi, '')}`;
      const result = await run([...args, '--base-url', `${stub.origin}${prefix}/v1`]);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      for (const pattern of message) expect(result.stderr).toMatch(pattern);
      expect(result.stderr).toMatch(/^error: /);
      expect(result.stderr).not.toMatch(STACK);
      expect(stub.count(prefix)).toBe(0);
    });

    it('says the same as one JSON line on stderr with --json', async ({ expect }) => {
      const { run } = await cli();
      const results = await Promise.all([
        run(['pets', 'list', '--limit', '0', '--json']),
        run(['pets', 'list', '--status', 'lost', '--json']),
        run(['feed', '--json']),
        run(['pets', 'list', '--format', 'xml', '--json']),
      ]);
      const errors = results.map((result) => {
        expect(result.code).toBe(2);
        expect(result.stdout).toBe('');
        return jsonError(result);
      });
      for (const error of errors) expect(error).toMatchObject({ exitCode: 2, code: 'usage' });
      expect(errors[0]?.message).toContain('--limit');
      expect(errors[1]?.message).toContain('available, pending, sold');
      expect(errors[2]?.message).toContain("unknown command 'feed'");
      expect(errors[3]?.message).toContain('table, tsv, json, ndjson');
    });
  });

  describe('failures: each has its exit code, a one-line message, and one JSON line with --json', () => {
    interface FailureCase {
      name: string;
      args: () => string[];
      env?: () => Record<string, string | undefined>;
      exitCode: number;
      code: string;
      status?: number;
      message: RegExp;
    }
    const cases: FailureCase[] = [
      {
        name: 'a refused API key (401) exits 4',
        args: () => ['pets', 'list', '--base-url', store.url],
        env: () => ({ PETSTORE_API_KEY: 'wrong' }),
        exitCode: 4,
        code: 'unauthorized',
        status: 401,
        message: /401/,
      },
      {
        name: 'an unknown animal (404) exits 5',
        args: () => ['pets', 'get', '999', '--base-url', store.url],
        env: () => ({ PETSTORE_NO_DEPRECATION_WARNING: '1' }),
        exitCode: 5,
        code: 'not_found',
        status: 404,
        message: /No animal has id 999/,
      },
      {
        name: 'a 400 from the service exits 6',
        args: () => ['pets', 'create', '--name', 'Rex', '--category-id', '1', '--base-url', `${stub.origin}/bad-request/v1`],
        exitCode: 6,
        code: 'invalid_request',
        status: 400,
        message: /400 invalid_request: no/,
      },
      {
        name: 'another 4xx (403) exits 6',
        args: () => ['pets', 'list', '--base-url', `${stub.origin}/forbidden/v1`],
        exitCode: 6,
        code: 'forbidden',
        status: 403,
        message: /403 forbidden: not for you/,
      },
      // Port 1 is one fetch refuses to connect to: the message says so rather than "no answer".
      { name: 'an unreachable server exits 7', args: () => ['pets', 'list', '--base-url', DEAD_URL], exitCode: 7, code: 'blocked_port', message: /fetch refuses port 1 \(a port browsers and fetch block/ },
      {
        name: 'a 503 (after retries) exits 7',
        args: () => ['pets', 'list', '--base-url', `${stub.origin}/unavailable/v1`],
        exitCode: 7,
        code: 'service_unavailable',
        status: 503,
        message: /503/,
      },
      {
        name: 'a 429 (after retries) exits 7',
        args: () => ['pets', 'list', '--base-url', `${stub.origin}/rate-limited/v1`],
        exitCode: 7,
        code: 'rate_limited',
        status: 429,
        message: /429/,
      },
      {
        name: 'a 200 whose body is not a list exits 1',
        args: () => ['pets', 'list', '--base-url', `${stub.origin}/not-a-list/v1`],
        exitCode: 1,
        code: 'invalid_response',
        message: /not a JSON array/,
      },
      {
        name: 'a 200 whose body is not JSON exits 1',
        args: () => ['pets', 'list', '--base-url', `${stub.origin}/not-json/v1`],
        exitCode: 1,
        code: 'invalid_response',
        message: /not JSON/,
      },
      {
        name: 'a profile without a base URL exits 3',
        args: () => ['pets', 'list', '--profile', 'production'],
        exitCode: 3,
        code: 'configuration',
        message: /no base URL for profile "production".*config set base-url/,
      },
      {
        name: 'a profile without an API key exits 3',
        args: () => ['pets', 'list', '--profile', 'staging', '--base-url', store.url],
        env: () => ({ PETSTORE_API_KEY: undefined }),
        exitCode: 3,
        code: 'configuration',
        message: /no API key for profile "staging".*auth login/,
      },
      {
        name: 'a base URL that is not a URL exits 3',
        args: () => ['pets', 'list'],
        env: () => ({ PETSTORE_BASE_URL: 'not-a-url' }),
        exitCode: 3,
        code: 'configuration',
        message: /PETSTORE_BASE_URL must be an http\(s\) URL ending in \/v1/,
      },
    ];

    it.for(cases)('$name', async ({ args, env, exitCode, code, status, message }, { expect }) => {
      const { run } = await cli();
      const options = env ? { env: env() } : {};
      const [plain, json] = await Promise.all([run(args(), options), run([...args(), '--json'], options)]);
      expect(plain.code).toBe(exitCode);
      expect(plain.stdout).toBe('');
      expect(plain.stderr).toMatch(/^error: [^\n]+\n$/);
      expect(plain.stderr).toMatch(message);
      expect(plain.stderr).not.toMatch(STACK);

      expect(json.code).toBe(exitCode);
      expect(json.stdout).toBe('');
      const error = jsonError(json);
      expect(error).toMatchObject({ exitCode, code, ...(status === undefined ? {} : { status }) });
      expect(error.message).toMatch(message);
      if (status !== undefined) expect(error.requestId).toEqual(expect.any(String));
    });

    it('retries a 503 twice before giving up, but never retries a create', async ({ expect }) => {
      const { run } = await cli();
      const [list, create] = await Promise.all([
        run(['pets', 'list', '--base-url', `${stub.origin}/unavailable/retry-list/v1`]),
        run(['pets', 'create', '--name', 'Rex', '--category-id', '1', '--base-url', `${stub.origin}/unavailable/retry-create/v1`]),
      ]);
      expect(list.code).toBe(7);
      expect(create.code).toBe(7);
      expect(stub.count('/unavailable/retry-list/')).toBe(3);
      expect(stub.count('/unavailable/retry-create/')).toBe(1);
    });

    it('a corrupt config.json exits 3 naming the file', async ({ expect }) => {
      const { run, configDir } = await cli();
      await writeFile(join(configDir, 'config.json'), '{"profile": ');
      const [plain, json] = await Promise.all([run(['pets', 'list', '--base-url', store.url]), run(['pets', 'list', '--json', '--base-url', store.url])]);
      expect(plain.code).toBe(3);
      expect(plain.stdout).toBe('');
      expect(plain.stderr).toContain(join(configDir, 'config.json'));
      expect(plain.stderr).toMatch(/is not valid JSON; fix or delete it/);
      expect(json.code).toBe(3);
      expect(jsonError(json)).toMatchObject({ exitCode: 3, code: 'configuration' });
    });

    it('a corrupt credentials.json exits 3 naming the file', async ({ expect }) => {
      // No PETSTORE_API_KEY: the file is read only when the environment gives no key.
      const { run, configDir } = await bareCli();
      await writeFile(join(configDir, 'credentials.json'), '[]');
      const result = await run(['pets', 'list', '--base-url', store.url]);
      expect(result.code).toBe(3);
      expect(result.stderr).toContain(join(configDir, 'credentials.json'));
    });

    it('Ctrl-C while waiting for the service exits 130', async ({ expect }) => {
      const { run } = await cli();
      const result = await run(['pets', 'list', '--base-url', `${stub.origin}/hang/v1`], {
        onSpawn: (child) => void stub.received('/hang/').then(() => child.kill('SIGINT')),
      });
      expect(result.code).toBe(130);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('interrupted');
    });
  });

  describe('--debug', () => {
    it('prints a line per HTTP exchange with method, URL, status, duration and request id, and never the API key', async ({ expect }) => {
      const { run } = await cli();
      const env = { PETSTORE_API_KEY: SECRET_KEY };
      const [list, get, create, status, wrongKey] = await Promise.all([
        run(['pets', 'list', '--limit', '2', '--debug', '--base-url', secret.url], { env }),
        run(['pets', 'get', '3', '--debug', '--json', '--base-url', secret.url], { env }),
        run(['pets', 'create', '--name', 'Rex', '--category-id', '2', '--debug', '--base-url', secret.url], { env }),
        run(['auth', 'status', '--debug', '--base-url', secret.url], { env }),
        // The secret server refuses the development key: an error path, with debug on.
        run(['pets', 'list', '--debug', '--base-url', secret.url]),
      ]);
      expect([list.code, get.code, create.code, status.code, wrongKey.code]).toEqual([0, 0, 0, 0, 4]);
      const origin = secret.url.replace(/\/v1$/, '').replace(/[.]/g, '\\.');
      const line = (method: string, path: string, code: number) =>
        new RegExp(`^debug: ${method} ${origin}/v1/${path} → ${code} in \\d+ ms \\(request id [^\\s)]+\\)$`, 'm');
      expect(list.stderr).toMatch(line('GET', 'pets\\?limit=2', 200));
      expect(get.stderr).toMatch(line('GET', 'pets/3', 200));
      expect(create.stderr).toMatch(line('POST', 'pets', 201));
      expect(wrongKey.stderr).toMatch(line('GET', 'pets', 401));
      // One exchange, one line.
      for (const result of [list, get, create, wrongKey]) expect(result.stderr.match(/^debug: /gm)).toHaveLength(1);
      // Debug lines never reach stdout.
      for (const result of [list, get, create, status, wrongKey]) expect(result.stdout).not.toContain('debug:');
      expect(status.stdout).toContain('sk-e…k2N');

      for (const result of [list, get, create, status, wrongKey]) {
        expect(result.stdout + result.stderr).not.toContain(SECRET_KEY);
        expect(result.stdout + result.stderr).not.toMatch(/Bearer (sk|dev)-/);
      }
    });

    it('prints a line for every attempt when a read is retried', async ({ expect }) => {
      const { run } = await cli();
      const result = await run(['pets', 'list', '--debug', '--base-url', `${stub.origin}/unavailable/debug/v1`]);
      expect(result.code).toBe(7);
      expect(result.stderr.match(/^debug: GET http:\/\/127\.0\.0\.1:\d+\/unavailable\/debug\/v1\/pets → 503 in \d+ ms \(request id stub-503\)$/gm)).toHaveLength(3);
      // Before each retry, the status and the wait (Retry-After: 0 here), with the answer's request id.
      expect(result.stderr.match(/^debug: 503, retrying in 0\.0 s \(Retry-After\) \(request id stub-503\)$/gm)).toHaveLength(2);
    });
  });

  describe('auth', () => {
    it('login --with-token checks the key from stdin, stores it in credentials.json (mode 0600), and commands use it', async ({ expect }) => {
      const { run, configDir } = await bareCli();
      // Checked with the server that accepts only this key.
      const login = await run(['auth', 'login', '--with-token', '--base-url', secret.url], { stdin: `${SECRET_KEY}\n` });
      expect(login.code).toBe(0);
      expect(login.stdout).toBe('');
      expect(login.stderr).toContain('sk-e…k2N');
      expect(login.stderr).toContain(`accepted by ${secret.url}`);
      expect(login.stdout + login.stderr).not.toContain(SECRET_KEY);

      const path = join(configDir, 'credentials.json');
      expect((await stat(path)).mode & 0o777).toBe(0o600);
      expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ profiles: { mock: { apiKey: SECRET_KEY } } });
      expect(existsSync(join(configDir, 'config.json'))).toBe(false);

      // The stored key is the one sent: the secret server accepts it, the development key it refuses.
      const list = await run(['pets', 'list', '--limit', '1', '--base-url', secret.url]);
      expect(list).toMatchObject({ code: 0, stdout: '1\tRex\t1\tavailable\n' });
    });

    it('status shows the profile, base URL and masked key, and where the key comes from', async ({ expect }) => {
      const { run } = await bareCli();
      const [byDefault, fromEnv, json] = await Promise.all([
        run(['auth', 'status']),
        run(['auth', 'status', '--base-url', store.url], { env: { PETSTORE_API_KEY: SECRET_KEY } }),
        run(['auth', 'status', '--json']),
      ]);
      expect(byDefault).toMatchObject({ code: 0, stderr: '' });
      expect(byDefault.stdout).toBe('profile   mock\nbase URL  http://127.0.0.1:4010/v1\nAPI key   dev-…y42 (from the default)\n');
      expect(fromEnv.code).toBe(0);
      expect(fromEnv.stdout).toContain(`base URL  ${store.url}\n`);
      expect(fromEnv.stdout).toContain('API key   sk-e…k2N (from the environment)');
      expect(fromEnv.stdout).not.toContain(SECRET_KEY);
      expect(JSON.parse(json.stdout)).toEqual({ profile: 'mock', baseUrl: 'http://127.0.0.1:4010/v1', apiKey: 'dev-…y42', apiKeySource: 'default' });
      for (const result of [byDefault, fromEnv, json]) expect(result.stdout).not.toContain(DEV_KEY);
    });

    it('status reports a key stored by login as from the credentials file, and logout forgets it', async ({ expect }) => {
      const { run, configDir } = await bareCli();
      expect((await run(['auth', 'login', '--with-token', '--no-verify'], { stdin: 'stored-key-0123456789' })).code).toBe(0);
      const before = await run(['auth', 'status']);
      expect(before.stdout).toContain('API key   stor…789 (from the credentials file)');

      const logout = await run(['auth', 'logout']);
      expect(logout).toMatchObject({ code: 0, stdout: '' });
      expect(logout.stderr).toContain('Removed the API key of profile "mock"');
      expect(JSON.parse(await readFile(join(configDir, 'credentials.json'), 'utf8'))).toEqual({ profiles: {} });
      expect((await stat(join(configDir, 'credentials.json'))).mode & 0o777).toBe(0o600);

      const after = await run(['auth', 'status']);
      expect(after.stdout).toContain('API key   dev-…y42 (from the default)');
      const again = await run(['auth', 'logout']);
      expect(again.code).toBe(0);
      expect(again.stderr).toContain('No stored API key for profile "mock"');
    });

    it('login stores the key under the chosen --profile', async ({ expect }) => {
      const { run, configDir } = await bareCli();
      const login = await run(['auth', 'login', '--with-token', '--no-verify', '--profile', 'staging'], { stdin: 'staging-key-abcdef' });
      expect(login.code).toBe(0);
      expect(JSON.parse(await readFile(join(configDir, 'credentials.json'), 'utf8'))).toEqual({ profiles: { staging: { apiKey: 'staging-key-abcdef' } } });
      const status = await run(['auth', 'status', '--profile', 'staging', '--base-url', store.url]);
      expect(status.stdout).toContain('profile   staging\n');
      expect(status.stdout).toContain('stag…def (from the credentials file)');
    });

    it('login without --with-token and stdin not a terminal exits 2, suggesting --with-token', async ({ expect }) => {
      const { run, configDir } = await bareCli();
      const result = await run(['auth', 'login'], { stdin: 'some-key-1234567\n' });
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('--with-token');
      expect(existsSync(join(configDir, 'credentials.json'))).toBe(false);
    });

    it('login --with-token refuses an empty stdin or a key with spaces (exit 2) and stores nothing', async ({ expect }) => {
      const { run, configDir } = await bareCli();
      const [emptyKey, spaced] = await Promise.all([
        run(['auth', 'login', '--with-token'], { stdin: '\n' }),
        run(['auth', 'login', '--with-token'], { stdin: 'two words\n' }),
      ]);
      expect(emptyKey.code).toBe(2);
      expect(emptyKey.stderr).toContain('no API key given');
      expect(spaced.code).toBe(2);
      expect(spaced.stderr).toContain('no spaces');
      expect(existsSync(join(configDir, 'credentials.json'))).toBe(false);
    });
  });

  describe('config', () => {
    it('set base-url --profile staging writes config.json, and list shows it', async ({ expect }) => {
      const { run, configDir } = await cli();
      const set = await run(['config', 'set', 'base-url', 'https://staging.example.org/v1', '--profile', 'staging']);
      expect(set).toMatchObject({ code: 0, stdout: '' });
      expect(set.stderr).toContain('Base URL of profile "staging" is now https://staging.example.org/v1');
      expect(JSON.parse(await readFile(join(configDir, 'config.json'), 'utf8'))).toEqual({
        profiles: { staging: { baseUrl: 'https://staging.example.org/v1' } },
      });
      const list = await run(['config', 'list']);
      expect(list.code).toBe(0);
      expect(list.stdout).toBe(
        '* mock         http://127.0.0.1:4010/v1 (default)\n  production   (not set)\n  staging      https://staging.example.org/v1\n',
      );
    });

    it('get base-url --profile staging prints the URL set for it (no API key needed to read a setting)', async ({ expect }) => {
      const { run } = await cli();
      expect((await run(['config', 'set', 'base-url', 'https://staging.example.org/v1', '--profile', 'staging'])).code).toBe(0);
      const get = await run(['config', 'get', 'base-url', '--profile', 'staging']);
      expect(get.stderr).toBe('');
      expect(get).toMatchObject({ code: 0, stdout: 'https://staging.example.org/v1\n' });
    });

    it('get base-url prints the base URL in effect for the current profile', async ({ expect }) => {
      const { run } = await cli();
      const [byDefault, fromEnv, fromFlag] = await Promise.all([
        run(['config', 'get', 'base-url']),
        run(['config', 'get', 'base-url'], { env: { PETSTORE_BASE_URL: store.url } }),
        run(['config', 'get', 'base-url', '--base-url', empty.url]),
      ]);
      expect(byDefault).toMatchObject({ code: 0, stdout: 'http://127.0.0.1:4010/v1\n' });
      expect(fromEnv).toMatchObject({ code: 0, stdout: `${store.url}\n` });
      expect(fromFlag).toMatchObject({ code: 0, stdout: `${empty.url}\n` });
    });

    it('set profile staging makes staging current for get, list and list --json', async ({ expect }) => {
      const { run, configDir } = await cli();
      expect((await run(['config', 'set', 'base-url', 'https://staging.example.org/v1', '--profile', 'staging'])).code).toBe(0);
      const set = await run(['config', 'set', 'profile', 'staging']);
      expect(set).toMatchObject({ code: 0, stdout: '' });
      expect(set.stderr).toContain('Profile is now "staging"');
      expect(JSON.parse(await readFile(join(configDir, 'config.json'), 'utf8'))).toMatchObject({ profile: 'staging' });

      const [get, list, json] = await Promise.all([run(['config', 'get', 'profile']), run(['config', 'list']), run(['config', 'list', '--json'])]);
      expect(get).toMatchObject({ code: 0, stdout: 'staging\n' });
      expect(list.stdout).toContain('* staging      https://staging.example.org/v1\n');
      expect(list.stdout).toContain('  mock ');
      expect(JSON.parse(json.stdout)).toEqual({
        configDir,
        profile: 'staging',
        profiles: [
          { profile: 'mock', current: false, baseUrl: 'http://127.0.0.1:4010/v1', baseUrlSource: 'default', apiKeyStored: false },
          { profile: 'production', current: false, baseUrl: null, baseUrlSource: null, apiKeyStored: false },
          { profile: 'staging', current: true, baseUrl: 'https://staging.example.org/v1', baseUrlSource: 'config file', apiKeyStored: false },
        ],
      });
    });

    it('refuses a base-url that is not an http(s) URL, an unknown key and a bad profile name (exit 2), writing nothing', async ({ expect }) => {
      const { run, configDir } = await cli();
      const [notUrl, ftp, unknownKey, badProfile] = await Promise.all([
        run(['config', 'set', 'base-url', 'not-a-url']),
        run(['config', 'set', 'base-url', 'ftp://example.org/v1']),
        run(['config', 'get', 'colour']),
        run(['config', 'set', 'profile', 'Not Valid']),
      ]);
      for (const result of [notUrl, ftp, unknownKey, badProfile]) {
        expect(result.code).toBe(2);
        expect(result.stdout).toBe('');
      }
      expect(notUrl.stderr).toContain('base-url must be an http(s) URL');
      expect(notUrl.stderr).toContain('"not-a-url"');
      expect(unknownKey.stderr).toMatch(/profile, base-url/);
      expect(badProfile.stderr).toContain('lower-case letters');
      expect(existsSync(join(configDir, 'config.json'))).toBe(false);
    });
  });

  describe('--version and --help', () => {
    it('--version and -v print the package.json version', async ({ expect }) => {
      const { run } = await cli();
      const [long, short] = await Promise.all([run(['--version']), run(['-v'])]);
      for (const result of [long, short]) expect(result).toMatchObject({ code: 0, stdout: `${cliVersion}\n`, stderr: '' });
    });

    it('--help exits 0 and lists the commands, environment, every exit code and examples', async ({ expect }) => {
      const { run } = await cli();
      const result = await run(['--help']);
      expect(result).toMatchObject({ code: 0, stderr: '' });
      for (const text of ['Usage: petstore', 'pets', 'auth', 'config', 'completion', '--json', '--format', '--base-url', '--profile', 'Environment:', 'PETSTORE_API_KEY', 'Exit codes:', 'Examples:']) {
        expect(result.stdout).toContain(text);
      }
      for (const code of [0, 1, 2, 3, 4, 5, 6, 7, 130]) expect(result.stdout).toMatch(new RegExp(`^ {2}${code} +\\S`, 'm'));
    });

    it('pets list --help, pets get --help and help pets exit 0 and show examples', async ({ expect }) => {
      const { run } = await cli();
      const [list, get, helpPets] = await Promise.all([run(['pets', 'list', '--help']), run(['pets', 'get', '--help']), run(['help', 'pets'])]);
      expect(list).toMatchObject({ code: 0, stderr: '' });
      expect(list.stdout).toContain('Usage: petstore pets list');
      expect(list.stdout).toContain('--status');
      expect(list.stdout).toContain('--limit');
      expect(list.stdout).toContain('Examples:\n  petstore pets list\n');
      expect(get).toMatchObject({ code: 0, stderr: '' });
      expect(get.stdout).toContain('2030-12-05');
      expect(get.stdout).toContain('Deprecated: use `petstore pets list --status STATUS` instead.');
      expect(helpPets.code).toBe(0);
      expect(helpPets.stdout).toContain('Usage: petstore pets');
    });
  });

  describe('precedence', () => {
    // `store` has 12 animals, `empty` none: the count shows which server answered.
    const count = (result: CliResult) => (JSON.parse(result.stdout) as Pet[]).length;

    it('--base-url beats PETSTORE_BASE_URL', async ({ expect }) => {
      const { run } = await cli();
      const [flagStore, flagEmpty, flagDead] = await Promise.all([
        run(['pets', 'list', '--json', '--base-url', store.url], { env: { PETSTORE_BASE_URL: empty.url } }),
        run(['pets', 'list', '--json', '--base-url', empty.url], { env: { PETSTORE_BASE_URL: store.url } }),
        run(['pets', 'list', '--json', '--base-url', store.url], { env: { PETSTORE_BASE_URL: DEAD_URL } }),
      ]);
      expect([flagStore.code, flagEmpty.code, flagDead.code]).toEqual([0, 0, 0]);
      expect([count(flagStore), count(flagEmpty), count(flagDead)]).toEqual([12, 0, 12]);
    });

    it('PETSTORE_BASE_URL beats the config file, which beats the built-in default', async ({ expect }) => {
      const { run } = await cli();
      expect((await run(['config', 'set', 'base-url', empty.url])).code).toBe(0);
      const [fromEnv, fromFile, flagOverFile] = await Promise.all([
        run(['pets', 'list', '--json'], { env: { PETSTORE_BASE_URL: store.url } }),
        run(['pets', 'list', '--json']),
        run(['pets', 'list', '--json', '--base-url', store.url]),
      ]);
      expect([fromEnv.code, fromFile.code, flagOverFile.code]).toEqual([0, 0, 0]);
      expect([count(fromEnv), count(fromFile), count(flagOverFile)]).toEqual([12, 0, 12]);

      // A dead URL in the file is never tried while the environment names another.
      const { run: run2 } = await cli();
      expect((await run2(['config', 'set', 'base-url', DEAD_URL])).code).toBe(0);
      const [envOverDead, dead] = await Promise.all([
        run2(['pets', 'list', '--json'], { env: { PETSTORE_BASE_URL: store.url } }),
        run2(['pets', 'list', '--json']),
      ]);
      expect(envOverDead.code).toBe(0);
      expect(count(envOverDead)).toBe(12);
      expect(dead.code).toBe(7);
    });

    it('--profile beats PETSTORE_PROFILE beats the config file', async ({ expect }) => {
      const { run } = await cli();
      expect((await run(['config', 'set', 'profile', 'staging'])).code).toBe(0);
      const [fromFile, fromEnv, fromFlag] = await Promise.all([
        run(['config', 'get', 'profile']),
        run(['config', 'get', 'profile'], { env: { PETSTORE_PROFILE: 'production' } }),
        run(['config', 'get', 'profile', '--profile', 'mock'], { env: { PETSTORE_PROFILE: 'production' } }),
      ]);
      expect([fromFile.stdout, fromEnv.stdout, fromFlag.stdout]).toEqual(['staging\n', 'production\n', 'mock\n']);
    });

    it('PETSTORE_API_KEY beats the credentials file, which beats the profile\'s default key', async ({ expect }) => {
      const { run } = await bareCli();
      expect((await run(['auth', 'login', '--with-token', '--no-verify'], { stdin: 'stored-but-wrong-key' })).code).toBe(0);
      const [stored, fromEnv] = await Promise.all([
        run(['pets', 'list', '--base-url', store.url]),
        run(['pets', 'list', '--base-url', store.url], { env: { PETSTORE_API_KEY: DEV_KEY } }),
      ]);
      expect(stored.code).toBe(4);
      expect(fromEnv.code).toBe(0);
    });
  });

  describe('pipes', () => {
    it('stops quietly when the reader of stdout has gone (petstore pets list | head -0)', async ({ expect }) => {
      const result = await runCli(await tempDirs.make(), ['pets', 'list', '--base-url', store.url], {
        env: { PETSTORE_API_KEY: DEV_KEY },
        onSpawn: (child) => child.stdout?.destroy(),
      });
      expect(result.stderr).not.toMatch(STACK);
      expect(result.stderr).not.toContain('EPIPE');
    });
  });
});
