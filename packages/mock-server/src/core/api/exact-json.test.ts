import { describe, expect, it } from 'vitest';
import { parseExactJson } from './exact-json.js';

describe('parseExactJson', () => {
  it.each([
    ['1', 1],
    ['-3', -3],
    ['1.0', 1],
    ['1e2', 100],
    ['12.50e1', 125],
    ['9007199254740991', 9007199254740991],
    ['9007199254740993', 9007199254740992],
    ['1e300', 1e300],
    ['1.5', 1.5],
    ['0.1', 0.1],
  ])('keeps %s as the number %d (integer literals beyond 2^53 fail the range check later)', (literal, value) => {
    expect(parseExactJson(`{"n":${literal}}`)).toEqual({ n: value });
  });

  it.each(['9007199254740991.4', '0.99999999999999999', '1.00000000000000001', '9007199254740990.9'])(
    'keeps the fraction %s as its text instead of a rounded integer',
    (literal) => {
      expect(parseExactJson(`{"n":${literal}}`)).toEqual({ n: literal });
    },
  );

  it('leaves everything else as JSON.parse does', () => {
    const text = '{"a":[1,"x",null,true,{"b":2.25}],"__proto__":{"c":1}}';
    expect(parseExactJson(text)).toEqual(JSON.parse(text));
    expect(Object.hasOwn(parseExactJson(text) as object, '__proto__')).toBe(true);
  });
});
