// ky's hooks, given through the `hooks` option: they run after the SDK's own,
// on the client's one ky instance.
import { ConnectionError, PetstoreClient, ResponseTooLargeError, ServerError, type ClientOptions } from '@petstore/sdk';
import { describe, expect, it } from 'vitest';
import { failure, rex, send, silentLogger, startServer, type TestServer } from './support/test-server.js';

const client = (server: TestServer, options: ClientOptions = {}) =>
  new PetstoreClient({ baseUrl: server.url, apiKey: 'test-key', logger: silentLogger, ...options });

/** 503 on the first request, then the list. */
const unavailableOnce = () =>
  startServer((request, response, attempt) => {
    if (attempt === 1) send(response, 503, { code: 'unavailable', message: 'later', status: 503 }, { 'retry-after': '0' });
    else send(response, 200, [rex]);
  });

describe('hooks', () => {
  it('beforeRequest adds a tracing header that every attempt carries', async () => {
    const traces: unknown[] = [];
    const server = await startServer((request, response, attempt) => {
      traces.push(request.headers['x-trace-id']);
      if (attempt === 1) send(response, 503, '', { 'retry-after': '0' });
      else send(response, 200, [rex]);
    });
    const hooks = { beforeRequest: [({ request }: { request: Request }) => void request.headers.set('x-trace-id', 'trace-1')] };
    await expect(client(server, { hooks }).pets.list()).resolves.toEqual([rex]);
    expect(traces).toEqual(['trace-1', 'trace-1']);
  });

  it('afterResponse and beforeRetry see every attempt, for metrics', async () => {
    const server = await unavailableOnce();
    const statuses: number[] = [];
    const retries: number[] = [];
    await client(server, {
      hooks: {
        afterResponse: [({ response }) => void statuses.push(response.status)],
        beforeRetry: [({ retryCount }) => void retries.push(retryCount)],
      },
    }).pets.list();
    expect(statuses).toEqual([503, 200]);
    expect(retries).toEqual([1]);
  });

  it("beforeError receives the SDK's error class, and may replace it", async () => {
    const server = await startServer((_request, response) => send(response, 500, { code: 'internal_error', message: 'boom', status: 500 }));
    const seen: unknown[] = [];
    const replaced = new Error('reported elsewhere');
    const error = await failure(
      client(server, {
        maxRetries: 0,
        hooks: {
          beforeError: [
            ({ error: received }) => {
              seen.push(received);
              return replaced;
            },
          ],
        },
      }).pets.list(),
    );
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeInstanceOf(ServerError);
    expect(error).toBe(replaced);
  });

  it('a beforeRequest hook sees the request with its key already set', async () => {
    const server = await unavailableOnce();
    const authorizations: (string | null)[] = [];
    await client(server, { hooks: { beforeRequest: [({ request }) => void authorizations.push(request.headers.get('authorization'))] } }).pets.list();
    expect(authorizations).toEqual(['Bearer test-key']);
  });

  it('beforeRetry sees the retry of a read whose body broke off, with the SDK\'s error', async () => {
    const body = JSON.stringify([rex]);
    const server = await startServer((_request, response, attempt) => {
      if (attempt > 1) return send(response, 200, [rex]);
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
      response.write(body.slice(0, body.length / 2), () => response.socket?.destroy());
    });
    const seen: unknown[] = [];
    await expect(client(server, { hooks: { beforeRetry: [({ error }) => void seen.push(error)] } }).pets.list()).resolves.toEqual([rex]);
    expect(server.requests).toBe(2);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeInstanceOf(ConnectionError);
  });

  it('an afterResponse hook may read the body of each answer; the call still gets its data', async () => {
    const server = await startServer((_request, response) => send(response, 200, [rex]));
    const bodies: unknown[] = [];
    const hooks = { afterResponse: [async ({ response }: { response: Response }) => void bodies.push(JSON.parse(await response.text()))] };
    await expect(client(server, { hooks }).pets.list()).resolves.toEqual([rex]);
    expect(bodies).toEqual([[rex]]);
  });

  it('a Response an afterResponse hook returns is the answer, read within maxResponseBytes', async () => {
    const server = await startServer((_request, response) => send(response, 200, [rex]));
    const other = { ...rex, id: 2, name: 'Ida' };
    const replace = (text: string) => ({ afterResponse: [() => new Response(text, { status: 200, headers: { 'content-type': 'application/json' } })] });
    await expect(client(server, { hooks: replace(JSON.stringify([other])) }).pets.list()).resolves.toEqual([other]);
    const error = await failure(client(server, { maxResponseBytes: 100, hooks: replace(JSON.stringify(Array(10).fill(other))) }).pets.list());
    expect(error).toBeInstanceOf(ResponseTooLargeError);
  });
});
