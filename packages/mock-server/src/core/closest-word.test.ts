import { describe, expect, it } from 'vitest';
import { closestWord } from './closest-word.js';

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
