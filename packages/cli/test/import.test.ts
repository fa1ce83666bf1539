/**
 * End-to-end tests of `petstore pets import`: the built binary in a child
 * process (stdin, stdout and stderr pipes, or a real pseudo-terminal) against
 * the real mock server binary, or a node:http stub where the test must see
 * how requests overlap. Every test that creates animals has a server of its
 * own, so that it can count what was stored; the tests run concurrently.
 */
import { execFile, execFileSync } from 'node:child_process';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Pet } from '@petstore/sdk/contract';
import { afterAll, describe, it } from 'vitest';
import { startMockServerProcess, type MockServerProcess } from '../../../test/support/mock-server-process.js';
import { DEV_KEY, cliBin, cliEnv, createCli, createTempDirs, inTerminal, sendJson, shellQuote, startStubServer, type CliResult, type StubServer } from './support.js';


/** A report row, as `--format ndjson` prints it. */
interface ReportRow {
  row: number;
  status: string;
  id?: number;
  name?: string;
  error?: { code: string; message: string; status?: number; requestId?: string };
}

const tempDirs = createTempDirs();
const servers: MockServerProcess[] = [];
const stubs: StubServer[] = [];

afterAll(async () => {
  await Promise.all([...servers.map((server) => server.stop()), ...stubs.map((stub) => stub.close())]);
  await tempDirs.removeAll();
});

/** A mock server of the test's own, empty unless asked otherwise. */
async function mockServer(...args: string[]): Promise<MockServerProcess> {
  const server = await startMockServerProcess(['--seed', '0', ...args]);
  servers.push(server);
  return server;
}

/** Admin and API calls with the development key. */
async function api<T>(server: MockServerProcess, path: string, init: RequestInit = {}): Promise<T> {
  const url = path.startsWith('/__admin') ? `${new URL(server.url).origin}${path}` : `${server.url}/${path}`;
  const response = await fetch(url, { ...init, headers: { authorization: `Bearer ${DEV_KEY}`, 'content-type': 'application/json' } });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

const storedNames = async (server: MockServerProcess) => (await api<Pet[]>(server, 'pets?limit=100')).map((pet) => pet.name);
const createsSent = async (server: MockServerProcess) => (await api<unknown[]>(server, '/__admin/requests?operation=createPet')).length;

/** A CLI and a folder for input files; `run` passes the key and the server's URL. */
async function importer(baseUrl: string) {
  const [cli, dir] = await Promise.all([createCli(tempDirs), tempDirs.make('petstore-import-')]);
  return {
    file: async (name: string, text: string) => {
      const path = join(dir, name);
      await writeFile(path, text);
      return path;
    },
    dir,
    configDir: cli.configDir,
    run: (args: readonly string[], options: Parameters<typeof cli.run>[1] = {}) =>
      cli.run(['pets', 'import', ...args, '--base-url', baseUrl], { ...options, env: { PETSTORE_API_KEY: DEV_KEY, ...options.env } }),
  };
}

const ndjsonRows = (names: readonly string[]) => names.map((name, index) => `${JSON.stringify({ name, categoryId: (index % 3) + 1 })}\n`).join('');
const reportRows = (stdout: string): ReportRow[] => stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as ReportRow);
const tsvRows = (stdout: string): string[][] => stdout.split('\n').filter(Boolean).map((line) => line.split('\t'));
const byRow = (rows: ReportRow[]) => rows.toSorted((a, b) => a.row - b.row);
/** stderr with JSON output (--json, --format json or ndjson): one JSON object a line. */
const stderrLines = (stderr: string): Record<string, unknown>[] => stderr.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);

