/**
 * `--dry-run` of `pets create` and `pets import`, the built binary against the
 * built mock server: every check a real run makes, the requests printed, and
 * nothing sent, which the server's journal shows.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startMockServerProcess, type MockServerProcess } from '../../../test/support/mock-server-process.js';
import { createCli, createTempDirs, type CliResult } from './support.js';

/** The key the server accepts: it must never show up in any output. */
const KEY = 'sk-dry-run-Hq4Wz8Lp2Xv6Nm3R';
/** Nothing listens there: a dry run needs no server. */
const DEAD_URL = 'http://127.0.0.1:1/v1';

const tempDirs = createTempDirs();
let server: MockServerProcess;

beforeAll(async () => {
  server = await startMockServerProcess(['--seed', '0', '--api-key', KEY]);
});
afterAll(async () => {
  await server.stop();
  await tempDirs.removeAll();
});

/** The requests the server has journaled (API requests only: the admin API's own are not). */
async function journal(): Promise<unknown[]> {
  const response = await fetch(`${new URL(server.url).origin}/__admin/requests`, { headers: { authorization: `Bearer ${KEY}` } });
  if (!response.ok) throw new Error(`journal: ${response.status}`);
  return (await response.json()) as unknown[];
}

/** A CLI with the server's key, a folder for input files, and `run` pointed at `baseUrl`. */
async function dryRunner(baseUrl = server.url) {
  const [cli, dir] = await Promise.all([createCli(tempDirs), tempDirs.make('petstore-dry-run-')]);
  return {
    configDir: cli.configDir,
    file: async (name: string, text: string) => {
      const path = join(dir, name);
      await writeFile(path, text);
      return path;
    },
    run: (args: readonly string[], stdin?: string) => cli.run([...args, '--base-url', baseUrl], { env: { PETSTORE_API_KEY: KEY }, ...(stdin === undefined ? {} : { stdin }) }),
  };
}

const neverTheKey = (results: readonly CliResult[]) => results.every((result) => !`${result.stdout}${result.stderr}`.includes(KEY));

