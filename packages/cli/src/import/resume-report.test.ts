import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkReportFits, parseReport, readReport } from './resume-report.js';
import type { SourceRows } from './source-row.js';

const lines = (...values: unknown[]) => values.map((value) => JSON.stringify(value)).join('\n');

describe('parseReport', () => {
  it('keeps the rows added or skipped as added, with their ids and names', () => {
    const report = lines(
      { row: 2, status: 'added', id: 17, name: 'Rex' },
      { row: 3, status: 'failed', name: 'Tom', error: { code: 'server_error', message: 'down', status: 503 } },
      { row: 4, status: 'invalid', error: { code: 'invalid_input', message: 'name: is required' } },
      { row: 5, status: 'not_sent', name: 'Bella' },
      { row: 6, status: 'skipped', id: 9, name: 'Max' },
    );
    expect([...parseReport(`${report}\n\n`, 'r')]).toEqual([
      [2, { id: 17, name: 'Rex', reportLine: 1 }],
      [6, { id: 9, name: 'Max', reportLine: 5 }],
    ]);
  });

  it('takes concatenated reports: a row added in any of them is added', () => {
    const report = lines({ row: 2, status: 'not_sent', name: 'Rex' }, { row: 2, status: 'added', id: 3, name: 'Rex' }, { row: 2, status: 'skipped', id: 3, name: 'Rex' });
    expect(parseReport(report, 'r').get(2)).toEqual({ id: 3, name: 'Rex', reportLine: 2 });
  });

  it('refuses a line that is not JSON or not a report line, naming the file and the line', () => {
    expect(() => parseReport(`${lines({ row: 1, status: 'added', id: 1, name: 'a' })}\n{"row":2,"stat`, '--resume r.ndjson')).toThrow(
      /^--resume r\.ndjson: line 2: not JSON \(.*\); give the NDJSON report of an earlier `pets import --format ndjson`$/,
    );
    expect(() => parseReport(lines({ row: 1, status: 'added', name: 'a' }), '--resume r')).toThrow(/^--resume r: line 1: not a report line \(id: /);
    expect(() => parseReport(lines({ row: 0, status: 'added', id: 1, name: 'a' }), '--resume r')).toThrow(/line 1: not a report line \(row: /);
    expect(() => parseReport(lines({ id: 1, name: 'Rex', categoryId: 1 }), '--resume r')).toThrow(/line 1: not a report line/);
  });
});

describe('checkReportFits', () => {
  const source: SourceRows = { unit: 'line', rows: [{ row: 2, value: { name: 'Rex', categoryId: 1 } }, { row: 3, problem: 'not valid JSON' }] };

  it('accepts a report whose added rows are in the input with the same names', () => {
    expect(() => checkReportFits(new Map([[2, { id: 1, name: 'Rex', reportLine: 1 }]]), source, 'r', 'in')).not.toThrow();
  });

  it('refuses a report of another input', () => {
    expect(() => checkReportFits(new Map([[9, { id: 1, name: 'Rex', reportLine: 4 }]]), source, 'r', 'in')).toThrow(
      '--resume r: line 4: line 9 is not in in; is this the report of another input?',
    );
    expect(() => checkReportFits(new Map([[2, { id: 1, name: 'Tom', reportLine: 1 }]]), source, 'r', 'in')).toThrow(
      '--resume r: line 1: line 2 was "Tom" when added, but is "Rex" in in; is this the report of another input?',
    );
    expect(() => checkReportFits(new Map([[3, { id: 1, name: 'Tom', reportLine: 1 }]]), source, 'r', 'in')).toThrow(/line 3 was "Tom" when added, but is unnamed in in/);
    expect(() => checkReportFits(new Map([[2, { id: 1, name: 'T\u202eom\u001b[2J', reportLine: 1 }]]), source, 'r', 'in')).toThrow('line 2 was "T\\u202eom\\u001b[2J" when added');
  });
});

describe('readReport', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('reads a report file, and refuses a folder naming it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'petstore-report-'));
    dirs.push(dir);
    await writeFile(join(dir, 'r.ndjson'), lines({ row: 1, status: 'added', id: 4, name: 'Rex' }));
    expect((await readReport(join(dir, 'r.ndjson'))).get(1)).toMatchObject({ id: 4 });
    await expect(readReport(dir)).rejects.toThrow(`--resume ${dir}: a directory, not a regular file`);
  });
});
