import { describe, expect, it } from 'vitest';
import { jqErrorMessage } from './jq-errors.js';

/** jq 1.7's stderr for a compile error: the quoted line padded with as many spaces as the error's column. */
const compileError = (what: string, line: number, quoted: string) => `jq: error: ${what} (Unix shell quoting issues?) at <top-level>, line ${line}:\n${quoted}\njq: 1 compile error`;

describe('jqErrorMessage', () => {
  it('reads the column from the padding after the quoted line', () => {
    const stderr = compileError('syntax error, unexpected IDENT, expecting end of file', 1, `.foo bar${' '.repeat(5)}`);
    expect(jqErrorMessage(stderr, '.foo bar')).toBe('syntax error, unexpected IDENT, expecting end of file at line 1, column 6 (near "bar")');
  });

  it('places an error on a later line, and a line ending in spaces by its own text', () => {
    const stderr = compileError('syntax error, unexpected end of file', 2, `  .x[  ${' '.repeat(4)}`);
    expect(jqErrorMessage(stderr, '.[0] |\n  .x[  ')).toBe('syntax error, unexpected end of file at line 2, column 5 (near "[  ")');
  });

  it('cuts a long rest of the line', () => {
    const source = `.a | ${'x'.repeat(40)}`;
    const stderr = compileError('x/0 is not defined', 1, `${source}${' '.repeat(5)}`);
    expect(jqErrorMessage(stderr, source)).toBe(`x/0 is not defined at line 1, column 6 (near "${'x'.repeat(24)}…")`);
  });

  it('reads the padding as UTF-8 bytes: the column and the text near it are right after non-ASCII text', () => {
    // jq 1.7's own stderr for `"ééé" bar` and `"🐶🐶" x`: 9 and 11 spaces (bytes before the error).
    expect(jqErrorMessage(compileError('syntax error, unexpected IDENT, expecting end of file', 1, `"ééé" bar${' '.repeat(9)}`), '"ééé" bar')).toBe(
      'syntax error, unexpected IDENT, expecting end of file at line 1, column 7 (near "bar")',
    );
    expect(jqErrorMessage(compileError('syntax error, unexpected IDENT, expecting end of file', 1, `"🐶🐶" x${' '.repeat(11)}`), '"🐶🐶" x')).toBe(
      'syntax error, unexpected IDENT, expecting end of file at line 1, column 6 (near "x")',
    );
    const source = '.[] | select(.name == "Bélla") | .id foo';
    expect(jqErrorMessage(compileError('syntax error, unexpected IDENT, expecting end of file', 2, `${source}${' '.repeat(38)}`), `.
${source}`)).toBe(
      'syntax error, unexpected IDENT, expecting end of file at line 2, column 38 (near "foo")',
    );
  });

  it('words an error on the data without jq\'s prefix', () => {
    expect(jqErrorMessage('jq: error (at inputString:0): Cannot iterate over null (null)', '.[]')).toBe('Cannot iterate over null (null)');
    expect(jqErrorMessage('jq: error: module not found: a\n\njq: 1 compile error', 'import "a" as a; .')).toBe('module not found: a');
  });
});
