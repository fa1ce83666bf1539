import { describe, expect, it } from 'vitest';
import { closestWord, editDistance } from './closest-word.js';

describe('closestWord', () => {
  const flags = ['port', 'host', 'seed', 'seed-file', 'data'];

  it.each([
    ['prot', 'port'],
    ['hots', 'host'],
    ['seedfile', 'seed-file'],
    ['dat', 'data'],
    ['port', 'port'],
  ])('suggests %j for %j', (word, expected) => {
    expect(closestWord(word, flags)).toBe(expected);
  });

  it('suggests nothing when no candidate is within the distance', () => {
    expect(closestWord('frobnicate', flags)).toBeUndefined();
    expect(closestWord('xyz', flags, 1)).toBeUndefined();
    expect(closestWord('anything', [])).toBeUndefined();
  });
});

describe('editDistance', () => {
  it.each([
    ['pets', 'pets', 0],
    ['pet', 'pets', 1],
    ['pest', 'pets', 2],
    ['', 'abc', 3],
  ])('%j to %j: %i', (a, b, expected) => {
    expect(editDistance(a, b)).toBe(expected);
  });

  it('stops at max + 1 when the lengths alone differ by more than max', () => {
    expect(editDistance('x'.repeat(100_000), 'pets', 2)).toBe(3);
  });
});