// One after another: each checks the journal is still empty.
describe('--dry-run, the built binary', () => {
  it('pets create --dry-run prints the request in every format, sends nothing, exit 0', async ({ expect }) => {
    const { run } = await dryRunner();
    const url = `${server.url}/pets`;
    const args = ['pets', 'create', '-n', '小白猫', '-c', '2', '--dry-run'];
    const [tsv, table, json, ndjson, data, jq] = await Promise.all([
      run(args),
      run([...args, '--format', 'table']),
      run([...args, '--json']),
      run([...args, '--format', 'ndjson']),
      run(['pets', 'create', '--data', '-', '--dry-run'], '{"name":"Tom","categoryId":3,"status":"sold"}'),
      run([...args, '--jq', '.url']),
    ]);
    for (const result of [tsv, table, json, ndjson, data, jq]) expect(result.code, result.stderr).toBe(0);
    expect(tsv.stdout).toBe(`POST\t${url}\t{"name":"小白猫","categoryId":2}\n`);
    expect(tsv.stderr).toBe('dry run: 1 request not sent\n');
    expect(table.stdout).toBe(`METHOD  URL${' '.repeat(url.length - 1)}BODY\nPOST    ${url}  {"name":"小白猫","categoryId":2}\n`);
    expect(JSON.parse(json.stdout)).toEqual({ method: 'POST', url, body: { name: '小白猫', categoryId: 2 } });
    expect(json.stderr).toBe('{"note":"dry run: 1 request not sent"}\n');
    expect(JSON.parse(ndjson.stdout)).toEqual(JSON.parse(json.stdout));
    expect(data.stdout).toBe(`POST\t${url}\t{"name":"Tom","categoryId":3,"status":"sold"}\n`);
    expect(jq.stdout).toBe(`${url}\n`);
    expect(neverTheKey([tsv, table, json, ndjson, data, jq])).toBe(true);
    expect(await journal()).toEqual([]);
  });

  it('pets create --dry-run: a bad flag or body is the usual usage error, exit 2, the same message', async ({ expect }) => {
    const { run } = await dryRunner();
    const cases = [
      ['pets', 'create', '-n', 'Rex', '-c', '0'],
      ['pets', 'create', '-n', 'Rex'],
      ['pets', 'create', '--data', '{"name":"Rex","categoryId":1,"colour":"red"}'],
      ['pets', 'create', '-n', 'Rex', '-c', '1', '--timeout', 'soon'],
    ];
    const results = await Promise.all(cases.flatMap((args) => [run(args), run([...args, '--dry-run'])]));
    for (let index = 0; index < results.length; index += 2) {
      const [real, dry] = [results[index], results[index + 1]];
      expect(dry).toMatchObject({ code: 2, stdout: '' });
      expect(dry?.stderr).toBe(real?.stderr);
      expect(dry?.stderr).toMatch(/^error: /);
    }
    expect(await journal()).toEqual([]);
  });

  it('pets import --dry-run checks every row, prints one request a row, writes no resume file and sends nothing', async ({ expect }) => {
    const { run, file, configDir } = await dryRunner();
    const url = `${server.url}/pets`;
    const input = await file('pets.ndjson', '{"name":"Rex","categoryId":1}\n\n{"name":"🐶 Doggo","categoryId":2,"status":"sold"}\n{"name":"小白猫","categoryId":3}\n');
    const [tsv, json, table] = await Promise.all([run(['pets', 'import', input, '--dry-run']), run(['pets', 'import', input, '--dry-run', '--json']), run(['pets', 'import', input, '--dry-run', '--format', 'table'])]);
    for (const result of [tsv, json, table]) expect(result.code, result.stderr).toBe(0);
    expect(tsv.stdout).toBe(
      [`1\tPOST\t${url}\t{"name":"Rex","categoryId":1}`, `3\tPOST\t${url}\t{"name":"🐶 Doggo","categoryId":2,"status":"sold"}`, `4\tPOST\t${url}\t{"name":"小白猫","categoryId":3}`, ''].join('\n'),
    );
    expect(tsv.stderr).toBe('dry run: 3 requests not sent\n');
    expect(JSON.parse(json.stdout)).toEqual([
      { row: 1, method: 'POST', url, body: { name: 'Rex', categoryId: 1 } },
      { row: 3, method: 'POST', url, body: { name: '🐶 Doggo', categoryId: 2, status: 'sold' } },
      { row: 4, method: 'POST', url, body: { name: '小白猫', categoryId: 3 } },
    ]);
    expect(json.stderr).toBe('{"note":"dry run: 3 requests not sent"}\n');
    // The table's columns by terminal cells: the emoji and the CJK names take two cells a character.
    expect(table.stdout.split('\n')[0]).toBe(`LINE  METHOD  URL${' '.repeat(url.length - 1)}BODY`);
    expect(neverTheKey([tsv, json, table])).toBe(true);
    expect(existsSync(join(configDir, 'imports'))).toBe(false);
    expect(await journal()).toEqual([]);
  });

  it('pets import --dry-run: an invalid row is exit 2 with the same message; with --skip-invalid it is listed and the rest printed, exit 0', async ({ expect }) => {
    const { run, file } = await dryRunner();
    const input = await file('pets.csv', 'name,categoryId\nRex,1\n,2\nTom,x\nBella,3\n');
    const [real, dry, skipping] = await Promise.all([
      run(['pets', 'import', input]),
      run(['pets', 'import', input, '--dry-run']),
      run(['pets', 'import', input, '--dry-run', '--skip-invalid']),
    ]);
    expect(dry).toMatchObject({ code: 2, stdout: '' });
    expect(dry.stderr).toBe(real.stderr);
    expect(dry.stderr).toMatch(/^line 3: name: .*\nline 4: categoryId: .*\nerror: .*2 invalid rows, so nothing was sent/);
    expect(skipping.code, skipping.stderr).toBe(0);
    expect(skipping.stdout.split('\n').map((line) => line.split('\t')[0])).toEqual(['2', '5', '']);
    expect(skipping.stderr).toMatch(/^line 3: name: .*\nline 4: categoryId: .*\ndry run: 2 requests not sent; 2 invalid rows would not be sent either\n$/);
    expect(await journal()).toEqual([]);
  });

  it('pets import --dry-run --resume leaves out the rows the report says were added, and says so', async ({ expect }) => {
    const { run, file } = await dryRunner();
    const input = await file('pets.ndjson', '{"name":"Rex","categoryId":1}\n{"name":"Tom","categoryId":2}\n');
    const report = await file('report.ndjson', '{"row":1,"status":"added","id":5,"name":"Rex"}\n');
    const result = await run(['pets', 'import', input, '--resume', report, '--dry-run']);
    expect(result).toMatchObject({ code: 0, stdout: `2\tPOST\t${server.url}/pets\t{"name":"Tom","categoryId":2}\n` });
    expect(result.stderr).toBe('dry run: 1 request not sent; 1 row added before (--resume) would not be sent either\n');
    expect(existsSync(report)).toBe(true);
    expect(await journal()).toEqual([]);
  });

  it('needs no server: against an address where nothing listens, the dry run still prints its requests, exit 0', async ({ expect }) => {
    const { run, file } = await dryRunner(DEAD_URL);
    const input = await file('pets.json', '[{"name":"Rex","categoryId":1}]');
    const [created, imported] = await Promise.all([run(['pets', 'create', '-n', 'Rex', '-c', '1', '--dry-run']), run(['pets', 'import', input, '--dry-run'])]);
    expect(created).toMatchObject({ code: 0, stdout: `POST\t${DEAD_URL}/pets\t{"name":"Rex","categoryId":1}\n` });
    expect(imported).toMatchObject({ code: 0, stdout: `1\tPOST\t${DEAD_URL}/pets\t{"name":"Rex","categoryId":1}\n` });
  });
});
