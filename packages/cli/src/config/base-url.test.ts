import { describe, expect, it } from 'vitest';
import { CliError } from '../errors/cli-error.js';
import { baseUrlFrom, checkBaseUrl, type BaseUrlOrigin } from './base-url.js';
import { builtInApiKey } from './profiles.js';

describe('checkBaseUrl', () => {
  it.for([
    ['http://127.0.0.1:4010/v1', 'http://127.0.0.1:4010/v1'],
    ['https://api.example.org/v1', 'https://api.example.org/v1'],
    ['https://api.example.org/v1/', 'https://api.example.org/v1'],
    ['https://api.example.org/store/v1', 'https://api.example.org/store/v1'],
    ['HTTPS://API.Example.org:443/v1', 'https://api.example.org/v1'],
    ['http://[::1]:4010/v1', 'http://[::1]:4010/v1'],
  ])('accepts %s as %s', ([text, url]) => {
    expect(checkBaseUrl(text ?? '')).toEqual({ ok: true, url });
  });

  it.for([
    ['not-a-url', /must be an http\(s\) URL ending in \/v1.*got "not-a-url"/],
    ['', /must be an http\(s\) URL ending in \/v1/],
    ['ftp://example.org/v1', /must be an http\(s\) URL, not ftp:/],
    ['file:///etc/v1', /must be an http\(s\) URL, not file:/],
    ['https://example.org/v1?debug=1', /must not have a query \(\?…\) or a fragment \(#…\)/],
    ['https://example.org/v1?', /must not have a query/],
    ['https://example.org/v1#top', /or a fragment/],
    ['https://example.org/api', /must end in \/v1 \(the API's version\), got the path "\/api"/],
    ['https://example.org/v1//', /must end in \/v1/],
    ['https://example.org/v10', /must end in \/v1/],
    ['https://example.org', /must end in \/v1.*got the path "\/"/],
    ['https://example.org/v1\n', /must not contain spaces, line breaks or control characters/],
    [' https://example.org/v1', /must not contain spaces/],
    ['https://exa\u001bmple.org/v1', /control characters/],
  ])('refuses %j', ([text, problem]) => {
    const checked = checkBaseUrl(text as string);
    expect(checked.ok).toBe(false);
    expect(checked.ok ? '' : checked.problem).toMatch(problem as RegExp);
  });

  it('refuses a user name or password without ever quoting the URL', () => {
    for (const text of ['https://ops:hunter2@api.example.org/v1', 'https://ops@api.example.org/v1', 'https://:hunter2@api.example.org/v1']) {
      const checked = checkBaseUrl(text);
      expect(checked).toEqual({ ok: false, problem: expect.stringContaining('must not contain a user name or password') });
      expect(JSON.stringify(checked)).not.toMatch(/hunter2|ops|api\.example/);
    }
    // Unparseable or not http, with an @: still not quoted.
    for (const text of ['ht tp://ops:hunter2@x/v1', 'ftp://ops:hunter2@x/v1']) {
      expect(JSON.stringify(checkBaseUrl(text))).not.toContain('hunter2');
    }
  });
});

describe('baseUrlFrom', () => {
  const failure = (text: string, origin: BaseUrlOrigin): CliError => {
    try {
      baseUrlFrom(text, origin);
    } catch (error) {
      if (error instanceof CliError) return error;
      throw error;
    }
    throw new Error('no error');
  };

  it('names the source: a typed value is a usage error (exit 2), the environment and the file are configuration (exit 3)', () => {
    expect(failure('ftp://x/v1', { source: 'flag' })).toMatchObject({ exitCode: 2, message: expect.stringMatching(/^--base-url must be an http\(s\) URL/) });
    expect(failure('ftp://x/v1', { source: 'argument' })).toMatchObject({ exitCode: 2, message: expect.stringMatching(/^base-url must be an http\(s\) URL/) });
    expect(failure('ftp://x/v1', { source: 'environment' })).toMatchObject({ exitCode: 3, message: expect.stringMatching(/^PETSTORE_BASE_URL must be/) });
    expect(failure('ftp://x/v1', { source: 'config file', path: '/home/o/.config/petstore/config.json', profile: 'staging' })).toMatchObject({
      exitCode: 3,
      message: expect.stringMatching(/^\/home\/o\/\.config\/petstore\/config\.json: profiles\.staging\.baseUrl must be .*config set base-url URL --profile staging/),
    });
  });

  it('returns the normalised URL', () => {
    expect(baseUrlFrom('https://api.example.org/v1/', { source: 'flag' })).toBe('https://api.example.org/v1');
  });
});

describe('the development key', () => {
  it('belongs to the mock profile at its own base URL only', () => {
    expect(builtInApiKey('mock', 'http://127.0.0.1:4010/v1')).toBe('dev-petstore-key42');
    // With a trailing slash it is the same URL, once normalised.
    const slashed = checkBaseUrl('http://127.0.0.1:4010/v1/');
    expect(builtInApiKey('mock', slashed.ok ? slashed.url : undefined)).toBe('dev-petstore-key42');
    expect(builtInApiKey('mock', 'http://localhost:4010/v1')).toBeUndefined();
    expect(builtInApiKey('mock', 'http://127.0.0.1:4011/v1')).toBeUndefined();
    expect(builtInApiKey('mock', undefined)).toBeUndefined();
    expect(builtInApiKey('staging', 'http://127.0.0.1:4010/v1')).toBeUndefined();
    expect(builtInApiKey('constructor', undefined)).toBeUndefined();
  });
});
