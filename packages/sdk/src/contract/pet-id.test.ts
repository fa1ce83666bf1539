import { describe, expect, it } from 'vitest';
import { PetIdParam } from './pet-id.js';

describe('PetIdParam', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['9007199254740991', 9007199254740991],
  ])('turns %j into %d', (text, id) => {
    expect(PetIdParam.parse(text)).toBe(id);
  });

  it.each(['abc', '1.5', '-1', '', ' 1', '1e3', '0x1f'])('refuses malformed %j as not a positive integer', (text) => {
    const result = PetIdParam.safeParse(text);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['must be a positive integer']);
  });

  it.each(['0', '9007199254740992', '123456789012345678901'])('refuses %j as outside 1..2^53-1', (text) => {
    const result = PetIdParam.safeParse(text);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'must be an integer from 1 to 9007199254740991 (2^53-1); larger int64 values cannot be represented exactly and are not accepted',
    ]);
  });
});
