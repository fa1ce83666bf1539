import { describe, expect, it } from 'vitest';
import { stringifyJson, terminalSafe, tsvField } from './escape.js';

const hostile = 'a\u001b[2Jb\u0007c\u007fd\u009be\u202ef\u2066g\u2069h\ni\tj';

describe('terminalSafe', () => {
  it('escapes C0, DEL, C1 and the bidi controls, and nothing else', () => {
    expect(terminalSafe(hostile)).toBe('a\\u001b[2Jb\\u0007c\\u007fd\\u009be\\u202ef\\u2066g\\u2069h\\u000ai\\u0009j');
    expect(terminalSafe('Rex 🐶 é ‏ — ok')).toBe('Rex 🐶 é ‏ — ok');
  });
});

describe('stringifyJson', () => {
  it('writes C1, DEL and bidi characters as \\u escapes, and parses back to the same value', () => {
    const text = stringifyJson({ name: hostile });
    expect(text).toMatch(/^[\u0020-\u007e]*$/);
    expect(text).toContain('\\u009b');
    expect(text).toContain('\\u202e');
    expect(JSON.parse(text)).toEqual({ name: hostile });
  });

  it('keeps the indentation it is asked for', () => {
    expect(stringifyJson([1], 2)).toBe('[\n  1\n]');
  });
});

describe('tsvField', () => {
  it('escapes backslashes, tabs and line breaks so a row stays a row, and the rest as on a terminal', () => {
    expect(tsvField('a\\b\tc\nd\re\u001bf\u202e')).toBe('a\\\\b\\tc\\nd\\re\\u001bf\\u202e');
  });
});
