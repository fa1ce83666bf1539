import { describe, expect, it } from 'vitest';
import { timeLeft, type CallContext } from './to-petstore-error.js';

describe('timeLeft', () => {
  it('is what is left of the totalTimeout, and 0 once it has passed: never a negative timer', () => {
    const context = (started: number) => ({ started, totalTimeout: 1_000 }) as CallContext;
    expect(timeLeft(context(Date.now()))).toBeGreaterThan(900);
    expect(timeLeft(context(Date.now() - 5_000))).toBe(0);
  });
});
