import { describe, expect, it } from 'vitest';
import { isLoopbackUrl } from './loopback.js';

describe('isLoopbackUrl: writes without --allow-writes only where no resolver can send them elsewhere', () => {
  it.for([
    'http://127.0.0.1:4010/v1',
    'http://127.8.9.10/v1',
    'http://LOCALHOST:4010/v1',
    'http://localhost/v1',
    'http://[::1]:4010/v1',
    'http://[::ffff:127.0.0.1]/v1',
    // The URL parser's own spellings of 127.0.0.1.
    'http://127.1/v1',
    'http://2130706433/v1',
    'http://0x7f.1/v1',
  ])('%s is loopback', (url) => {
    expect(isLoopbackUrl(url)).toBe(true);
  });

  it.for([
    'https://api.example.org/v1',
    // A fully qualified name goes to DNS; a subdomain of localhost may too.
    'http://localhost./v1',
    'http://api.localhost/v1',
    'http://localhost.example.org/v1',
    'http://127.0.0.1.nip.io/v1',
    'http://0.0.0.0/v1',
    'http://[::]/v1',
    'http://[::ffff:10.0.0.1]/v1',
    'http://10.0.0.1/v1',
    'http://user@example.org/v1',
    'not a url',
  ])('%s is not', (url) => {
    expect(isLoopbackUrl(url)).toBe(false);
  });
});
