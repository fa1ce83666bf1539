/**
 * `--jq` and `auth token` on the built binary, in child processes (stdout a
 * pipe) against the mock server binary: jq's semantics for the common
 * filters, output as gh prints it, syntax errors by position, the bounds, and
 * every command that prints JSON. The terminal's side is in tty.test.ts.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Pet } from '@petstore/sdk/contract';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startMockServerProcess, type MockServerProcess } from '../../../test/support/mock-server-process.js';
import { JQ_LIMITS } from '../src/tables/jq-flag.js';
import { DEV_KEY, createCli, createTempDirs, type Cli, type JsonErrorLine } from './support.js';

const tempDirs = createTempDirs();
let seeded: MockServerProcess; // --seed 12, read only
let writable: MockServerProcess; // for creates and imports
let pets: Pet[];

/** A CLI that sends the development key to `server` (the built-in key goes only to port 4010). */
async function cliAt(server: () => MockServerProcess): Promise<Cli> {
  const bare = await createCli(tempDirs);
  return { ...bare, run: (args, options = {}) => bare.run(args, { ...options, env: { PETSTORE_API_KEY: DEV_KEY, PETSTORE_BASE_URL: server().url, PETSTORE_NO_DEPRECATION_WARNING: '1', ...options.env } }) };
}
const cli = () => cliAt(() => seeded);

beforeAll(async () => {
  [seeded, writable] = await Promise.all([startMockServerProcess(['--seed', '12']), startMockServerProcess(['--seed', '12'])]);
  const { run } = await cli();
  pets = JSON.parse((await run(['pets', 'list', '--json'])).stdout) as Pet[];
});
afterAll(async () => {
  await Promise.all([seeded.stop(), writable.stop(), tempDirs.removeAll()]);
});

const lines = (...values: string[]) => values.map((value) => `${value}\n`).join('');

