import { describe, expect, it } from 'vitest';
import { parseNdjson } from './parse-ndjson.js';

describe('parseNdjson', () => {
  it('reads one value a line, numbered by file line, skipping blank lines', () => {
    expect(parseNdjson('{"name":"Rex","categoryId":1}\n\n  \n{"name":"Tom"}\n', 10, 'in')).toEqual([
      { row: 1, value: { name: 'Rex', categoryId: 1 } },
      { row: 4, value: { name: 'Tom' } },
    ]);
  });

  it('takes a BOM and CRLF', () => {
    expect(parseNdjson('\uFEFF{"a":1}\r\n{"a":2}\r\n', 10, 'in')).toEqual([
      { row: 1, value: { a: 1 } },
      { row: 2, value: { a: 2 } },
    ]);
  });

  it('makes a line that is not JSON a problem of that row, and reads on', () => {
    const [bad, good] = parseNdjson('{oops\n[1]\n', 10, 'in');
    expect(bad).toMatchObject({ row: 1, problem: expect.stringMatching(/^not valid JSON: /) as unknown });
    expect(good).toEqual({ row: 2, value: [1] });
  });

  it('refuses more rows than the bound', () => {
    expect(() => parseNdjson('1\n2\n3\n', 2, 'in')).toThrow('in: more than 2 rows; split the input');
  });
});
