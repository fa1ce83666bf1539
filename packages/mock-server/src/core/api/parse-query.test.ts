import { describe, expect, it } from 'vitest';
import { parseQuery } from './parse-query.js';

describe('parseQuery', () => {
  it('decodes values and keeps repeated parameters as arrays', () => {
    expect(parseQuery('')).toEqual({});
    expect(parseQuery('limit=5&status=sold')).toEqual({ limit: '5', status: 'sold' });
    expect(parseQuery('limit=1&limit=2&limit=3')).toEqual({ limit: ['1', '2', '3'] });
    expect(parseQuery('name=a%20b+c')).toEqual({ name: 'a b c' });
  });

  it('treats __proto__ and constructor as ordinary parameter names', () => {
    const query = parseQuery('__proto__=x&constructor=y&toString=z');
    expect(Object.keys(query)).toEqual(['__proto__', 'constructor', 'toString']);
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });
});
