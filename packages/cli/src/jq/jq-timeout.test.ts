import { describe, expect, it } from 'vitest';
import { JQ_LIMITS } from '../tables/jq-flag.js';
import { jqTimeout } from './jq-timeout.js';

describe('jqTimeout', () => {
  it('is the default without PETSTORE_JQ_TIMEOUT, or with it empty', () => {
    expect(jqTimeout({})).toBe(JQ_LIMITS.timeout.default);
    expect(jqTimeout({ PETSTORE_JQ_TIMEOUT: '' })).toBe(JQ_LIMITS.timeout.default);
  });

  it('reads whole milliseconds within the bounds', () => {
    expect(jqTimeout({ PETSTORE_JQ_TIMEOUT: '250' })).toBe(250);
    expect(jqTimeout({ PETSTORE_JQ_TIMEOUT: String(JQ_LIMITS.timeout.max) })).toBe(JQ_LIMITS.timeout.max);
  });

  it.each(['0', '-1', '1.5', '2s', ' 100', String(JQ_LIMITS.timeout.max + 1)])('refuses %j, naming the variable', (text) => {
    expect(() => jqTimeout({ PETSTORE_JQ_TIMEOUT: text })).toThrow(`PETSTORE_JQ_TIMEOUT must be whole milliseconds from 1 to 600000, got "${text}"`);
  });
});
