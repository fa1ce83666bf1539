import { describe, expect, it } from 'vitest';
import { createHostCheck, hostName } from './host-check.js';

describe('createHostCheck', () => {
  const loopback = createHostCheck('127.0.0.1');

  it.each(['localhost', 'localhost:4010', 'LOCALHOST:4010', 'app.localhost:5173', '127.0.0.1:4010', '[::1]:4010', '[::1]', '192.168.1.20:4010', ' localhost '])(
    'allows %j: loopback names and IP addresses, which no DNS rebinding can forge',
    (host) => expect(loopback(host)).toBe(true),
  );

  it.each(['evil.example', 'evil.example:4010', 'localhost.evil.example', 'evillocalhost', '[not-an-ip]:4010', '[::1', ''])('refuses %j', (host) => {
    expect(loopback(host)).toBe(false);
  });

  it('allows a request without Host (HTTP/1.0), as Vite does: browsers always send one', () => {
    expect(loopback(undefined)).toBe(true);
  });

  it('allows the name the server is bound to', () => {
    const check = createHostCheck('DevBox.lan');
    expect(check('devbox.lan:4010')).toBe(true);
    expect(check('other.lan:4010')).toBe(false);
  });

  it('allows names given, a leading dot for the name and its subdomains, * for any', () => {
    const check = createHostCheck('127.0.0.1', ['mock.test', '.example.com']);
    for (const host of ['mock.test:1', 'example.com', 'api.example.com:443', 'a.b.example.com']) expect(check(host), host).toBe(true);
    for (const host of ['sub.mock.test', 'evilexample.com', 'example.com.evil.test']) expect(check(host), host).toBe(false);
    expect(createHostCheck('127.0.0.1', ['*'])('anything.example')).toBe(true);
  });
});

describe('hostName', () => {
  it.each([
    ['Example.COM:80', 'example.com'],
    ['[::1]:4010', '::1'],
    ['127.0.0.1', '127.0.0.1'],
    ['[zz]:1', undefined],
  ])('%j → %j', (host, name) => expect(hostName(host)).toBe(name));
});
