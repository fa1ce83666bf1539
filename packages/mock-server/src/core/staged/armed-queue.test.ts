import { describe, expect, it } from 'vitest';
import { createArmedQueue } from './armed-queue.js';

interface Entry {
  name: string;
  remaining: number | 'always';
}

const queue = (maxBytes?: number) =>
  createArmedQueue((entry: Entry) => entry, { maxCount: 2, tooMany: 'at most 2', ...(maxBytes !== undefined && { maxBytes, tooLarge: (held: number, cost: number) => `held ${held}, needs ${cost}` }) });

describe('createArmedQueue', () => {
  it('answers with the oldest match, spends one of its requests, and lets it go at 0; always stays', () => {
    const armed = queue();
    armed.push({ name: 'twice', remaining: 2 });
    armed.push({ name: 'always', remaining: 'always' });
    expect(armed.take(() => true)?.name).toBe('twice');
    expect(armed.take(() => true)?.name).toBe('twice');
    expect(armed.take(() => true)?.name).toBe('always');
    expect(armed.take(({ name }) => name === 'nothing')).toBeUndefined();
    expect(armed.entries().map(({ name }) => name)).toEqual(['always']);
    expect(armed.size).toBe(1);
  });

  it('refuses past the count or the bytes with the words given, dropping nothing; spending and clearing free room', () => {
    const armed = queue(100);
    armed.push({ name: 'a', remaining: 1 }, 60);
    expect(() => armed.push({ name: 'b', remaining: 1 }, 50)).toThrow(new RangeError('held 60, needs 50'));
    armed.push({ name: 'b', remaining: 1 }, 40);
    expect(() => armed.push({ name: 'c', remaining: 1 })).toThrow(new RangeError('at most 2'));
    expect(armed.entries().map(({ name }) => name)).toEqual(['a', 'b']);
    armed.take(({ name }) => name === 'a');
    armed.push({ name: 'c', remaining: 1 }, 60);
    armed.clear();
    expect(armed.size).toBe(0);
    armed.push({ name: 'd', remaining: 1 }, 100);
  });
});
