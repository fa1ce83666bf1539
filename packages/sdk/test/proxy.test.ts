// @petstore/sdk/node's proxyFetch against a real forward proxy on loopback
// (test/support/forward-proxy.ts), which counts what passed through it.
import { ConfigurationError, ConnectionError, NotFoundError, PetstoreClient, TimeoutError, isConnectionError, type Logger } from '@petstore/sdk';
import { ProxyError, isProxyError, proxyFetch } from '@petstore/sdk/node';
import { afterEach, describe, expect, it } from 'vitest';
import { startForwardProxy, type ForwardProxy } from '../../../test/support/forward-proxy.js';
import { startSilentServer, type SilentServer } from '../../../test/support/silent-server.js';
import { startTlsFront, hasOpenssl, type TlsFront } from '../../../test/support/tls-front.js';
import { failure, recordingLogger, rex, send, silentLogger, startServer, type TestServer } from './support/test-server.js';

const proxies: (ForwardProxy | SilentServer | TlsFront)[] = [];
afterEach(async () => {
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
});
/** Closed after the test, as the forward proxies are. */
const closedAfter = <T extends SilentServer | TlsFront>(server: T): T => {
  proxies.push(server);
  return server;
};
const forwardProxy = async (...args: Parameters<typeof startForwardProxy>) => {
  const proxy = await startForwardProxy(...args);
  proxies.push(proxy);
  return proxy;
};
const api = () => startServer((_request, response) => send(response, 200, [rex]));
const client = (server: TestServer | string, fetch: ReturnType<typeof proxyFetch>, options: { maxRetries?: number; timeout?: number; logger?: Logger } = {}) =>
  new PetstoreClient({ baseUrl: typeof server === 'string' ? server : server.url, apiKey: 'test-key', logger: silentLogger, maxRetries: 0, fetch, ...options });

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

  it("a forwarding proxy's own refusal (403, an HTML page) is a ProxyError with its status and page title; the API's own errors stay the API's", async () => {
    const [server, refusing, proxy] = await Promise.all([startServer((_request, response) => send(response, 404, { code: 'not_found', message: 'No animal has id 9', status: 404 })), forwardProxy({ refuseForward: 403 }), forwardProxy()]);
    const refused = await failure(client(server, proxyFetch('env', { env: { HTTP_PROXY: refusing.url } })).pets.get(9));
    expect(refused).toBeInstanceOf(ProxyError);
    expect(refused).toMatchObject({ status: 403, source: 'HTTP_PROXY', proxy: refusing.url });
    expect((refused as Error).message).toBe(`GET ${server.url}/pets/9: the proxy ${refusing.url} (from HTTP_PROXY) does not allow this destination (403) ("Access denied by policy")`);
    expect(server.requests).toBe(0);
    // The API's 404, with its Error body, through a proxy that forwards it.
    await expect(client(server, proxyFetch(proxy.url)).pets.get(9)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("a forwarding proxy that cannot reach the API (its 502) is a ProxyError, not the API's 502", async () => {
    const [proxy, dead] = await Promise.all([forwardProxy(), api()]);
    await dead.close();
    const error = await failure(client(dead, proxyFetch(proxy.url)).pets.list());
    expect(error).toMatchObject({ name: 'ProxyError', status: 502 });
    expect((error as Error).message).toBe(`GET ${dead.url}/pets: the proxy ${proxy.url} (from the proxy option) could not connect to the API (502) ("bad gateway")`);
  });

  it('close() ends the connection to a proxy that never answers CONNECT, which would otherwise stay open for minutes', async () => {
    const silent = closedAfter(await startSilentServer());
    const fetch = proxyFetch(`http://${silent.host}`);
    await expect(client('https://api.example.test/v1', fetch, { timeout: 200 }).pets.list()).rejects.toBeInstanceOf(TimeoutError);
    expect(silent.open).toBe(1);
    await fetch.close();
    await expect.poll(() => silent.open, { timeout: 2000 }).toBe(0);
  });

  it.skipIf(!hasOpenssl)('an https proxy given as an IP address: no TLS server name (Node.js 26 refuses one); a certificate it does not trust is a ProxyError naming the proxy, not retried', async () => {
    const proxy = await forwardProxy();
    const tls = closedAfter(await startTlsFront(proxy.url));
    const proxyUrl = tls.origin.replace('localhost', '127.0.0.1');
    const { logger, entries } = recordingLogger();
    const error = await failure(client('http://api.example.test/v1', proxyFetch('env', { env: { HTTP_PROXY: proxyUrl } }), { maxRetries: 2, logger }).pets.list());
    expect(error).toBeInstanceOf(ProxyError);
    expect(error).toMatchObject({ failure: 'tls', source: 'HTTP_PROXY', proxy: proxyUrl, status: undefined });
    // The certificate was checked: the handshake started, with no server name refused before it.
    expect((error as Error).message).toBe(`GET http://api.example.test/v1/pets: the proxy ${proxyUrl} (from HTTP_PROXY): TLS failure (DEPTH_ZERO_SELF_SIGNED_CERT)`);
    expect(entries.filter((entry) => entry.message.includes('retrying'))).toEqual([]);
    expect(proxy.count).toBe(0);
  });
});
