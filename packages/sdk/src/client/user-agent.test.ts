import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigurationError } from './errors/configuration-error.js';
import { userAgentHeader } from './user-agent.js';

// The build writes the version in (tsup.config.ts `define`); from source it is a global.
beforeAll(() => {
  vi.stubGlobal('__SDK_VERSION__', '0.0.0-test');
});
afterAll(() => {
  vi.unstubAllGlobals();
});

describe('userAgentHeader', () => {
  it("puts the application's token first", () => {
    expect(userAgentHeader('pet-shop/2.1')).toEqual({ 'user-agent': `pet-shop/2.1 petstore-sdk/0.0.0-test (node/${process.versions.node})` });
    expect(userAgentHeader(undefined)).toEqual({ 'user-agent': `petstore-sdk/0.0.0-test (node/${process.versions.node})` });
  });

  it("gives none where the caller's headers have a User-Agent, in any case", () => {
    for (const name of ['User-Agent', 'user-agent', 'uSeR-aGeNt']) expect(userAgentHeader('pet-shop/2.1', { [name]: 'mine/1' })).toEqual({});
    expect(userAgentHeader(undefined, { 'x-user-agent': 'other' })['user-agent']).toBeDefined();
  });

  it('refuses a userAgent a header cannot carry: a ConfigurationError that quotes it', () => {
    for (const bad of ['a\r\nX-Evil: 1', 'a\tb', ' lead', 'trail ', 'café/1', 7, null]) {
      expect(() => userAgentHeader(bad as string)).toThrow(ConfigurationError);
    }
    expect(() => userAgentHeader(7 as unknown as string)).toThrow('got number');
    expect(userAgentHeader('')['user-agent']).toMatch(/^petstore-sdk\//);
  });
});
