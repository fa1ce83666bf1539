/**
 * `pets list`, the built binary against the built mock server: the note when
 * a list is as long as its limit (the API has no paging), and a table whose
 * columns line up by terminal cells whatever the names hold.
 */
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX } from '@petstore/sdk/values';
import stringWidth from 'string-width';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startMockServerProcess, type MockServerProcess } from '../../../test/support/mock-server-process.js';
import { DEV_KEY, canListLoadedFiles, createCli, createTempDirs, filesLoadedBy } from './support.js';

const tempDirs = createTempDirs();
/** 12 animals (ids 1 to 12; 3 of them pending). */
let store: MockServerProcess;
/** Animals with wide, emoji and combining characters in their names. */
let wide: MockServerProcess;
/** More animals than LIST_LIMIT_DEFAULT, fewer than LIST_LIMIT_MAX. */
let big: MockServerProcess;

const NAMES = ['Rex', '小白猫', '🐶 Doggo', 'Zoe\u0301', 'ＡＢＣ', 'Max'];

beforeAll(async () => {
  [store, wide, big] = await Promise.all([
    startMockServerProcess(['--seed', '12']),
    startMockServerProcess(['--seed', '0']),
    startMockServerProcess(['--seed', String(LIST_LIMIT_DEFAULT + 5)]),
  ]);
  for (const [index, name] of NAMES.entries()) {
    const response = await fetch(`${wide.url}/pets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEV_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name, categoryId: index * 37 + 1, ...(index % 2 ? { status: 'pending' } : {}) }),
    });
    if (response.status !== 201) throw new Error(`create ${name}: ${response.status}`);
  }
});
afterAll(async () => {
  await Promise.all([store.stop(), wide.stop(), big.stop()]);
  await tempDirs.removeAll();
});

async function cli() {
  const { run } = await createCli(tempDirs);
  return (args: readonly string[], server: MockServerProcess) => run([...args, '--base-url', server.url], { env: { PETSTORE_API_KEY: DEV_KEY } });
}

describe.concurrent('pets list, the built binary', () => {
  it('notes on stderr that a list as long as --limit may not be all (the API has no paging); one shorter gets no note', async ({ expect }) => {
    const run = await cli();
    const [smaller, equal, larger, byStatus] = await Promise.all([
      run(['pets', 'list', '--limit', '3'], store),
      run(['pets', 'list', '--limit', '12'], store),
      run(['pets', 'list', '--limit', '13'], store),
      run(['pets', 'list', '--status', 'pending', '--limit', '3'], store),
    ]);
    for (const result of [smaller, equal, larger, byStatus]) expect(result.code).toBe(0);
    expect(smaller.stdout.split('\n')).toHaveLength(4);
    expect(smaller.stderr).toBe(`note: 3 animals, the most --limit 3 returns; the API has no paging, so more may exist (raise --limit, up to ${LIST_LIMIT_MAX}, or narrow with --status)\n`);
    expect(equal.stderr).toBe(`note: 12 animals, the most --limit 12 returns; the API has no paging, so more may exist (raise --limit, up to ${LIST_LIMIT_MAX}, or narrow with --status)\n`);
    expect(larger).toMatchObject({ stderr: '' });
    expect(larger.stdout.split('\n')).toHaveLength(13);
    expect(byStatus.stderr).toBe(`note: 3 animals, the most --limit 3 returns; the API has no paging, so more may exist (raise --limit, up to ${LIST_LIMIT_MAX})\n`);
  });

  it('notes a full page of the default limit, and at --limit 100 suggests only --status; as a {"note"} line with --json', async ({ expect }) => {
    const run = await cli();
    const [byDefault, json, max] = await Promise.all([
      run(['pets', 'list'], big),
      run(['pets', 'list', '--json'], big),
      run(['pets', 'list', '--limit', String(LIST_LIMIT_MAX)], store),
    ]);
    const note = `note: ${LIST_LIMIT_DEFAULT} animals, the most a list without --limit returns; the API has no paging, so more may exist (raise --limit, up to ${LIST_LIMIT_MAX}, or narrow with --status)`;
    expect(byDefault).toMatchObject({ code: 0, stderr: `${note}\n` });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toHaveLength(LIST_LIMIT_DEFAULT);
    expect(json.stderr).toBe(`${JSON.stringify({ note })}\n`);
    // 12 of at most 100: no note.
    expect(max).toMatchObject({ code: 0, stderr: '' });
  });

  it('lines a table up by terminal cells: wide, emoji and combining characters, every column at the same cell', async ({ expect }) => {
    const run = await cli();
    const result = await run(['pets', 'list', '--format', 'table'], wide);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(NAMES.length + 1);
    // Where each column after the first starts, in cells: the cells of the text before it (columns are 2 spaces apart or more, names hold at most 1).
    const starts = (line: string) => [...line.matchAll(/ {2,}(?=\S)/g)].map((match) => stringWidth(line.slice(0, (match.index ?? 0) + match[0].length)));
    const [header = '', ...rows] = lines;
    expect(starts(header)).toHaveLength(3);
    for (const row of rows) expect(starts(row), row).toEqual(starts(header));
    // A fixed expectation too: 小白猫 and ＡＢＣ take 2 cells a character, 🐶 two, the accent none.
    expect(rows[1]).toBe('2   小白猫    38        pending');
    expect(rows[3]).toBe('4   Zoe\u0301       112       pending');
  });

  it.skipIf(!canListLoadedFiles)('loads string-width only to print a table with a cell that is not ASCII', async ({ expect }) => {
    const { configDir } = await createCli(tempDirs);
    const env = { PETSTORE_API_KEY: DEV_KEY, PETSTORE_CONFIG_DIR: configDir };
    // Text found only in string-width's code.
    const measures = (files: [string, string][]) => files.some(([, text]) => text.includes('RGI_Emoji'));
    const [tsv, ascii, wideTable] = await Promise.all([
      filesLoadedBy(['pets', 'list', '--base-url', wide.url], env),
      filesLoadedBy(['pets', 'list', '--format', 'table', '--base-url', store.url], env),
      filesLoadedBy(['pets', 'list', '--format', 'table', '--base-url', wide.url], env),
    ]);
    expect([measures(tsv), measures(ascii), measures(wideTable)]).toEqual([false, false, true]);
  });
});
