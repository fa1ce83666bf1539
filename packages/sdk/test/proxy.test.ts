// @petstore/sdk/node's proxyFetch against a real forward proxy on loopback
// (test/support/forward-proxy.ts), which counts what passed through it.
import { ConfigurationError, ConnectionError, PetstoreClient, isConnectionError } from '@petstore/sdk';
import { ProxyError, isProxyError, proxyFetch } from '@petstore/sdk/node';
import { afterEach, describe, expect, it } from 'vitest';
import { startForwardProxy, type ForwardProxy } from '../../../test/support/forward-proxy.js';
import { failure, rex, send, silentLogger, startServer, type TestServer } from './support/test-server.js';

const proxies: ForwardProxy[] = [];
afterEach(async () => {
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
});
const forwardProxy = async (...args: Parameters<typeof startForwardProxy>) => {
  const proxy = await startForwardProxy(...args);
  proxies.push(proxy);
  return proxy;
};
const api = () => startServer((_request, response) => send(response, 200, [rex]));
const client = (server: TestServer | string, fetch: ReturnType<typeof proxyFetch>) =>
  new PetstoreClient({ baseUrl: typeof server === 'string' ? server : server.url, apiKey: 'test-key', logger: silentLogger, maxRetries: 0, fetch });

describe('proxyFetch', () => {
  it('sends an http request through the proxy given, in absolute form, and changes nothing process-wide', async () => {
    const [server, proxy] = await Promise.all([api(), forwardProxy()]);
    const envBefore = { ...process.env };
    await expect(client(server, proxyFetch(proxy.url)).pets.list()).resolves.toEqual([rex]);
    expect(proxy.forwarded).toEqual([`GET ${server.url}/pets`]);
    expect(server.received).toHaveLength(1);
    // The global fetch still goes directly: no global dispatcher was set, and no variable.
    await fetch(`${server.url}/pets`);
    expect(proxy.count).toBe(1);
    expect(server.received).toHaveLength(2);
    expect(process.env).toEqual(envBefore);
  });

  it("'env' follows HTTP_PROXY, lower-case winning, and NO_PROXY", async () => {
    const [server, proxy, other] = await Promise.all([api(), forwardProxy(), forwardProxy()]);
    const env = { HTTP_PROXY: other.url, http_proxy: proxy.url };
    await client(server, proxyFetch('env', { env })).pets.list();
    expect([proxy.count, other.count]).toEqual([1, 0]);
    const port = new URL(server.url).port;
    for (const noProxy of ['127.0.0.1', `127.0.0.1:${port}`, '*']) {
      await client(server, proxyFetch('env', { env: { ...env, NO_PROXY: noProxy } })).pets.list();
    }
    expect([proxy.count, other.count]).toEqual([1, 0]);
    expect(server.received).toHaveLength(4);
    // HTTPS_PROXY is for https URLs only.
    await client(server, proxyFetch('env', { env: { HTTPS_PROXY: proxy.url } })).pets.list();
    expect(proxy.count).toBe(1);
  });

  it('a bad proxy URL is a ConfigurationError naming the variable, before anything is sent', () => {
    expect(() => proxyFetch('env', { env: { HTTPS_PROXY: 'http://proxy example' } })).toThrow(new ConfigurationError('HTTPS_PROXY is not a proxy URL (got "http://proxy example"); expected http://HOST:PORT'));
    expect(() => proxyFetch('env', { env: { https_proxy: 'socks5://127.0.0.1:1080' } })).toThrow(/^https_proxy is a socks5:\/\/ proxy URL .*only http:\/\/ and https:\/\/ proxies/);
    expect(() => proxyFetch('ftp://user:secret@proxy')).toThrow(ConfigurationError);
    expect(() => proxyFetch('ftp://user:secret@proxy')).not.toThrow(/secret/);
  });

  it('a proxy that refuses the connection fails the request with a ProxyError naming it, its password hidden', async () => {
    const dead = await forwardProxy();
    await dead.close();
    const proxyUrl = dead.url.replace('http://', 'http://user:secret@');
    const error = await failure(client('http://api.example.test/v1', proxyFetch('env', { env: { HTTP_PROXY: proxyUrl } })).pets.list());
    expect(error).toBeInstanceOf(ProxyError);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(isConnectionError(error) && isProxyError(error)).toBe(true);
    expect(error).toMatchObject({ failure: 'connection_refused', source: 'HTTP_PROXY', proxy: dead.url.replace('http://', 'http://****:****@'), status: undefined });
    expect((error as Error).message).toBe(`GET http://api.example.test/v1/pets: the proxy ${dead.url.replace('http://', 'http://****:****@')} (from HTTP_PROXY) could not be reached: connection refused (ECONNREFUSED)`);
    expect((error as Error).message).not.toContain('secret');
  });

  it('CONNECT answered 403, and 407 to a forwarded request, are ProxyErrors with the status', async () => {
    const [refusing, locked] = await Promise.all([forwardProxy({ refuseConnect: 403 }), forwardProxy({ credentials: 'user:right' })]);
    const tunnel = await failure(client('https://api.example.test/v1', proxyFetch(refusing.url)).pets.list());
    expect(tunnel).toMatchObject({ name: 'ProxyError', status: 403, source: 'the proxy option' });
    expect((tunnel as Error).message).toContain(`the proxy ${refusing.url} (from the proxy option) does not allow this destination (403)`);
    expect(refusing.tunnels).toEqual(['api.example.test:443']);

    const server = await api();
    const noCredentials = await failure(client(server, proxyFetch(locked.url)).pets.list());
    expect(noCredentials).toMatchObject({ name: 'ProxyError', status: 407 });
    expect((noCredentials as Error).message).toContain('asks for credentials (407 Proxy Authentication Required)');
    const wrong = await failure(client(server, proxyFetch(locked.url.replace('http://', 'http://user:wrong@'))).pets.list());
    expect((wrong as Error).message).toContain('refused its credentials (407)');
    await expect(client(server, proxyFetch(locked.url.replace('http://', 'http://user:right@'))).pets.list()).resolves.toEqual([rex]);
    expect(server.received).toHaveLength(1);
  });
});
