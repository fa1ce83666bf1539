import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../client/errors/configuration-error.js';
import { checkProxyEnvironment, proxyFor } from './proxy-environment.js';
import { redactProxyUrl } from './proxy-url.js';

const choose = (url: string, env: Record<string, string>) => {
  const choice = proxyFor(new URL(url), env);
  return { ...choice, proxy: choice.proxy?.href };
};

describe('proxyFor', () => {
  it('takes the variable of the URL\'s scheme, lower-case first, with no fallback to the other scheme', () => {
    const env = { HTTP_PROXY: 'http://upper:1', http_proxy: 'http://lower:1', HTTPS_PROXY: 'http://secure:1' };
    expect(choose('http://api.test/v1', env)).toEqual({ proxy: 'http://lower:1/', source: 'http_proxy' });
    expect(choose('https://api.test/v1', env)).toEqual({ proxy: 'http://secure:1/', source: 'HTTPS_PROXY' });
    expect(choose('https://api.test/v1', { HTTP_PROXY: 'http://upper:1' })).toEqual({ proxy: undefined });
  });

  it('counts an empty variable as unset, and reads a proxy without a scheme as http://', () => {
    expect(choose('http://api.test/v1', { http_proxy: ' ', HTTP_PROXY: 'proxy.test:3128' })).toEqual({ proxy: 'http://proxy.test:3128/', source: 'HTTP_PROXY' });
  });

  it('names the NO_PROXY rule and variable that bypass the proxy, lower-case first', () => {
    const env = { HTTPS_PROXY: 'http://proxy.test:1', NO_PROXY: '*', no_proxy: 'example.com' };
    expect(choose('https://api.example.com/v1', env)).toEqual({ proxy: undefined, noProxyRule: 'example.com', source: 'no_proxy' });
    expect(choose('https://other.test/v1', env)).toEqual({ proxy: 'http://proxy.test:1/', source: 'HTTPS_PROXY' });
  });

  it('does not bypass loopback unless NO_PROXY lists it', () => {
    expect(choose('http://127.0.0.1:4010/v1', { HTTP_PROXY: 'http://proxy.test:1' }).source).toBe('HTTP_PROXY');
    expect(choose('http://localhost:4010/v1', { HTTP_PROXY: 'http://proxy.test:1', NO_PROXY: 'localhost' }).proxy).toBeUndefined();
  });

  it.for([
    ['http://proxy.test:3128/path', /a proxy URL has no path/],
    ['socks5://proxy.test:1080', /is a socks5:\/\/ proxy URL/],
    ['http://', /is not a proxy URL/],
    ['http://proxy test', /is not a proxy URL \(got "http:\/\/proxy test"\)/],
  ] as const)('HTTPS_PROXY=%j is a ConfigurationError naming the variable', ([value, message]) => {
    expect(() => checkProxyEnvironment({ HTTPS_PROXY: value })).toThrow(ConfigurationError);
    expect(() => checkProxyEnvironment({ HTTPS_PROXY: value })).toThrow(message);
    expect(() => checkProxyEnvironment({ HTTPS_PROXY: value })).toThrow(/^HTTPS_PROXY /);
  });

  it('never quotes a value that may hold a password', () => {
    expect(() => checkProxyEnvironment({ http_proxy: 'ftp://user:secret@proxy.test' })).toThrow(/^http_proxy is a ftp:\/\/ proxy URL; only/);
  });

  it('quotes a value without its query and fragment, where a token may be', () => {
    expect(() => checkProxyEnvironment({ HTTP_PROXY: 'http://proxy.test:3128/?token=s3cret' })).toThrow(
      'HTTP_PROXY is not a proxy URL (got "http://proxy.test:3128/?…"): a proxy URL has no path, query or fragment; expected http://HOST:PORT',
    );
    expect(() => checkProxyEnvironment({ HTTP_PROXY: 'http://proxy.test:3128#s3cret' })).toThrow('(got "http://proxy.test:3128#…")');
    expect(() => checkProxyEnvironment({ HTTP_PROXY: 'socks5://proxy.test:1080?token=s3cret' })).toThrow('(got "socks5://proxy.test:1080?…")');
    expect(() => checkProxyEnvironment({ HTTP_PROXY: 'http://prøxy test:3128' })).toThrow('(got "http://pr?xy test:3128")');
  });
});

describe('redactProxyUrl', () => {
  it('hides the user name and the password (a token may be either)', () => {
    expect(redactProxyUrl(new URL('http://user:secret@proxy.test:3128'))).toBe('http://****:****@proxy.test:3128');
    expect(redactProxyUrl(new URL('http://tok123secret@proxy.test:3128'))).toBe('http://****@proxy.test:3128');
    expect(redactProxyUrl(new URL('http://proxy.test:3128'))).toBe('http://proxy.test:3128');
  });
});
