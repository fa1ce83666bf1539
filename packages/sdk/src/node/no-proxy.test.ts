import { describe, expect, it } from 'vitest';
import { matchNoProxy } from './no-proxy.js';

const match = (url: string, noProxy: string) => matchNoProxy(new URL(url), noProxy);

describe('matchNoProxy', () => {
  it.for([
    ['http://example.com/v1', 'example.com', 'example.com'],
    ['http://api.example.com/v1', 'example.com', 'example.com'],
    ['http://example.com/v1', '.example.com', '.example.com'],
    ['http://a.b.example.com/v1', '.example.com', '.example.com'],
    ['http://api.example.com/v1', '*.example.com', '*.example.com'],
    ['http://API.Example.COM/v1', 'example.com', 'example.com'],
    ['http://api.example.com/v1', 'EXAMPLE.com', 'EXAMPLE.com'],
    ['http://example.com./v1', 'example.com', 'example.com'],
    ['https://anything.test/v1', '*', '*'],
    ['http://127.0.0.1:4010/v1', 'localhost, 127.0.0.1', '127.0.0.1'],
    ['http://[::1]:4010/v1', '::1', '::1'],
    ['http://127.0.0.1:4010/v1', '127.0.0.1:4010', '127.0.0.1:4010'],
    ['http://[::1]:4010/v1', '[::1]:4010', '[::1]:4010'],
    // IPv6 compared as addresses, as curl 8 does: any spelling of the same address.
    ['http://[::1]:4010/v1', '0:0:0:0:0:0:0:1', '0:0:0:0:0:0:0:1'],
    ['http://[::1]:4010/v1', '[0000::0001]:4010', '[0000::0001]:4010'],
    ['http://[2001:db8::1]/v1', '2001:DB8:0:0:0:0:0:1', '2001:DB8:0:0:0:0:0:1'],
    ['http://[::ffff:127.0.0.1]/v1', '::ffff:7f00:1', '::ffff:7f00:1'],
    ['https://example.com/v1', 'example.com:443', 'example.com:443'],
    ['http://example.com/v1', 'example.com:80', 'example.com:80'],
    ['http://example.com/v1', 'other.org,,  example.com  ', 'example.com'],
  ] as const)('%s is bypassed by NO_PROXY=%j (rule %j)', ([url, noProxy, rule]) => {
    expect(match(url, noProxy)).toBe(rule);
  });

  it.for([
    ['http://badexample.com/v1', 'example.com'],
    ['http://example.com.evil.test/v1', 'example.com'],
    ['http://example.org/v1', '.example.com'],
    ['http://127.0.0.1:4011/v1', '127.0.0.1:4010'],
    ['https://example.com/v1', 'example.com:80'],
    ['http://127.0.0.10/v1', '127.0.0.1'],
    ['http://1.127.0.0.1.nip.test/v1', '127.0.0.1'],
    ['http://10.1.2.3/v1', '10.0.0.0/8'],
    ['http://10.1.2.3/v1', '2.3'],
    ['http://10.1.2.3/v1', '.1.2.3'],
    ['http://10.1.2.3:8080/v1', '1.2.3:8080'],
    ['http://localhost:4010/v1', '127.0.0.1'],
    ['http://example.com/v1', ''],
    ['http://example.com/v1', ' , '],
    ['http://example.com/v1', 'example.com:port'],
    ['http://example.com/v1', '*example.com'],
    ['http://[::1]/v1', '0:0:0:0:0:0:0:2'],
    ['http://[::1]/v1', '::1:0'],
    ['http://[2001:db8::1]/v1', 'db8::1'],
  ] as const)('%s goes through the proxy with NO_PROXY=%j', ([url, noProxy]) => {
    expect(match(url, noProxy)).toBeUndefined();
  });
});
