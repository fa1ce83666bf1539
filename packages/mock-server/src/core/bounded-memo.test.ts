import { describe, expect, it } from 'vitest';
import { boundedMemo } from './bounded-memo.js';

describe('boundedMemo', () => {
  it('computes each key once while it is remembered', () => {
    let calls = 0;
    const double = boundedMemo((key) => {
      calls++;
      return key + key;
    });
    expect(double('a')).toBe('aa');
    expect(double('a')).toBe('aa');
    expect(calls).toBe(1);
  });

  it('forgets everything once full, so memory stays bounded', () => {
    let calls = 0;
    const identity = boundedMemo((key) => {
      calls++;
      return key;
    }, 2);
    identity('a');
    identity('b');
    identity('c');
    identity('a');
    expect(calls).toBe(4);
  });

  it('does not remember a failure', () => {
    let calls = 0;
    const failing = boundedMemo(() => {
      calls++;
      throw new Error('no');
    });
    expect(() => failing('x')).toThrow('no');
    expect(() => failing('x')).toThrow('no');
    expect(calls).toBe(2);
  });
});
