import { describe, expect, it } from 'vitest';
import { HttpError } from '../api/http-error.js';
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

  it.each(['code=abc', 'code=4040', 'code=', 'code=600', 'code=302', 'code=101'])('refuses a malformed or non-error code: %j', (prefer) => {
    expect(() => parsePreferences({ prefer })).toThrow(HttpError);
    expect(() => parsePreferences({ prefer })).toThrow(/code must be an error status from 400 to 599/);
  });

  it.each(['code=200', 'code=201', 'code=204', 'code=299'])('refuses a success code rather than ignoring it: %j', (prefer) => {
    expect(() => parsePreferences({ prefer })).toThrow(`header.prefer: code must be an error status from 400 to 599, got "${prefer.slice(5)}"`);
  });

  it('tells the length of a value longer than the preference takes, never the text: a secret sent there stays out', () => {
    expect(() => parsePreferences({ prefer: 'code=S3CR3T-VALUE' })).toThrow('header.prefer: code must be an error status from 400 to 599, got a text of 12 characters');
    expect(() => parsePreferences({ prefer: 'delay=soon' })).toThrow('got "soon"');
  });

  it('reads retry-after with a 429 or a 503', () => {
    expect(parsePreferences({ prefer: 'code=503, retry-after=2' })).toEqual({ code: 503, retryAfter: 2 });
    expect(parsePreferences({ prefer: 'code=429; retry-after=0' })).toEqual({ code: 429, retryAfter: 0 });
  });

  it.each(['retry-after=2', 'code=500, retry-after=2', 'code=503, retry-after=soon', 'code=503, retry-after=86401'])('refuses a retry-after that cannot apply: %j', (prefer) => {
    expect(() => parsePreferences({ prefer })).toThrow(/retry-after/);
  });

  it.each(['delay=-1', 'delay=1.5', 'delay=60001', 'delay=soon'])('refuses a malformed delay: %j', (prefer) => {
    expect(() => parsePreferences({ prefer })).toThrow(/delay must be a whole number of milliseconds from 0 to 60000/);
  });
});
