import { connect } from 'node:net';
import { Writable } from 'node:stream';
import {
  createPetStore,
  createRequestLog,
  DEV_API_KEY,
  MockServerConfigError,
  startMockServer,
  type MockServer,
  type PetStore,
} from '@petstore/mock-server';
import type { Pet } from '@petstore/sdk/contract';
import { afterEach, describe, expect, it } from 'vitest';

const auth = { authorization: `Bearer ${DEV_API_KEY}` };
const servers: MockServer[] = [];

async function start(options: Parameters<typeof startMockServer>[0] = {}): Promise<MockServer> {
  const server = await startMockServer({ port: 0, ...options });
  servers.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** Sends raw bytes and collects everything the server writes until it closes the connection. */
function rawExchange(port: number, chunks: readonly string[], { end = true } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (data: string) => (received += data));
    socket.on('close', () => resolve(received));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? resolve(received) : reject(error)));
    socket.on('connect', () => {
      for (const chunk of chunks) socket.write(chunk);
      if (end) socket.end();
    });
  });
}

function capture(): { stream: Writable; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      text += chunk.toString();
      callback();
    },
  });
  return { stream, text: () => text };
}

describe('startMockServer over real HTTP', () => {
  it('listens on 127.0.0.1 on a port the OS picks', async () => {
    const server = await start();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(server.port).toBeGreaterThan(0);
  });

  it('an unexpected failure of getPet is a 500 Error body that still carries the deprecation headers', async () => {
    const errors: unknown[] = [];
    const broken = createPetStore();
    const server = await start({
      store: {
        ...broken,
        get: () => {
          throw new Error('disk on fire');
        },
      },
      log: { request: () => {}, error: (_message, { error }) => void errors.push(error) },
    });
    const response = await fetch(`${server.url}/pets/1`, { headers: { authorization: `Bearer ${DEV_API_KEY}` } });
    expect(response.status).toBe(500);
    expect(response.headers.get('deprecation')).toBe('@1767225600');
    expect(response.headers.get('sunset')).toBe('Thu, 05 Dec 2030 00:00:00 GMT');
    expect(await response.json()).toEqual({ code: 'internal_error', message: 'The mock server failed unexpectedly; see its log', status: 500 });
    expect(errors).toEqual([new Error('disk on fire')]);
  });

  it('answers paths outside /v1 with a 404 Error body naming the operation meant, key or not', async () => {
    const server = await start();
    const response = await fetch(`${server.origin}/v2/pets`, { headers: auth });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'route_not_found', message: 'No operation at /v2/pets; did you mean GET /v1/pets?', status: 404 });
    const keyless = await fetch(`${server.origin}/nowhere`);
    expect(keyless.status).toBe(404);
    expect(await keyless.json()).toEqual({ code: 'route_not_found', message: 'No operation at /nowhere', status: 404 });
  });

  it('refuses a declared Content-Length over 1 MiB before reading the body, and closes the connection', async () => {
    const server = await start();
    const reply = await rawExchange(
      server.port,
      [`POST /v1/pets HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${DEV_API_KEY}\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\n\r\n{"na`],
      { end: false },
    );
    expect(reply).toMatch(/^HTTP\/1\.1 413 /);
    expect(reply).toMatch(/connection: close/i);
    expect(reply).toContain('"code":"payload_too_large"');
    expect(server.store.size).toBe(12);
  });

  it('stops reading a chunked body at 1 MiB and keeps serving', async () => {
    const server = await start();
    const chunk = 'x'.repeat(64 * 1024);
    const chunks = [`POST /v1/pets HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${DEV_API_KEY}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`];
    for (let index = 0; index < 20; index++) chunks.push(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    const reply = await rawExchange(server.port, chunks, { end: false });
    expect(reply).toMatch(/^HTTP\/1\.1 413 /);
    const next = await fetch(`${server.url}/pets?limit=1`, { headers: auth });
    expect(next.status).toBe(200);
  });

  it('answers malformed HTTP with a 400 Error body', async () => {
    const server = await start();
    const reply = await rawExchange(server.port, ['NONSENSE\r\n\r\n']);
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    expect(reply).toContain('{"code":"invalid_request","message":"Malformed HTTP request","status":400}');
  });

  it('drops a client that never finishes its headers', async () => {
    const server = await start({ timeouts: { headersMs: 300 } });
    const started = Date.now();
    const reply = await rawExchange(server.port, ['GET /v1/pets HTTP/1.1\r\nHost: localhost\r\n'], { end: false });
    // Without the timeout this exchange would never end.
    expect(reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(reply).toContain('{"code":"request_timeout","message":"The request took too long to arrive","status":408}');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('answers oversized headers with a 431 Error body', async () => {
    const server = await start();
    const reply = await rawExchange(server.port, [`GET /v1/pets HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`]);
    expect(reply).toMatch(/^HTTP\/1\.1 431 /);
    expect(reply).toContain('"code":"headers_too_large"');
  });

  it('gives hundreds of simultaneous creates distinct ids and loses none', async () => {
    const server = await start({ seed: 0 });
    const count = 300;
    const responses = await Promise.all(
      Array.from({ length: count }, (_, index) =>
        fetch(`${server.url}/pets`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Pet ${index}`, categoryId: 1 }),
        }).then(async (response) => ({ status: response.status, pet: (await response.json()) as Pet })),
      ),
    );
    expect(responses.every((response) => response.status === 201)).toBe(true);
    const ids = responses.map((response) => response.pet.id);
    expect(new Set(ids).size).toBe(count);
    expect(Math.min(...ids)).toBe(1);
    expect(Math.max(...ids)).toBe(count);
    expect(server.store.size).toBe(count);
    expect(new Set(server.store.list({ limit: 100 }).map((pet) => pet.name)).size).toBe(100);
  });

  it('turns an unexpected exception into a 500 Error body and a log line, and keeps serving', async () => {
    const store = createPetStore([{ name: 'Rex', categoryId: 1 }]);
    const broken: PetStore = { ...store, list: () => { throw new Error('disk on fire'); }, get size() { return store.size; } };
    const err = capture();
    const server = await start({ store: broken, log: createRequestLog('json', { out: capture().stream, err: err.stream }) });
    const response = await fetch(`${server.url}/pets`, { headers: auth });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ code: 'internal_error', message: 'The mock server failed unexpectedly; see its log', status: 500 });
    expect(err.text()).toContain('disk on fire');
    expect(err.text()).toContain(response.headers.get('x-request-id'));
    const next = await fetch(`${server.url}/pets/1`, { headers: auth });
    expect(next.status).toBe(200);
  });

  it('never writes the Authorization value, nor the query string with its secrets, to its log', async () => {
    const out = capture();
    const secret = 'sk-very-secret-value';
    const server = await start({ apiKeys: [secret], log: createRequestLog('json', { out: out.stream, err: out.stream }) });
    await fetch(`${server.url}/pets?access_token=query-secret-value`, { headers: { authorization: `Bearer ${secret}` } });
    await fetch(`${server.url}/pets`, { headers: { authorization: 'Bearer wrong-secret-guess' } });
    const lines = out.text().trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => line['status'])).toEqual([200, 401]);
    expect(lines[0]).toMatchObject({ method: 'GET', path: '/v1/pets', status: 200, durationMs: expect.any(Number), requestId: expect.any(String) });
    expect(out.text()).not.toContain(secret);
    expect(out.text()).not.toContain('wrong-secret-guess');
    expect(out.text()).not.toContain('query-secret-value');
  });

  it('accepts only the configured keys, not the development key', async () => {
    const server = await start({ apiKeys: ['team-key'] });
    expect((await fetch(`${server.url}/pets`, { headers: auth })).status).toBe(401);
    expect((await fetch(`${server.url}/pets`, { headers: { authorization: 'Bearer team-key' } })).status).toBe(200);
  });

  it('refuses to bind a non-loopback address with the development key', async () => {
    await expect(startMockServer({ host: '0.0.0.0', port: 0 })).rejects.toThrow(MockServerConfigError);
    await expect(startMockServer({ host: '0.0.0.0', port: 0 })).rejects.toThrow(/Pass an API key of your own/);
  });

  it('allows only configured CORS origins when given', async () => {
    const server = await start({ corsOrigins: ['http://app.test'] });
    const allowed = await fetch(`${server.url}/pets`, { method: 'OPTIONS', headers: { origin: 'http://app.test', 'access-control-request-method': 'GET' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://app.test');
    expect(allowed.headers.get('vary')).toBe('Origin');
    const other = await fetch(`${server.url}/pets`, { method: 'OPTIONS', headers: { origin: 'http://evil.test', 'access-control-request-method': 'GET' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('delays every response by the configured time', async () => {
    const server = await start({ delay: 150 });
    const started = performance.now();
    expect((await fetch(`${server.url}/pets`, { headers: auth })).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('serves the generated OpenAPI document', async () => {
    const server = await start();
    const document = (await (await fetch(`${server.url}/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, Record<string, { operationId?: string; parameters?: { name: string }[] }>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(['/pets', '/pets/{petId}', '/__admin/reset', '/__admin/faults', '/__admin/overrides', '/__admin/requests', '/__admin/sessions', '/__admin/sessions/{name}']);
    expect(document.paths['/__admin/overrides']?.['post']?.operationId).toBe('armOverride');
    expect(Object.keys(document.components.schemas['OverrideSpec']?.properties ?? {})).toEqual(['operation', 'status', 'body', 'kind', 'delayMs', 'times', 'match']);
    expect(document.paths['/__admin/requests']?.['get']?.parameters?.map(({ name }) => name)).toEqual(['operation', 'requestId', 'method', 'status', 'limit', 'refused', 'since']);
    expect(document.components.schemas['RecordedRequest']?.properties).toHaveProperty('error');
    expect(document.components.schemas['RecordedRequest']?.properties).toHaveProperty('parsed');
    expect(document.components.schemas['RecordedRequest']?.properties).toHaveProperty('refused');
  });

  it('finishes a request in flight when closed', async () => {
    const server = await start();
    const pending = fetch(`${server.url}/pets?limit=1`, { headers: { ...auth, prefer: 'delay=300' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closing = server.close();
    const response = await pending;
    expect(response.status).toBe(200);
    await closing;
    await expect(fetch(`${server.url}/pets`, { headers: auth })).rejects.toThrow();
    servers.splice(servers.indexOf(server), 1);
  });
});
