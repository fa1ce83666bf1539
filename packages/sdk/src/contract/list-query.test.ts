import { describe, expect, it } from 'vitest';
import { formatIssues } from './issues.js';
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, LIST_LIMIT_MIN } from './limits.js';
import { ListLimit, ListPetsQuery, ListPetsQueryParams } from './list-query.js';

// The range as the contract states it: a changed limit changes no test.
const RANGE = `must be an integer from ${LIST_LIMIT_MIN} to ${LIST_LIMIT_MAX}`;

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }): string[] =>
  result.error?.issues.map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`) ?? [];

describe('ListLimit', () => {
  it.each([LIST_LIMIT_MIN, LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX])('accepts %d', (limit) => {
    expect(ListLimit.parse(limit)).toBe(limit);
  });

  it.each([LIST_LIMIT_MIN - 1, LIST_LIMIT_MAX + 1, -1, 1.5, 1000])('refuses %d instead of clamping it', (limit) => {
    expect(messages(ListLimit.safeParse(limit))).toEqual([`: ${RANGE}`]);
  });
});

describe('ListPetsQuery', () => {
  it('accepts an empty query and both options', () => {
    expect(ListPetsQuery.parse({})).toEqual({});
    expect(ListPetsQuery.parse({ limit: 5, status: 'pending' })).toEqual({ limit: 5, status: 'pending' });
  });

  it('refuses an unknown status', () => {
    expect(messages(ListPetsQuery.safeParse({ status: 'lost' }))).toEqual([
      'status: must be one of available, pending, sold',
    ]);
  });
});

describe('ListPetsQueryParams (the query string as it arrives)', () => {
  it('applies the default limit when limit is absent', () => {
    expect(ListPetsQueryParams.parse({})).toEqual({ limit: LIST_LIMIT_DEFAULT });
  });

  it('turns decimal text into a number', () => {
    expect(ListPetsQueryParams.parse({ limit: String(LIST_LIMIT_MAX), status: 'sold' })).toEqual({ limit: LIST_LIMIT_MAX, status: 'sold' });
    expect(ListPetsQueryParams.parse({ limit: '007' })).toEqual({ limit: 7 });
  });

  it.each([String(LIST_LIMIT_MIN - 1), String(LIST_LIMIT_MAX + 1), '-1', '1.5', '1e1', '+5', ' 5', '5 ', '', 'ten', '0x10', '99999999999999999999999'])(
    'refuses limit=%j with one message',
    (limit) => {
      const result = ListPetsQueryParams.safeParse({ limit });
      expect(result.success).toBe(false);
      expect(formatIssues('query', result.error?.issues ?? [])).toBe(`query.limit: ${RANGE}`);
    },
  );

  it('refuses an unknown status, listing the allowed ones', () => {
    expect(messages(ListPetsQueryParams.safeParse({ status: 'lost' }))).toEqual([
      'status: must be one of available, pending, sold',
    ]);
  });

  it('refuses a repeated parameter', () => {
    expect(messages(ListPetsQueryParams.safeParse({ limit: ['1', '2'] }))).toEqual(['limit: must be given only once']);
    expect(messages(ListPetsQueryParams.safeParse({ status: ['sold', 'sold'] }))).toEqual([
      'status: must be given only once',
    ]);
  });

  it('ignores unknown parameters', () => {
    expect(ListPetsQueryParams.parse({ page: '2', sort: 'name', limit: '3' })).toEqual({ limit: 3 });
  });
});
