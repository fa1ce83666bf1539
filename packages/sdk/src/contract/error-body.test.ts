import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ErrorBody } from './error-body.js';

describe('ErrorBody', () => {
  it('accepts the spec shape', () => {
    expect(ErrorBody.parse({ code: 'not_found', message: 'No animal has id 1', status: 404 })).toEqual({
      code: 'not_found',
      message: 'No animal has id 1',
      status: 404,
    });
  });

  it.each([{}, { code: 'x', message: 'y' }, { code: 'x', message: 'y', status: '400' }, { code: 1, message: 'y', status: 400 }])(
    'refuses %j',
    (body) => {
      expect(ErrorBody.safeParse(body).success).toBe(false);
    },
  );

  it('accepts a code this version does not know, so clients survive new codes', () => {
    expect(ErrorBody.safeParse({ code: 'rate_limited', message: 'slow down', status: 429 }).success).toBe(true);
  });
});

describe('ERROR_CODES', () => {
  it('pairs each code with a 4xx or 5xx status', () => {
    for (const [code, status] of Object.entries(ERROR_CODES)) {
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
      expect(code).toMatch(/^[a-z_]+$/);
    }
  });
});
