import { describe, expect, it } from 'vitest';
import { HttpError } from './http-error.js';
import { parsePreferences } from './prefer.js';

describe('parsePreferences', () => {
  it('reads code and delay in any order and separator', () => {
    expect(parsePreferences({ prefer: 'code=404' })).toEqual({ code: 404 });
    expect(parsePreferences({ prefer: 'delay=250, code=401' })).toEqual({ code: 401, delay: 250 });
    expect(parsePreferences({ prefer: 'code="400"; delay=0' })).toEqual({ code: 400, delay: 0 });
    expect(parsePreferences({ prefer: ['code=500', 'delay=1'] })).toEqual({ code: 500, delay: 1 });
  });

  it('ignores preferences it does not know (RFC 7240)', () => {
    expect(parsePreferences({ prefer: 'return=minimal, respond-async, example=cat' })).toEqual({});
    expect(parsePreferences({})).toEqual({});
  });

  it.each(['code=abc', 'code=4040', 'code=', 'code=600'])('refuses a malformed code: %j', (prefer) => {
    expect(() => parsePreferences({ prefer })).toThrow(HttpError);
    expect(() => parsePreferences({ prefer })).toThrow(/code must be a three-digit HTTP status/);
  });

  it.each(['delay=-1', 'delay=1.5', 'delay=60001', 'delay=soon'])('refuses a malformed delay: %j', (prefer) => {
    expect(() => parsePreferences({ prefer })).toThrow(/delay must be a whole number of milliseconds from 0 to 60000/);
  });
});
