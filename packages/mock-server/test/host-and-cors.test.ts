// A web page must not drive the mock on the developer's machine: the built
// petstore-mock in a process of its own, reached with raw requests whose Host
// and Origin are a hostile page's (DNS rebinding, cross-origin fetch).
import { request } from 'node:http';
import { connect } from 'node:net';
import { DEV_API_KEY } from '@petstore/mock-server';
import { operationMethods } from '@petstore/sdk/contract';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startMockServerProcess, type MockServerProcess } from '../../../test/support/mock-server-process.js';

const auth = { authorization: `Bearer ${DEV_API_KEY}` };
const servers: MockServerProcess[] = [];
afterEach(() => Promise.all(servers.splice(0).map((server) => server.stop())));

async function serve(args: string[] = []): Promise<{ server: MockServerProcess; port: number }> {
  const server = await startMockServerProcess(args);
  servers.push(server);
  return { server, port: Number(new URL(server.url).port) };
}

/** One server with the default flags for the cases that change nothing, started on first use. */
let defaults: Promise<MockServerProcess> | undefined;
afterAll(async () => (await defaults)?.stop());
async function defaultPort(): Promise<number> {
  defaults ??= startMockServerProcess();
  return Number(new URL((await defaults).url).port);
}

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One request with headers as given, `Host` included (fetch would not let a test set it). */
function send(port: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const json = (reply: Reply): unknown => JSON.parse(reply.text);

describe('the host check (DNS rebinding)', () => {
  it('refuses a request for another host with a 403 Error body, logs it, and runs nothing else', async () => {
    const { server, port } = await serve(['--log', 'json']);
    const evil = { host: `evil.example:${port}`, ...auth };
    const reply = await send(port, 'GET', '/v1/pets', evil);
    expect(reply.status).toBe(403);
    expect(reply.headers['content-type']).toBe('application/json');
    expect(json(reply)).toEqual({
      code: 'host_not_allowed',
      message: 'This server does not answer for host "evil.example". To allow it, start petstore-mock with --allowed-host evil.example (allowedHosts in code)',
      status: 403,
    });
    // Not even authentication: a wrong key gets the same 403, not a 401.
    expect((await send(port, 'GET', '/v1/pets', { host: 'evil.example' })).status).toBe(403);
    // No store, no journal: a create and a reset for that host change nothing.
    const created = await send(port, 'POST', '/v1/pets', { ...evil, 'content-type': 'application/json' }, '{"name":"Sneaky","categoryId":1}');
    expect(created.status).toBe(403);
    expect((await send(port, 'POST', '/__admin/reset', { ...evil, 'content-type': 'application/json' }, '{"seed":0}')).status).toBe(403);
    expect((await send(port, 'GET', '/docs', { host: 'evil.example' })).status).toBe(403);
    expect((await send(port, 'GET', '/', { host: 'evil.example' })).status).toBe(403);
    const own = { host: `127.0.0.1:${port}`, ...auth };
    expect((json(await send(port, 'GET', '/v1/pets?limit=100', own)) as unknown[]).length).toBe(12);
    expect(json(await send(port, 'GET', '/__admin/requests', own))).toMatchObject([{ path: '/v1/pets', status: 200 }]);
    expect(server.output()).toMatch(/"method":"POST","path":"\/v1\/pets","status":403/);
  });

  it.each(['localhost', 'localhost:PORT', 'app.localhost:PORT', '127.0.0.1:PORT', '[::1]:PORT', '10.1.2.3:PORT'])('answers Host %s', async (host) => {
    const port = await defaultPort();
    expect((await send(port, 'GET', '/v1/pets?limit=1', { host: host.replace('PORT', String(port)), ...auth })).status).toBe(200);
  });

  it('answers a request without Host (HTTP/1.0), as Vite does', async () => {
    const port = await defaultPort();
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(`GET /v1/pets?limit=1 HTTP/1.0\r\nAuthorization: Bearer ${DEV_API_KEY}\r\n\r\n`));
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('answers the hosts given with --allowed-host, a leading dot for subdomains', async () => {
    const { port } = await serve(['--allowed-host', 'devbox.lan', '--allowed-host', '.example.com']);
    for (const host of ['devbox.lan', `DEVBOX.lan:${port}`, 'example.com', `api.example.com:${port}`]) {
      expect((await send(port, 'GET', '/v1/pets?limit=1', { host, ...auth })).status, host).toBe(200);
    }
    expect((await send(port, 'GET', '/v1/pets?limit=1', { host: 'evil.example', ...auth })).status).toBe(403);
  });

  it('bound beyond loopback with a key of its own, it answers the addresses it is reached by', async () => {
    const { port } = await serve(['--host', '0.0.0.0', '--api-key', 'own-key-123']);
    const reply = await send(port, 'GET', '/v1/pets?limit=1', { host: `192.0.2.10:${port}`, authorization: 'Bearer own-key-123' });
    expect(reply.status).toBe(200);
    expect((await send(port, 'GET', '/v1/pets?limit=1', { host: 'evil.example', authorization: 'Bearer own-key-123' })).status).toBe(403);
  });
});

describe('CORS', () => {
  const preflight = (origin: string) => ({ host: 'localhost', origin, 'access-control-request-method': 'DELETE', 'access-control-request-headers': 'authorization' });

  it('gives a page elsewhere on the web no CORS header, and its preflight allows nothing', async () => {
    const port = await defaultPort();
    const reply = await send(port, 'GET', '/__admin/requests', { host: 'localhost', origin: 'https://evil.example', ...auth });
    expect(reply.headers['access-control-allow-origin']).toBeUndefined();
    expect(reply.headers['vary']).toBe('Origin');
    const refused = await send(port, 'OPTIONS', '/__admin/faults', preflight('https://evil.example'));
    expect(refused.status).toBe(204);
    for (const name of ['access-control-allow-origin', 'access-control-allow-methods', 'access-control-allow-headers']) expect(refused.headers[name], name).toBeUndefined();
  });

  it.each(['http://localhost:5173', 'http://127.0.0.1:8080', 'http://[::1]:3000', 'https://localhost', 'http://app.localhost:5173'])('allows a page on %s, DELETE included', async (origin) => {
    const port = await defaultPort();
    const allowed = await send(port, 'OPTIONS', '/__admin/faults', preflight(origin));
    expect(allowed.headers['access-control-allow-origin']).toBe(origin);
    // Every method the server answers: the operations' (the contract's table), HEAD, the admin API's DELETE, preflights.
    expect(String(allowed.headers['access-control-allow-methods']).split(', ').sort()).toEqual([...new Set([...operationMethods(), 'GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS'])].sort());
    expect(allowed.headers['access-control-allow-headers']).toMatch(/Authorization/);
    const reply = await send(port, 'DELETE', '/__admin/faults', { host: 'localhost', origin, ...auth });
    expect(reply.status).toBe(204);
    expect(reply.headers['access-control-allow-origin']).toBe(origin);
  });

  it('allows the origins given with --cors-origin, and any with --cors-origin *', async () => {
    const { port } = await serve(['--cors-origin', 'https://app.example']);
    const given = await send(port, 'GET', '/v1/pets?limit=1', { host: 'localhost', origin: 'https://app.example', ...auth });
    expect(given.headers['access-control-allow-origin']).toBe('https://app.example');
    expect((await send(port, 'GET', '/v1/pets?limit=1', { host: 'localhost', origin: 'https://evil.example', ...auth })).headers['access-control-allow-origin']).toBeUndefined();
    const { port: open } = await serve(['--cors-origin', '*']);
    expect((await send(open, 'OPTIONS', '/__admin/faults', preflight('https://evil.example'))).headers['access-control-allow-origin']).toBe('*');
  });
});

describe('where to go', () => {
  it('GET / answers, without a key, where the API, its document and the reference are', async () => {
    const port = await defaultPort();
    const reply = await send(port, 'GET', '/', { host: 'localhost' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/json');
    expect(json(reply)).toMatchObject({ api: '/v1', openapi: '/v1/openapi.json', docs: '/docs', admin: ['/__admin/reset', '/__admin/faults', '/__admin/requests'] });
  });

  it.each([
    ['GET', '/pets', 'GET /v1/pets'],
    ['GET', '/v1/pet', 'GET /v1/pets'],
    ['GET', '/v1/pets/', 'GET /v1/pets'],
    ['GET', '/api/v1/pets', 'GET /v1/pets'],
    ['POST', '/pets', 'POST /v1/pets'],
    ['GET', '/pets/3', 'GET /v1/pets/3'],
  ])('%s %s → 404 naming %s', async (method, path, meant) => {
    const port = await defaultPort();
    const reply = await send(port, method, path, { host: 'localhost', ...auth });
    expect(reply.status).toBe(404);
    expect(json(reply)).toEqual({ code: 'route_not_found', message: `No operation at ${path}; did you mean ${meant}?`, status: 404 });
  });
});
