import { describe, expect, it } from 'vitest';
import { formatIssues } from './issues.js';
import { NewPet } from './pet.js';

describe('formatIssues', () => {
  it('leads each issue with its location and field path', () => {
    const result = NewPet.safeParse({ name: '', categoryId: 0 });
    expect(result.success).toBe(false);
    expect(formatIssues('body', result.error?.issues ?? [])).toBe(
      'body.name: must not be empty; body.categoryId: must be an integer from 1 to 9007199254740991 (2^53-1); larger int64 values cannot be represented exactly and are not accepted',
    );
  });

  it('says a message once when two checks fail with the same words', () => {
    const issue = { code: 'custom' as const, path: ['limit'], message: 'must be an integer from 1 to 100', input: '' };
    expect(formatIssues('query', [issue, { ...issue }])).toBe('query.limit: must be an integer from 1 to 100');
  });

  it('writes array indexes in brackets', () => {
    const issues = [{ code: 'custom' as const, path: [0, 'name'], message: 'must not be empty', input: '' }];
    expect(formatIssues('body', issues)).toBe('body[0].name: must not be empty');
  });

  it('leaves the location out when it is empty', () => {
    const nested = [{ code: 'custom' as const, path: [0, 'name'], message: 'must not be empty', input: '' }];
    expect(formatIssues('', nested)).toBe('[0].name: must not be empty');
    expect(formatIssues('', [{ code: 'custom' as const, path: ['categoryId'], message: 'must be an integer', input: '' }])).toBe('categoryId: must be an integer');
    expect(formatIssues('', [{ code: 'custom' as const, path: [], message: 'must be a JSON array', input: '' }])).toBe('must be a JSON array');
  });

  it('names the location alone for issues about the whole value', () => {
    const result = NewPet.safeParse({ name: 'Rex', categoryId: 1, id: 3 });
    expect(formatIssues('body', result.error?.issues ?? [])).toMatch(/^body: unknown field: id \(id is assigned by the service\)/);
  });
});
