import { describe, expect, it } from 'vitest';
import { CliError } from '../errors/cli-error.js';
import { parseCsv } from './parse-csv.js';

const parse = (text: string, maxRows = 100) => parseCsv(text, maxRows, 'pets.csv');
const usage = (text: string) => {
  try {
    parse(text);
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(2);
    return (error as CliError).message;
  }
  throw new Error('expected a usage error');
};

describe('parseCsv', () => {
  it('reads rows by the header, numbered by the file line they start on', () => {
    expect(parse('name,categoryId,status\nRex,1,available\nTom,2,sold\n')).toEqual([
      { row: 2, value: { name: 'Rex', categoryId: 1, status: 'available' } },
      { row: 3, value: { name: 'Tom', categoryId: 2, status: 'sold' } },
    ]);
  });

  it('takes the columns in any order, and status may be left out', () => {
    expect(parse('categoryId,name\n3,Bella')).toEqual([{ row: 2, value: { name: 'Bella', categoryId: 3 } }]);
  });

  it('matches header names whatever their case, and a repeat in another case is still a repeat', () => {
    expect(parse('Name,CategoryID,STATUS\nRex,1,sold\n')).toEqual([{ row: 2, value: { name: 'Rex', categoryId: 1, status: 'sold' } }]);
    expect(usage('name,NAME,categoryId\n')).toBe('pets.csv: line 1: column "name" appears twice');
  });

  it('reads quoted fields with commas, doubled quotes and line breaks, and counts the lines they span', () => {
    const text = 'name,categoryId\n"Rex, ""the"" dog",1\n"two\nline\nname",2\nTom,3\n';
    expect(parse(text)).toEqual([
      { row: 2, value: { name: 'Rex, "the" dog', categoryId: 1 } },
      { row: 3, value: { name: 'two\nline\nname', categoryId: 2 } },
      { row: 6, value: { name: 'Tom', categoryId: 3 } },
    ]);
  });

  it('takes a BOM, CRLF (inside quotes too) and blank lines, which keep their line numbers', () => {
    const text = '\uFEFFname,categoryId\r\n"a\r\nb",1\r\n\r\n\r\nTom,2\r\n';
    expect(parse(text)).toEqual([
      { row: 2, value: { name: 'a\nb', categoryId: 1 } },
      { row: 6, value: { name: 'Tom', categoryId: 2 } },
    ]);
  });

  it('reads an empty cell of an optional column as an absent field, of a required one as empty text', () => {
    expect(parse('name,categoryId,status\nRex,1,\n,,sold')).toEqual([
      { row: 2, value: { name: 'Rex', categoryId: 1 } },
      { row: 3, value: { name: '', categoryId: '', status: 'sold' } },
    ]);
  });

  it('makes a number of decimal digits only: anything else stays text for the contract to refuse', () => {
    const rows = parse('name,categoryId\na,007\nb,1e1\nc,0x10\nd, 1\ne,-1\nf,1.5');
    expect(rows.map((row) => ('value' in row ? (row.value as { categoryId: unknown }).categoryId : undefined))).toEqual([7, '1e1', '0x10', ' 1', '-1', '1.5']);
  });

  it('reports a row with the wrong number of fields as a problem of that row', () => {
    expect(parse('name,categoryId\nRex\nTom,2,sold\nBella,3')).toEqual([
      { row: 2, problem: '1 field, but the header has 2 (name,categoryId)' },
      { row: 3, problem: '3 fields, but the header has 2 (name,categoryId)' },
      { row: 4, value: { name: 'Bella', categoryId: 3 } },
    ]);
  });

  it('refuses an empty file, an unknown, repeated or missing column, naming it', () => {
    expect(usage('')).toMatch(/^pets\.csv: empty; the first line names the columns: name,categoryId,status/);
    expect(usage('name,categoryId,colour\n')).toBe('pets.csv: line 1: unknown column "colour"; the columns are name,categoryId,status (name and categoryId required, in any order)');
    expect(usage('name,name,categoryId\n')).toBe('pets.csv: line 1: column "name" appears twice');
    expect(usage('name,status\n')).toMatch(/^pets\.csv: line 1: no categoryId column/);
  });

  it('refuses a quote out of place with the line it is on', () => {
    expect(usage('name,categoryId\nRex,1\n"Tom "x"",2\n')).toMatch(/^pets\.csv: not valid CSV: Invalid Closing Quote.* at line 3/);
    expect(usage('name,categoryId\r\n"a\r\nb",1\r\n"open,2\r\n')).toMatch(/^pets\.csv: not valid CSV: Quote Not Closed.* at line 4/);
  });

  it('refuses more rows than the bound', () => {
    expect(parse('name,categoryId\na,1\nb,2', 2)).toHaveLength(2);
    expect(() => parse('name,categoryId\na,1\nb,2\nc,3', 2)).toThrow('pets.csv: more than 2 rows; split the input');
  });
});
