import { describe, expect, it } from 'vitest';
import { runPool } from './pool.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('runPool', () => {
  it('runs every item, in order of start, never more than the limit at once', async () => {
    let inFlight = 0;
    let most = 0;
    const seen: number[] = [];
    const started = await runPool(
      Array.from({ length: 25 }, (_, index) => index),
      4,
      async (item) => {
        seen.push(item);
        inFlight += 1;
        most = Math.max(most, inFlight);
        await tick();
        inFlight -= 1;
      },
      () => false,
    );
    expect(started).toBe(25);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, index) => index));
    expect(most).toBe(4);
  });

  it('starts nothing once stopped, and waits for the items running', async () => {
    let stopped = false;
    const finished: number[] = [];
    const started = await runPool(
      [1, 2, 3, 4, 5, 6],
      2,
      async (item) => {
        if (item === 3) stopped = true;
        await tick();
        finished.push(item);
      },
      () => stopped,
    );
    expect(started).toBe(3);
    expect(finished.toSorted()).toEqual([1, 2, 3]);
  });

  it('does nothing for no items', async () => {
    expect(await runPool([], 4, () => Promise.reject(new Error('no')), () => false)).toBe(0);
  });
});
