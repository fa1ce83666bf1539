import { describe, expect, it } from 'vitest';
import { keepHeaders, listHeaders, MAX_RECORDED_HEADERS } from './kept-headers.js';

describe('keepHeaders', () => {
  it('keeps the headers as one string, and lists them back by name, a repeated one as an array', () => {
    const kept = keepHeaders({ accept: '*/*', 'set-cookie': ['a=1', 'b=2'], empty: '', gone: undefined }, 16 * 1024);
    expect(kept).toEqual({ text: 'accept\n*/*\nset-cookie\na=1\nset-cookie\nb=2\nempty\n', omitted: 0, bytes: 24 + kept.text.length });
    expect(listHeaders(kept.text)).toEqual([
      ['accept', '*/*'],
      ['set-cookie', ['a=1', 'b=2']],
      ['empty', ''],
    ]);
    expect(listHeaders(keepHeaders({}, 16 * 1024).text)).toEqual([]);
  });

  it(`keeps at most ${MAX_RECORDED_HEADERS}, and those that fit the bytes in order, counting each one left out`, () => {
    const many = Object.fromEntries(Array.from({ length: 100 }, (_, index) => [`x-${index}`, 'v']));
    expect(keepHeaders(many, 16 * 1024).omitted).toBe(100 - MAX_RECORDED_HEADERS);
    const kept = keepHeaders({ a: 'x'.repeat(60), b: 'y'.repeat(200), c: 'z' }, 100);
    expect(listHeaders(kept.text)).toEqual([
      ['a', 'x'.repeat(60)],
      ['c', 'z'],
    ]);
    expect(kept.omitted).toBe(1);
    expect(kept.bytes).toBeLessThanOrEqual(100);
  });

  it('counts the whole text at two bytes a character once a header has one past U+00FF', () => {
    const kept = keepHeaders({ a: 'x'.repeat(30), b: 'Ā' }, 16 * 1024);
    expect(kept.bytes).toBe(24 + 2 * kept.text.length);
    expect(keepHeaders({ a: 'x'.repeat(30), b: 'Ā' }, 24 + 2 * 33).omitted).toBe(1);
  });

  it('turns a line feed a transport let through into a space, so the lines after it stay in place', () => {
    expect(listHeaders(keepHeaders({ a: 'one\ntwo', b: 'three' }, 16 * 1024).text)).toEqual([
      ['a', 'one two'],
      ['b', 'three'],
    ]);
  });
});