describe.concurrent('--jq filters the JSON output with jq', () => {
  it.for([
    ['.[0].name', (all: Pet[]) => lines(all[0]?.name ?? '')],
    ['.[].id', (all: Pet[]) => lines(...all.map((pet) => String(pet.id)))],
    ['.[] | select(.status == "sold") | .name', (all: Pet[]) => lines(...all.filter((pet) => pet.status === 'sold').map((pet) => pet.name))],
    ['map(.categoryId) | length', (all: Pet[]) => lines(String(all.length))],
    ['.[] | select(.id <= 2) | "\\(.id): \\(.name)"', (all: Pet[]) => lines(...all.filter((pet) => pet.id <= 2).map((pet) => `${pet.id}: ${pet.name}`))],
    ['.[0] | {name, cat: .categoryId}', (all: Pet[]) => lines(JSON.stringify({ name: all[0]?.name, cat: all[0]?.categoryId }))],
    ['.[0].id, .[1].name', (all: Pet[]) => lines(String(all[0]?.id), all[1]?.name ?? '')],
    ['[.[] | .id] | add', (all: Pet[]) => lines(String(all.reduce((sum, pet) => sum + pet.id, 0)))],
    ['.[0] | .nothing', () => lines('null')],
    ['.[] | select(.id > 1000)', () => ''],
    ['.[0] # a comment at the end', (all: Pet[]) => lines(JSON.stringify(all[0]))],
    ['', (all: Pet[]) => lines(JSON.stringify(all))],
  ] as const)('%s', async ([expression, expected], { expect }) => {
    const { run } = await cli();
    const result = await run(['pets', 'list', '--jq', expression]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toBe(expected(pets));
  });

  it('prints strings raw and other values as compact JSON, one result a line (as gh does to a pipe)', async ({ expect }) => {
    const { run } = await cli();
    const result = await run(['pets', 'list', '--jq', '.[0] | .name, .id, [.name], {id}, null, true']);
    const [first] = pets;
    expect(result.stdout).toBe(lines(first?.name ?? '', String(first?.id), JSON.stringify([first?.name]), JSON.stringify({ id: first?.id }), 'null', 'true'));
  });

  it("to a pipe, a string from the server is printed as it is; JSON escapes what --json escapes", async ({ expect }) => {
    const { run } = await cliAt(() => writable);
    const name = 'Evil\u001b[2J\u202eX\u0085';
    const created = await run(['pets', 'create', '--data', JSON.stringify({ name, categoryId: 1 }), '--jq', '.name, {name}']);
    expect(created).toMatchObject({ code: 0, stderr: '' });
    expect(created.stdout).toBe(`${name}\n{"name":"Evil\\u001b[2J\\u202eX\\u0085"}\n`);
  });

  it('a syntax error names the line and column in the expression: exit 2, nothing on stdout', async ({ expect }) => {
    const { run } = await cli();
    const cases = [
      ['.foo bar', 'syntax error, unexpected IDENT, expecting end of file at line 1, column 6 (near "bar")'],
      ['.[0] |\n  .x[', 'syntax error, unexpected end of file at line 2, column 5 (near "[")'],
      ['{name: }', "syntax error, unexpected '}' at line 1, column 8 (near \"}\")"],
      ['.[] | nosuchfunction', 'nosuchfunction/0 is not defined at line 1, column 7 (near "nosuchfunction")'],
      // jq counts bytes; the column counts characters, after accents and emoji too.
      ['.[] | select(.name == "Bélla") | .id foo', 'syntax error, unexpected IDENT, expecting end of file at line 1, column 38 (near "foo")'],
      ['.[0] |\n  "🐶🐶🐶🐶" bar', 'syntax error, unexpected IDENT, expecting end of file at line 2, column 10 (near "bar")'],
    ] as const;
    for (const [expression, message] of cases) {
      const result = await run(['pets', 'list', '--jq', expression]);
      expect(result).toMatchObject({ code: 2, stdout: '', stderr: `error: --jq: ${message}\n` });
    }
    const json = await run(['pets', 'list', '--json', '--jq', '.foo bar']);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stderr)).toEqual({ error: { exitCode: 2, code: 'usage', message: `--jq: ${cases[0][1]}` } } satisfies JsonErrorLine);
  }, 60_000); // seven runs of the binary, each loading jq

  it("an error on the data is jq's message: exit 2, nothing printed", async ({ expect }) => {
    const { run } = await cli();
    const result = await run(['pets', 'list', '--jq', '.[] | .id, error("stop here")']);
    expect(result).toMatchObject({ code: 2, stdout: '', stderr: 'error: --jq: stop here\n' });
    const indexed = await run(['pets', 'list', '--jq', '.name']);
    expect(indexed).toMatchObject({ code: 2, stdout: '', stderr: 'error: --jq: Cannot index array with string "name"\n' });
  });

  it("debug's lines go to stderr, escaped, and the results to stdout", async ({ expect }) => {
    const { run } = await cli();
    const result = await run(['pets', 'list', '--jq', '.[0:2][] | debug | .id']);
    expect(result).toMatchObject({ code: 0, stdout: lines(String(pets[0]?.id), String(pets[1]?.id)) });
    expect(result.stderr.split('\n').filter(Boolean).map((line) => (JSON.parse(line) as [string, Pet])[1].id)).toEqual([pets[0]?.id, pets[1]?.id]);
  });

  it('bounds the expression and the results; refuses --format other than json', async ({ expect }) => {
    const { run } = await cli();
    const long = await run(['pets', 'list', '--jq', `.${' '.repeat(JQ_LIMITS.expressionLength)}`]);
    expect(long).toMatchObject({ code: 2, stdout: '', stderr: `error: --jq takes at most ${JQ_LIMITS.expressionLength} characters, got ${JQ_LIMITS.expressionLength + 1}\n` });
    const endless = await run(['pets', 'list', '--jq', 'repeat(1)']);
    expect(endless).toMatchObject({ code: 2, stdout: '', stderr: `error: --jq: the expression gave more than ${JQ_LIMITS.results} results; nothing was printed\n` });
    const tsv = await run(['pets', 'list', '--format', 'tsv', '--jq', '.']);
    expect(tsv).toMatchObject({ code: 2, stdout: '', stderr: 'error: --jq prints JSON; it cannot be combined with --format tsv\n' });
    expect(await run(['pets', 'list', '--format', 'json', '--jq', 'length'])).toMatchObject({ code: 0, stdout: lines(String(pets.length)) });
  });

  it('is on every command that prints JSON', async ({ expect }) => {
    const { run, configDir } = await cliAt(() => writable);
    const input = join(configDir, 'pets.ndjson');
    await writeFile(input, '{"name":"Jq1","categoryId":1}\n{"name":"Jq2","categoryId":2}\n');
    const [list, get, create, imported, status, config] = await Promise.all([
      run(['pets', 'list', '--limit', '2', '--jq', 'length']),
      run(['pets', 'get', '1', '--jq', '.id']),
      run(['pets', 'create', '--name', 'Jq0', '--category-id', '1', '--jq', '.name']),
      run(['pets', 'import', input, '--jq', '[.[].status] | unique | join(",")']),
      run(['auth', 'status', '--jq', '.apiKeySource']),
      run(['config', 'list', '--jq', '.profiles[] | select(.current) | .profile']),
    ]);
    // Alone: verify's checks see the animals it creates, which the creates and imports above would race with.
    const verify = await run(['verify', '--jq', '.summary.fail']);
    expect(list).toMatchObject({ code: 0, stdout: '2\n' });
    expect(get).toMatchObject({ code: 0, stdout: '1\n' });
    expect(create).toMatchObject({ code: 0, stdout: 'Jq0\n' });
    expect(imported).toMatchObject({ code: 0, stdout: 'added\n' });
    expect(status).toMatchObject({ code: 0, stdout: 'environment\n' });
    expect(config).toMatchObject({ code: 0, stdout: 'mock\n' });
    expect(verify).toMatchObject({ code: 0, stdout: '0\n' });
    // A command that prints no JSON has no --jq.
    expect(await run(['auth', 'token', '--jq', '.'])).toMatchObject({ code: 2, stderr: expect.stringContaining("unknown option '--jq'") });
  });

  it('works offline: jq and its WebAssembly ship in the installed package, and config list needs no server', async ({ expect }) => {
    const { run } = await cli();
    const result = await run(['config', 'list', '--jq', '.profile'], { env: { PETSTORE_BASE_URL: 'http://127.0.0.1:1/v1', HTTPS_PROXY: 'http://127.0.0.1:1', HTTP_PROXY: 'http://127.0.0.1:1' } });
    expect(result).toMatchObject({ code: 0, stdout: 'mock\n', stderr: '' });
  });
});

describe.concurrent('auth token', () => {
  it('prints the key in use to a pipe, and nothing else', async ({ expect }) => {
    const { run } = await cli();
    expect(await run(['auth', 'token'])).toMatchObject({ code: 0, stdout: `${DEV_KEY}\n`, stderr: '' });
    // The stored key of a profile, when the environment gives none.
    const stored = await cli();
    const login = await stored.run(['auth', 'login', '--with-token', '--no-verify', '--profile', 'staging'], { stdin: 'sk-stored-Abc123456789', env: { PETSTORE_API_KEY: undefined } });
    expect(login.code).toBe(0);
    expect(await stored.run(['auth', 'token', '--profile', 'staging'], { env: { PETSTORE_API_KEY: undefined } })).toMatchObject({ code: 0, stdout: 'sk-stored-Abc123456789\n', stderr: '' });
  });

  it('exits 3 without a key, saying how to give one', async ({ expect }) => {
    const { run } = await cli();
    const result = await run(['auth', 'token', '--profile', 'production'], { env: { PETSTORE_API_KEY: undefined } });
    expect(result).toMatchObject({ code: 3, stdout: '' });
    expect(result.stderr).toMatch(/^error: no API key for profile "production".*petstore auth login --profile production/);
  });
});
