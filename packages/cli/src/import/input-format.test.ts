import { describe, expect, it } from 'vitest';
import { concurrencyFlag } from './concurrency-flag.js';
import { inputFormat } from './input-format.js';

describe('inputFormat', () => {
  it('follows the extension, in any case, unless --input-format says otherwise', () => {
    expect(inputFormat('a.ndjson', undefined)).toBe('ndjson');
    expect(inputFormat('a.JSONL', undefined)).toBe('ndjson');
    expect(inputFormat('dir.v2/a.json', undefined)).toBe('json');
    expect(inputFormat('a.csv', undefined)).toBe('csv');
    expect(inputFormat('a.csv', 'ndjson')).toBe('ndjson');
    expect(inputFormat('-', 'csv')).toBe('csv');
  });

  it('asks for --input-format for stdin and other extensions', () => {
    expect(() => inputFormat('-', undefined)).toThrow('pets import -: stdin has no extension to tell its format; give --input-format ndjson|json|csv');
    expect(() => inputFormat('pets.txt', undefined)).toThrow(/^pets import pets\.txt: cannot tell the format .*; give --input-format ndjson\|json\|csv$/);
    expect(() => inputFormat('pets', undefined)).toThrow(/--input-format/);
  });
});

describe('concurrencyFlag', () => {
  it('is 4 by default, and a whole number from 1 to 16', () => {
    expect(concurrencyFlag(undefined)).toBe(4);
    expect(concurrencyFlag('1')).toBe(1);
    expect(concurrencyFlag('16')).toBe(16);
    for (const bad of ['0', '17', '2.5', '-1', 'abc', '', ' 4', '1e1']) {
      expect(() => concurrencyFlag(bad)).toThrow(`--concurrency must be a whole number from 1 to 16, got "${bad}"`);
    }
  });
});
