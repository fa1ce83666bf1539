import { describe, expect, it } from 'vitest';
import type { RowResult } from '../import/row-result.js';
import type { Paint } from './colour.js';
import { renderImportLine, renderImportReport } from './render-import.js';

const plain: Paint = { bold: (t) => t, dim: (t) => t, red: (t) => t, green: (t) => t, yellow: (t) => t };
const hostile = 'Evil\u001b[2J\u202eman\tx\ny\\z\u009b';

const results: RowResult[] = [
  { row: 4, status: 'failed', name: 'Tom', error: { code: 'server_error', message: 'down', status: 503, requestId: 'r1' } },
  { row: 2, status: 'added', id: 17, name: 'Rex' },
  { row: 3, status: 'invalid', error: { code: 'invalid_input', message: 'name: is required' } },
  { row: 5, status: 'not_sent', name: 'Bella' },
  { row: 6, status: 'skipped', id: 9, name: hostile },
];

describe('renderImportLine', () => {
  it('prints the report line --resume reads, with unsafe characters escaped', () => {
    expect(renderImportLine(results[1] as RowResult, 'ndjson')).toBe('{"row":2,"status":"added","id":17,"name":"Rex"}\n');
    const line = renderImportLine(results[4] as RowResult, 'ndjson');
    expect(line).toMatch(/^[\u0020-\u007e]*\n$/);
    expect(JSON.parse(line)).toEqual(results[4]);
  });

  it('prints TSV: row, status, id, name, error code and message, one line each', () => {
    expect(results.map((result) => renderImportLine(result, 'tsv')).join('')).toBe(
      [
        '4\tfailed\t\tTom\tserver_error\tdown',
        '2\tadded\t17\tRex\t\t',
        '3\tinvalid\t\t\tinvalid_input\tname: is required',
        '5\tnot_sent\t\tBella\t\t',
        '6\tskipped\t9\tEvil\\u001b[2J\\u202eman\\tx\\ny\\\\z\\u009b\t\t',
        '',
      ].join('\n'),
    );
  });
});

describe('renderImportReport', () => {
  it('prints a table in row order, headed by the unit, with unsafe characters escaped', async () => {
    const name = 'Evil\\u001b[2J\\u202eman\\u0009x\\u000ay\\z\\u009b';
    const pad = (text: string) => text.padEnd(name.length);
    expect(await renderImportReport(results, 'table', 'line', plain)).toBe(
      [
        `LINE  RESULT    ID  ${pad('NAME')}  ERROR`,
        '2     added     17  Rex',
        `3     invalid       ${pad('')}  invalid_input: name: is required`,
        `4     failed        ${pad('Tom')}  server_error: down`,
        '5     not sent      Bella',
        `6     skipped   9   ${name}`,
        '',
      ].join('\n'),
    );
    expect(await renderImportReport(results, 'table', 'item', plain)).toMatch(/^ITEM {2}RESULT/);
  });

  it('prints one JSON array in row order', async () => {
    const text = await renderImportReport(results, 'json', 'line', plain);
    expect(text).toMatch(/^[\u0020-\u007e\n]*$/);
    expect((JSON.parse(text) as RowResult[]).map((result) => result.row)).toEqual([2, 3, 4, 5, 6]);
  });

  it('prints a table of 150,000 rows (no argument spread over the rows)', async () => {
    const many: RowResult[] = Array.from({ length: 150_000 }, (_, index) => ({ row: index + 1, status: 'added', id: index + 1, name: `Pet ${index + 1}` }));
    const lines = (await renderImportReport(many, 'table', 'line', plain)).split('\n');
    expect(lines).toHaveLength(150_002);
    expect(lines[0]).toBe('LINE    RESULT  ID      NAME        ERROR');
    expect(lines[150_000]).toBe('150000  added   150000  Pet 150000');
  });
});
