import { describe, expect, it } from 'vitest';
import { heapBytesOf, ownCopy } from './heap-bytes.js';

describe('heapBytesOf', () => {
  it('counts a byte a character while every one is at most U+00FF, Latin-1 included', () => {
    expect(heapBytesOf('')).toBe(24);
    expect(heapBytesOf('abc')).toBe(27);
    expect(heapBytesOf('é'.repeat(10))).toBe(34);
  });

  it('counts two bytes a character for the whole text once one is past U+00FF, a lone surrogate too', () => {
    expect(heapBytesOf(`Ā${'a'.repeat(99)}`)).toBe(224);
    expect(heapBytesOf('😀')).toBe(28);
    expect(heapBytesOf('\ud800')).toBe(26);
  });
});

describe('ownCopy', () => {
  it('gives the same text, lone surrogates and all', () => {
    for (const text of ['', 'short', 'x'.repeat(100), `a\ud800b${'c'.repeat(20)}`, '"quoted"\n\\'.repeat(5)]) expect(ownCopy(text)).toBe(text);
  });
});
