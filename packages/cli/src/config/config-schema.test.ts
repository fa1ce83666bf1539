import { describe, expect, it } from 'vitest';
import { checkFileShape, ConfigFile, CredentialsFile } from './config-schema.js';

describe('config.json and credentials.json shapes', () => {
  it('accepts the files petstore writes, and keeps fields it does not know', () => {
    const config = { profile: 'staging', profiles: { staging: { baseUrl: 'https://s.example.org/v1', colour: 'blue' } }, future: 1 };
    expect(checkFileShape(ConfigFile, config)).toEqual({ ok: true, data: config });
    expect(checkFileShape(CredentialsFile, { profiles: { mock: { apiKey: 'sk-abc_123.XYZ~' } } })).toMatchObject({ ok: true });
    expect(checkFileShape(ConfigFile, {})).toEqual({ ok: true, data: {} });
  });

  it.for([
    ['an array for a base URL', ConfigFile, { profiles: { staging: { baseUrl: ['https://x/v1'] } } }, 'profiles.staging.baseUrl: expected string, got array'],
    ['a number for the profile', ConfigFile, { profile: 5 }, 'profile: expected string, got number'],
    ['a bad profile name', ConfigFile, { profile: 'Prod Env' }, 'profile: must be lower-case letters'],
    ['a bad profile name as a key', ConfigFile, { profiles: { 'Prod Env': {} } }, 'profiles.Prod Env: is not a profile name'],
    ['a profile that is not an object', ConfigFile, { profiles: { staging: 'https://x/v1' } }, 'profiles.staging: expected object, got string'],
    ['an object for an API key', CredentialsFile, { profiles: { mock: { apiKey: { value: 'k' } } } }, 'profiles.mock.apiKey: expected string, got object'],
    ['an API key with CR/LF', CredentialsFile, { profiles: { mock: { apiKey: 'sk-live\r\nX-Injected: 1' } } }, 'profiles.mock.apiKey: must be printable ASCII with no spaces or line breaks'],
    ['an empty API key', CredentialsFile, { profiles: { mock: { apiKey: '' } } }, 'profiles.mock.apiKey: must be printable ASCII'],
    ['a file that is an array', CredentialsFile, [], 'is not a JSON object'],
    ['a file that is null', ConfigFile, null, 'is not a JSON object'],
  ] as const)('names the key of %s', ([, schema, data, problem]) => {
    const checked = checkFileShape(schema, data);
    expect(checked.ok).toBe(false);
    expect(checked.ok ? '' : checked.problem).toContain(problem);
  });

  it('never quotes an API key in a problem', () => {
    const checked = checkFileShape(CredentialsFile, { profiles: { mock: { apiKey: 'sk-secret value' } } });
    expect(JSON.stringify(checked)).not.toContain('secret');
  });

  it('touches no prototype: `__proto__` is dropped, `constructor` is a profile like any other', () => {
    const data = JSON.parse('{"profiles":{"__proto__":{"polluted":1}},"__proto__":{"polluted":1}}') as unknown;
    expect(checkFileShape(ConfigFile, data)).toEqual({ ok: true, data: { profiles: {} } });
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    const fine = checkFileShape(ConfigFile, { profiles: { constructor: { baseUrl: 'https://x/v1' } } });
    expect(fine).toMatchObject({ ok: true, data: { profiles: { constructor: { baseUrl: 'https://x/v1' } } } });
  });
});