// eslint-disable-next-line no-control-regex -- looking for escape sequences is the point.
const ANSI = /\u001b\[/;
/** Control characters a terminal would act on, and the bidi overrides. */
// eslint-disable-next-line no-control-regex -- looking for them is the point.
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const STACK = /\n\s+at |node:internal/;

describe.concurrent('petstore pets import, the built binary', () => {
  it('imports NDJSON, a JSON array and CSV, numbering rows by file line or item', async ({ expect }) => {
    const server = await mockServer();
    const { file, run } = await importer(server.url);
    const ndjson = await file('pets.ndjson', '{"name":"Rex","categoryId":1}\n\n{"name":"Tom","categoryId":2,"status":"sold"}\r\n');
    const json = await file('pets.json', '\uFEFF[{"name":"Bella","categoryId":3},{"name":"Max","categoryId":1,"status":"pending"}]');
    const csv = await file('pets.csv', '\uFEFFname,categoryId,status\r\n"Luna, ""the"" cat",2,\r\n\r\n"Two\r\nlines",3,sold\r\nCharlie,007,available\r\n');
    const results = [await run([ndjson]), await run([json]), await run([csv])];
    for (const result of results) {
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).not.toMatch(ANSI);
    }
    expect(results.map((result) => tsvRows(result.stdout).map(([row, status, , name]) => [row, status, name]))).toEqual([
      [['1', 'added', 'Rex'], ['3', 'added', 'Tom']],
      [['1', 'added', 'Bella'], ['2', 'added', 'Max']],
      [['2', 'added', 'Luna, "the" cat'], ['4', 'added', 'Two\\nlines'], ['6', 'added', 'Charlie']],
    ]);
    expect(results[2]?.stderr).toMatch(/^3 rows in \d+\.\d s: added 3, skipped 0, failed 0, invalid 0, not sent 0\n$/);
    const stored = await api<Pet[]>(server, 'pets?limit=100');
    expect(stored.map(({ name, categoryId, status }) => [name, categoryId, status])).toEqual([
      ['Rex', 1, 'available'],
      ['Tom', 2, 'sold'],
      ['Bella', 3, 'available'],
      ['Max', 1, 'pending'],
      ['Luna, "the" cat', 2, 'available'],
      ['Two\nlines', 3, 'sold'],
      ['Charlie', 7, 'available'],
    ]);
    // The ids printed are the ids stored.
    expect(results.flatMap((result) => tsvRows(result.stdout).map((fields) => Number(fields[2])))).toEqual(stored.map((pet) => pet.id));
  });

  it('matches CSV headers whatever their case (Name,CategoryID,Status)', async ({ expect }) => {
    const server = await mockServer();
    const { file, run } = await importer(server.url);
    const result = await run([await file('pets.csv', 'Name,CategoryID,Status\nRex,1,sold\n'), '--format', 'ndjson']);
    expect(result.code, result.stderr).toBe(0);
    expect(reportRows(result.stdout)).toEqual([{ row: 2, status: 'added', id: 1, name: 'Rex' }]);
    expect(await api<Pet[]>(server, 'pets')).toMatchObject([{ name: 'Rex', categoryId: 1, status: 'sold' }]);
  });

  it('reads stdin with - and --input-format; without the flag, or with another extension, exit 2 naming it', async ({ expect }) => {
    const server = await mockServer();
    const { file, run } = await importer(server.url);
    const [piped, noFormat, unknown] = await Promise.all([
      run(['-', '--input-format', 'csv', '--format', 'ndjson'], { stdin: 'name,categoryId\nRex,1\n' }),
      run(['-'], { stdin: '{"name":"Rex","categoryId":1}\n' }),
      run([await file('pets.txt', '{"name":"Rex","categoryId":1}\n')]),
    ]);
    expect(piped.code, piped.stderr).toBe(0);
    expect(reportRows(piped.stdout)).toEqual([{ row: 2, status: 'added', id: 1, name: 'Rex' }]);
    for (const result of [noFormat, unknown]) {
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^error: pets import .*give --input-format ndjson\|json\|csv\n/);
    }
    expect(await storedNames(server)).toEqual(['Rex']);
  });

  it('sends nothing when a row breaks the contract: exit 2, each bad row named by line or item', async ({ expect }) => {
    const server = await mockServer();
    const { file, run } = await importer(server.url);
    const [ndjson, csv, json, jsonFlag] = await Promise.all([
      run([await file('bad.ndjson', '{"name":"Rex","categoryId":1}\n{"name":"","categoryId":1}\n\n{oops\n{"name":"Tom","categoryId":1,"id":5}\n')]),
      run([await file('bad.csv', 'name,categoryId,status\nRex,1,\nTom,x,sold\nBella,2,lost\nMax,3\n')]),
      run([await file('bad.json', '[{"name":"Rex","categoryId":1},{"name":"Tom"}]')]),
      run([await file('bad2.json', '[{"name":"Tom"}]'), '--json']),
    ]);
    expect(ndjson.stderr).toMatch(
      /^line 2: name: must not be empty\nline 4: not valid JSON: .*\nline 5: unknown field: id \(id is assigned by the service\); .*\nerror: .*bad\.ndjson: 3 invalid rows, so nothing was sent; fix them, or send the valid rows with --skip-invalid\n$/,
    );
    expect(csv.stderr).toMatch(/^line 3: categoryId: must be an integer\nline 4: status: .*\nline 5: 2 fields, but the header has 3 \(name,categoryId,status\)\nerror: .*bad\.csv: 3 invalid rows/);
    expect(json.stderr).toMatch(/^item 2: categoryId: .*\nerror: .*bad\.json: 1 invalid row, so nothing was sent/);
    expect(jsonFlag.stderr.split('\n').filter(Boolean).map((line) => JSON.parse(line) as unknown)).toEqual([
      { note: expect.stringMatching(/^item 1: categoryId: /) as unknown },
      { error: { exitCode: 2, code: 'invalid_input', message: expect.stringMatching(/bad2\.json: 1 invalid row, so nothing was sent/) as unknown } },
    ]);
    for (const result of [ndjson, csv, json, jsonFlag]) {
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
    }
    expect(await createsSent(server)).toBe(0);
  });

  it('with --skip-invalid sends the valid rows, reports the invalid ones as errors, and exits 6', async ({ expect }) => {
    const server = await mockServer();
    const { file, run } = await importer(server.url);
    const result = await run([await file('mixed.ndjson', '{"name":"Rex","categoryId":1}\n{"name":"","categoryId":1}\n{"name":"Tom","categoryId":2}\n'), '--skip-invalid', '--format', 'ndjson']);
    expect(result.code).toBe(6);
    expect(byRow(reportRows(result.stdout))).toEqual([
      { row: 1, status: 'added', id: expect.any(Number) as unknown, name: 'Rex' },
      { row: 2, status: 'invalid', name: '', error: { code: 'invalid_input', message: 'name: must not be empty' } },
      { row: 3, status: 'added', id: expect.any(Number) as unknown, name: 'Tom' },
    ]);
    expect(stderrLines(result.stderr)).toEqual([
      { summary: { added: 2, skipped: 0, failed: 0, invalid: 1, not_sent: 0, seconds: expect.any(Number) as unknown } },
      { error: { exitCode: 6, code: 'import_incomplete', message: '1 row invalid, not sent (see the report)' } },
    ]);
    expect((await storedNames(server)).toSorted()).toEqual(['Rex', 'Tom']);
  });

  it('prints the report as a table, TSV, one JSON array or NDJSON, hostile names escaped in each', async ({ expect }) => {
    const server = await mockServer();
    const { file, run } = await importer(server.url);
    const hostile = 'Evil\u001b[2J\u0007\u009b\u202eman\tx';
    const input = await file('pets.ndjson', `${ndjsonRows(['Rex', hostile])}${JSON.stringify({ name: 'Bad\u001b]0;pwned\u0007', categoryId: 0 })}\n`);
    const [table, tsv, json, ndjson] = await Promise.all([
      run([input, '--skip-invalid', '--format', 'table']),
      run([input, '--skip-invalid']),
      run([input, '--skip-invalid', '--json']),
      run([input, '--skip-invalid', '--format', 'ndjson']),
    ]);
    for (const result of [table, tsv, json, ndjson]) {
      expect(result.code).toBe(6);
      expect(result.stdout).not.toMatch(UNSAFE);
      expect(result.stderr).not.toMatch(UNSAFE);
      expect(result.stdout).not.toMatch(STACK);
    }
    const lines = table.stdout.split('\n');
    expect(lines[0]).toMatch(/^LINE {2}RESULT {3}ID {2}NAME +ERROR$/);
    expect(lines[1]).toMatch(/^1 {5}added {4}\d+ +Rex$/);
    expect(lines[2]).toMatch(/^2 {5}added {4}\d+ +Evil\\u001b\[2J\\u0007\\u009b\\u202eman\\u0009x$/);
    expect(lines[3]).toMatch(/^3 {5}invalid +Bad\\u001b\]0;pwned\\u0007 +invalid_input: categoryId: must be an integer from 1/);
    expect(tsvRows(tsv.stdout).map((fields) => [fields[0], fields[1], fields[3]])).toEqual(
      expect.arrayContaining([['2', 'added', 'Evil\\u001b[2J\\u0007\\u009b\\u202eman\\tx']]) as unknown,
    );
    const array = JSON.parse(json.stdout) as ReportRow[];
    expect(array.map(({ row, status, name }) => [row, status, name])).toEqual([
      [1, 'added', 'Rex'],
      [2, 'added', hostile],
      [3, 'invalid', 'Bad\u001b]0;pwned\u0007'],
    ]);
    expect(JSON.parse(json.stderr.split('\n')[0] ?? '')).toEqual({
      summary: { added: 2, skipped: 0, failed: 0, invalid: 1, not_sent: 0, seconds: expect.any(Number) as unknown },
    });
    // The same rows (the four runs at once get different ids).
    const withoutId = (rows: ReportRow[]) => rows.map(({ id: _id, ...rest }) => rest);
    expect(withoutId(byRow(reportRows(ndjson.stdout)))).toEqual(withoutId(array));
    // Four runs of two valid rows: eight animals, the hostile name stored as sent.
    const names = await storedNames(server);
    expect(names.filter((name) => name === hostile)).toHaveLength(4);
    expect(names).toHaveLength(8);
  });

  it('exits 7 when the only failures are retryable, 6 when a row was rejected; a create is never retried', async ({ expect }) => {
    const server = await mockServer();
    const { file, run } = await importer(server.url);
    const input = await file('pets.ndjson', ndjsonRows(['A', 'B', 'C', 'D']));
    const arm = (fault: object) => api(server, '/__admin/faults', { method: 'POST', body: JSON.stringify({ operation: 'createPet', ...fault }) });
    await arm({ status: 503, times: 2 });
    const retryable = await run([input, '--concurrency', '1', '--format', 'ndjson']);
    expect(retryable.code).toBe(7);
    expect(byRow(reportRows(retryable.stdout)).map((row) => [row.status, row.error?.status])).toEqual([
      ['failed', 503],
      ['failed', 503],
      ['added', undefined],
      ['added', undefined],
    ]);
    expect(stderrLines(retryable.stderr)[1]).toEqual({
      error: { exitCode: 7, code: 'import_incomplete', message: expect.stringMatching(/^2 rows failed \(see the report\); to send only the rest, run `petstore pets import \S+ --concurrency 1 --resume \S+ --base-url \S+ --format ndjson`$/) as unknown },
    });
    expect(await createsSent(server)).toBe(4);
    await arm({ status: 503 });
    await arm({ status: 400 });
    const rejected = await run([input, '--concurrency', '1']);
    expect(rejected.code).toBe(6);
    expect(tsvRows(rejected.stdout).map((fields) => fields[1])).toEqual(['failed', 'failed', 'added', 'added']);
  });

  it('stops at the first refused key (401): exit 4, the rows not sent marked so, nothing stored', async ({ expect }) => {
    const server = await mockServer();
    const { file, run } = await importer(server.url);
    const names = Array.from({ length: 30 }, (_, index) => `Pet ${index}`);
    const result = await run([await file('pets.ndjson', ndjsonRows(names)), '--concurrency', '2', '--format', 'ndjson'], { env: { PETSTORE_API_KEY: 'not-the-key' } });
    expect(result.code).toBe(4);
    const rows = reportRows(result.stdout);
    const failed = rows.filter((row) => row.status === 'failed');
    expect(failed.length).toBeGreaterThanOrEqual(1);
    expect(failed.length).toBeLessThanOrEqual(2);
    expect(failed[0]?.error).toMatchObject({ status: 401 });
    expect(rows.filter((row) => row.status === 'not_sent').length).toBe(30 - failed.length);
    // The stop names the request of the row that stopped it.
    expect(stderrLines(result.stderr)[1]).toEqual({
      error: {
        exitCode: 4,
        code: 'unauthorized',
        message: expect.stringMatching(/^stopped at the first failure that every row would meet: .*401.*; 2[89] rows not sent; once fixed, to send only the rest, run `petstore pets import /) as unknown,
        requestId: expect.toBeOneOf(failed.flatMap((row) => row.error?.requestId ?? [])) as unknown,
      },
    });
    expect(await storedNames(server)).toEqual([]);
  });

  it('stops at the first row when nothing listens or the host is not found: exit 7, the rest not sent', async ({ expect }) => {
    const closed = await startStubServer(() => {});
    await closed.close();
    const names = Array.from({ length: 1000 }, (_, index) => `Pet ${index}`);
    for (const baseUrl of [`${closed.origin}/v1`, 'http://petstore.invalid/v1']) {
      const { file, run } = await importer(baseUrl);
      const result = await run([await file('pets.ndjson', ndjsonRows(names)), '--concurrency', '2', '--format', 'ndjson']);
      expect(result.code, result.stderr).toBe(7);
      const rows = reportRows(result.stdout);
      const failed = rows.filter((row) => row.status === 'failed');
      expect(failed.length).toBeGreaterThanOrEqual(1);
      expect(failed.length).toBeLessThanOrEqual(2);
      expect(failed[0]?.error?.code).toMatch(/^(connection_refused|host_not_found)$/);
      expect(rows.filter((row) => row.status === 'not_sent')).toHaveLength(1000 - failed.length);
      expect(stderrLines(result.stderr)[1]).toEqual({
        error: {
          exitCode: 7,
          code: failed[0]?.error?.code,
          message: expect.stringMatching(/^stopped at the first failure that every row would meet: .*; 99[89] rows not sent/) as unknown,
          requestId: expect.toBeOneOf(failed.flatMap((row) => row.error?.requestId ?? [])) as unknown,
        },
      });
    }
  });

  it('keeps --concurrency requests in flight at most (4 by default), and refuses a bound outside 1 to 16', async ({ expect }) => {
    let inFlight = 0;
    let most = 0;
    let nextId = 0;
    // Answers are held until the bound is reached (or 2 s pass, for the last
    // rows), so a slow machine cannot make the count fall short of it.
    let bound = 3;
    const held: (() => void)[] = [];
    const stub = await startStubServer((request, response) => {
      let body = '';
      request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        const answer = (): void => {
          inFlight -= 1;
          sendJson(response, 201, { id: ++nextId, status: 'available', ...(JSON.parse(body) as object) });
        };
        held.push(answer);
        if (inFlight >= bound) for (const release of held.splice(0)) setTimeout(release, 25);
        else setTimeout(() => held.includes(answer) && held.splice(held.indexOf(answer), 1)[0]?.(), 2000);
      });
    });
    stubs.push(stub);
    const { file, run } = await importer(`${stub.origin}/v1`);
    const input = await file('pets.ndjson', ndjsonRows(Array.from({ length: 16 }, (_, index) => `Pet ${index}`)));
    const three = await run([input, '--concurrency', '3']);
    expect(three.code, three.stderr).toBe(0);
    expect(most).toBe(3);
    most = 0;
    bound = 4;
    const byDefault = await run([input]);
    expect(byDefault.code).toBe(0);
    expect(most).toBe(4);
    const sent = stub.requests.length;
    for (const bad of ['0', '17', 'x']) {
      const result = await run([input, '--concurrency', bad]);
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(`error: --concurrency must be a whole number from 1 to 16, got "${bad}"\n`);
    }
    expect(stub.requests.length).toBe(sent);
  });

  it('draws no progress bar on a pipe, and one on a terminal that it erases at the end', async ({ expect }) => {
    const server = await mockServer('--delay', '40');
    const { file, run } = await importer(server.url);
    const input = await file('pets.ndjson', ndjsonRows(Array.from({ length: 12 }, (_, index) => `Pet ${index}`)));
    const piped = await run([input, '--concurrency', '2']);
    expect(piped.code).toBe(0);
    expect(piped.stderr).not.toMatch(/\r|importing/);
    expect(piped.stderr).not.toMatch(ANSI);
    const screen = await inTerminal(['pets', 'import', input, '--concurrency', '2', '--base-url', server.url], { PETSTORE_API_KEY: DEV_KEY, PETSTORE_CONFIG_DIR: await tempDirs.make() });
    const erase = '\r\u001b[2K';
    expect(screen.startsWith(`${erase}importing ░`)).toBe(true);
    expect(screen).toContain(' 0/12');
    expect(screen).toMatch(/importing [█░]+ \d+\/12 {2}\d+\/s {2}\d+ s left/);
    // Erased before the table: the bar's line is empty when the report starts.
    expect(screen).toContain(`${erase}\u001b[1mLINE`);
    expect(screen).toMatch(/12 rows in .*: added 12/);
  });

  it('keeps the bar on the terminal while the report goes to a file (it is lifted only for lines on the same screen)', async ({ expect }) => {
    const server = await mockServer('--delay', '40');
    const { file } = await importer(server.url);
    const input = await file('pets.ndjson', ndjsonRows(Array.from({ length: 24 }, (_, index) => `Pet ${index}`)));
    const report = join(await tempDirs.make(), 'report.ndjson');
    const screen = await inTerminal(
      ['pets', 'import', input, '--concurrency', '2', '--format', 'ndjson', '--base-url', server.url],
      { PETSTORE_API_KEY: DEV_KEY, PETSTORE_CONFIG_DIR: await tempDirs.make() },
      `> ${shellQuote(report)}`,
    );
    const erase = '\r\u001b[2K';
    // Each redraw replaces the bar in place; a bar erased as soon as drawn would show as two erases in a row.
    expect(screen.match(/importing /g)?.length).toBeGreaterThan(2);
    expect(screen).not.toContain(`${erase}${erase}`);
    expect((await readFile(report, 'utf8')).trim().split('\n')).toHaveLength(24);
  });

  it('on Ctrl-C stops sending, reports what finished, marks the rest not sent and exits 130; --resume then adds each row exactly once', async ({ expect }) => {
    const server = await mockServer('--delay', '150');
    const { file, run } = await importer(server.url);
    const names = Array.from({ length: 16 }, (_, index) => `Pet ${index + 1}`);
    const input = await file('pets.ndjson', ndjsonRows(names));
    let seen = '';
    let interrupted = false;
    const first = await run([input, '--concurrency', '2', '--format', 'ndjson'], {
      onSpawn: (child) =>
        child.stdout?.on('data', (text: string) => {
          seen += text;
          // Two rows added, and the next two in flight: interrupt now.
          if (!interrupted && seen.split('\n').length >= 3) interrupted = child.kill('SIGINT');
        }),
    });
    expect(first.code).toBe(130);
    expect(stderrLines(first.stderr)).toEqual([
      { note: expect.stringMatching(/^interrupted: no more rows are sent; waiting for the requests in flight/) as unknown },
      { summary: expect.objectContaining({ not_sent: 16 - reportRows(first.stdout).filter((row) => row.status === 'added').length }) as unknown },
      { error: { exitCode: 130, code: 'interrupted', message: expect.stringMatching(/^interrupted: \d+ rows not sent; to send only the rest, run `petstore pets import /) as unknown } },
    ]);
    const report = reportRows(first.stdout);
    expect(byRow(report).map((row) => row.row)).toEqual(names.map((_, index) => index + 1));
    const added = report.filter((row) => row.status === 'added');
    // The two in flight at the interrupt were awaited and reported.
    expect(added.length).toBeGreaterThanOrEqual(4);
    expect(report.filter((row) => row.status === 'not_sent').length).toBe(16 - added.length);
    expect(await storedNames(server)).toHaveLength(added.length);

    const reportFile = await file('report.ndjson', first.stdout);
    const second = await run([input, '--resume', reportFile, '--format', 'ndjson']);
    expect(second.code, second.stderr).toBe(0);
    const resumed = byRow(reportRows(second.stdout));
    expect(resumed.filter((row) => row.status === 'skipped')).toEqual(byRow(added).map((row) => ({ ...row, status: 'skipped' })));
    expect(resumed.filter((row) => row.status === 'added')).toHaveLength(16 - added.length);
    const stored = await storedNames(server);
    expect(stored.toSorted()).toEqual(names.toSorted());

    // A third run with the second report sends nothing.
    const third = await run([input, '--resume', await file('report-2.ndjson', second.stdout)]);
    expect(third.code).toBe(0);
    expect(tsvRows(third.stdout).every((fields) => fields[1] === 'skipped')).toBe(true);
    expect(await storedNames(server)).toHaveLength(16);
  });

  it('on Ctrl-C of a default import into a pipe (TSV), prints the command that sends only the rest; run as printed, it adds each row exactly once', async ({ expect }) => {
    const server = await mockServer('--delay', '150');
    const { file, run, configDir } = await importer(server.url);
    const names = Array.from({ length: 16 }, (_, index) => `Pet ${index + 1}`);
    // A name the shell must have quoted.
    const input = await file("it's my pets.ndjson", ndjsonRows(names));
    let seen = '';
    let interrupted = false;
    const first = await run([input, '--concurrency', '2'], {
      onSpawn: (child) =>
        child.stdout?.on('data', (text: string) => {
          seen += text;
          if (!interrupted && seen.split('\n').length >= 3) interrupted = child.kill('SIGINT');
        }),
    });
    expect(first.code, first.stderr).toBe(130);
    const added = tsvRows(first.stdout).filter((fields) => fields[1] === 'added').length;
    expect(added).toBeGreaterThanOrEqual(2);
    expect(added).toBeLessThan(16);
    const lines = first.stderr.split('\n');
    expect(lines[0]).toMatch(/^interrupted: no more rows are sent; .*; to send the rest later, run `petstore pets import /);
    const error = lines.find((line) => line.startsWith('error: ')) ?? '';
    const command = /^error: interrupted: \d+ rows not sent; to send only the rest, run `(.*)`$/.exec(error)?.[1] ?? '';
    expect(command.startsWith(`petstore pets import ${shellQuote(input)} --concurrency 2 --resume `)).toBe(true);
    expect(command.endsWith(` --base-url ${server.url}`)).toBe(true);
    // The resume file is the CLI's own: in the configuration folder, for its owner only.
    const resumePath = / --resume (\S+)/.exec(command)?.[1] ?? '';
    expect(resumePath.startsWith(join(configDir, 'imports'))).toBe(true);
    expect((await stat(resumePath)).mode & 0o777).toBe(0o600);

    const petstore = `petstore() { ${shellQuote(process.execPath)} ${shellQuote(cliBin)} "$@"; }`;
    const second = await promisify(execFile)('sh', ['-c', `${petstore}; ${command}`], { env: cliEnv(configDir, { PETSTORE_API_KEY: DEV_KEY }) });
    expect(tsvRows(second.stdout).filter((fields) => fields[1] === 'skipped')).toHaveLength(added);
    expect((await storedNames(server)).toSorted()).toEqual(names.toSorted());
    // Nothing left to send: the resume file is gone.
    await expect(stat(resumePath)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('removes a resume file of its own that has nothing left to send, and never a report kept elsewhere', async ({ expect }) => {
    const server = await mockServer();
    const { file, run, configDir } = await importer(server.url);
    const input = await file('pets.ndjson', ndjsonRows(['Rex', 'Tom']));
    const full = await run([input, '--format', 'ndjson']);
    expect(full.code, full.stderr).toBe(0);
    const elsewhere = await file('report.ndjson', full.stdout);
    const own = join(configDir, 'imports', 'pets.ndjson-0000000000000000.ndjson');
    await writeFile(own, full.stdout, { mode: 0o600 });
    for (const report of [elsewhere, own]) expect((await run([input, '--resume', report])).code).toBe(0);
    await expect(stat(own)).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await stat(elsewhere)).isFile()).toBe(true);
    expect(await storedNames(server)).toHaveLength(2);
  });

  it('refuses a broken report, or one of another input, naming the file and line, before sending anything', async ({ expect }) => {
    const server = await mockServer();
    const { file, run } = await importer(server.url);
    const input = await file('pets.ndjson', ndjsonRows(['Rex', 'Tom']));
    const broken = await file('broken.ndjson', '{"row":1,"status":"added","id":1,"name":"Rex"}\n{"row":2,"status":"added"\n');
    const foreign = await file('foreign.ndjson', '{"row":2,"status":"added","id":7,"name":"Bella"}\n');
    const [brokenRun, foreignRun, missing] = await Promise.all([
      run([input, '--resume', broken]),
      run([input, '--resume', foreign]),
      run([input, '--resume', '/nonexistent/report.ndjson']),
    ]);
    expect(brokenRun.stderr).toMatch(new RegExp(`^error: --resume ${broken.replaceAll('/', '\\/')}: line 2: not JSON`));
    expect(foreignRun.stderr).toMatch(/: line 1: line 2 was "Bella" when added, but is "Tom" in .*pets\.ndjson; is this the report of another input\?\n$/);
    expect(missing.stderr).toBe('error: --resume /nonexistent/report.ndjson: cannot read the file (ENOENT)\n');
    for (const result of [brokenRun, foreignRun, missing]) expect(result.code).toBe(2);
    expect(await createsSent(server)).toBe(0);
  });

  it('prints a table report of 150,000 rows (all added before, so nothing is sent)', async ({ expect }) => {
    const { file, run } = await importer('http://127.0.0.1:9/v1');
    const names = Array.from({ length: 150_000 }, (_, index) => `Pet ${index + 1}`);
    const input = await file('many.ndjson', ndjsonRows(names));
    const report = await file('many-report.ndjson', names.map((name, index) => `${JSON.stringify({ row: index + 1, status: 'added', id: index + 1, name })}\n`).join(''));
    const result = await run([input, '--resume', report, '--format', 'table']);
    expect(result.stderr).toMatch(/^150,000 rows in .*: added 0, skipped 150,000/);
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe('LINE    RESULT   ID      NAME        ERROR');
    expect(lines[150_000]).toBe('150000  skipped  150000  Pet 150000');
  });

  it('refuses a FIFO and a folder without reading them, and stdin past 64 MiB', async ({ expect }) => {
    const { dir, run } = await importer('http://127.0.0.1:9/v1');
    const fifo = join(dir, 'pets.ndjson');
    execFileSync('mkfifo', [fifo]);
    const [fifoRun, dirRun, huge] = await Promise.all([
      run([fifo]),
      run([dir, '--input-format', 'csv']),
      run(['-', '--input-format', 'ndjson'], { stdin: ' '.repeat(64 * 1024 * 1024 + 1) }),
    ]);
    expect(fifoRun.stderr).toBe(`error: ${fifo}: a FIFO (named pipe), not a regular file; pipe it to stdin with - instead\n`);
    expect(dirRun.stderr).toBe(`error: ${dir}: a directory, not a regular file; pipe it to stdin with - instead\n`);
    expect(huge.stderr).toBe('error: pets import -: more than 64 MiB on stdin; pass a file instead, or split the input\n');
    for (const result of [fifoRun, dirRun, huge] as CliResult[]) {
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
    }
  });
});
