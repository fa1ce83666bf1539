import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverOrigin } from './server-origin.js';

describe('serverOrigin', () => {
  afterEach(() => void vi.unstubAllEnvs());

  it('takes the server given, or else PETSTORE_MOCK_URL, as an origin', () => {
    vi.stubEnv('PETSTORE_MOCK_URL', 'http://127.0.0.1:4010');
    expect(serverOrigin('http://127.0.0.1:5000/', 'x', 'y')).toBe('http://127.0.0.1:5000');
    expect(serverOrigin(undefined, 'x', 'y')).toBe('http://127.0.0.1:4010');
  });

  it('takes a URL ending in /v1 for its origin', () => {
    expect(serverOrigin('http://127.0.0.1:4010/v1/', 'x', 'y')).toBe('http://127.0.0.1:4010');
  });

  it('says what needed the server and how to give it one, when there is none', () => {
    vi.stubEnv('PETSTORE_MOCK_URL', '');
    expect(() => serverOrigin(undefined, 'The `mock` fixture', 'set the `mockServerUrl` option')).toThrow(
      'The `mock` fixture needs the server: set the `mockServerUrl` option, or set PETSTORE_MOCK_URL (a global set-up that starts petstore-mock sets it).',
    );
  });
});
