// Who the client says it is, and one request id per call: against the mock
// server process (its journal shows what arrived) and small local servers
// (retries, dropped connections, the debug lines before each retry).
import { createRequire } from 'node:module';
import { ConfigurationError, ConnectionError, PetstoreClient, RateLimitError, isNotFoundError, type ClientOptions } from '@petstore/sdk';
import type { RecordedRequest } from '@petstore/mock-server';
import { DEV_API_KEY } from '@petstore/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServerProcess, type MockServerProcess } from '../../../test/support/mock-server-process.js';
import { failure, recordingLogger, rex, send, silentLogger, startServer } from './support/test-server.js';

const { version } = createRequire(import.meta.url)('@petstore/sdk/package.json') as { version: string };
const SDK_USER_AGENT = `petstore-sdk/${version} (node/${process.versions.node})`;
const GENERATED_ID = /^[\da-f]{32}$/;
const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

describe('against the mock server process', () => {
  let server: MockServerProcess;
  beforeAll(async () => {
    server = await startMockServerProcess();
  });
  afterAll(() => server.stop());

  const client = (options: ClientOptions = {}) => new PetstoreClient({ baseUrl: server.url, apiKey: DEV_API_KEY, logger: silentLogger, ...options });
  /** The journal's entry of the request answered with this id. */
  const recorded = async (requestId: string): Promise<RecordedRequest> => {
    const response = await fetch(`${new URL(server.url).origin}/__admin/requests?requestId=${requestId}`, { headers: { authorization: `Bearer ${DEV_API_KEY}` } });
    const entries = (await response.json()) as RecordedRequest[];
    expect(entries).toHaveLength(1);
    return entries[0]!;
  };

  it('says petstore-sdk/<version> (node/<version>) in User-Agent, and sends a new 32-hex request id the mock echoes and journals', async () => {
    const { requestId } = await client().pets.list({ limit: 1 }).withResponse();
    expect(requestId).toMatch(GENERATED_ID);
    const entry = await recorded(requestId!);
    expect(entry.headers['user-agent']).toBe(SDK_USER_AGENT);
    expect(entry.headers['x-request-id']).toBe(requestId);
  });

  it("puts the application's token first with the userAgent option", async () => {
    const { requestId } = await client({ userAgent: 'pet-shop/2.1' }).pets.list({ limit: 1 }).withResponse();
    expect((await recorded(requestId!)).headers['user-agent']).toBe(`pet-shop/2.1 ${SDK_USER_AGENT}`);
  });

  it("sends the caller's own User-Agent from the client's headers, in any case, in place of the SDK's (the userAgent option then unused)", async () => {
    for (const name of ['User-Agent', 'user-agent', 'USER-AGENT']) {
      const { requestId } = await client({ headers: { [name]: 'mine/1' }, userAgent: 'pet-shop/2.1' }).pets.list({ limit: 1 }).withResponse();
      expect((await recorded(requestId!)).headers['user-agent']).toBe('mine/1');
    }
  });

  it('refuses a userAgent a header cannot carry, or not a string, when the client is made: a ConfigurationError', () => {
    for (const userAgent of ['bad\nua', 'tab\there', ' leading', 'é/1', 42]) {
      expect(() => client({ userAgent: userAgent as string })).toThrow(ConfigurationError);
    }
    expect(() => client({ userAgent: 'bad\nua' })).toThrow('userAgent must be a product token such as "my-app/1.2" (printable ASCII), got "bad\\nua"');
    expect(() => client({ userAgent: 'my-app/1.2 (+https://example.test)' })).not.toThrow();
  });

  it("sends the caller's X-Request-Id, given per call", async () => {
    const { requestId } = await client().pets.list({ limit: 1 }, { headers: { 'X-Request-Id': 'order-7-lookup' } }).withResponse();
    expect(requestId).toBe('order-7-lookup');
    expect((await recorded('order-7-lookup')).headers['x-request-id']).toBe('order-7-lookup');
  });

  it("takes the trace id of a traceparent set by a hook, and sends the traceparent unchanged", async () => {
    const hooks = { beforeRequest: [({ request }: { request: Request }) => void request.headers.set('traceparent', TRACEPARENT)] };
    const { requestId } = await client({ hooks }).pets.list({ limit: 1 }).withResponse();
    expect(requestId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect((await recorded(requestId!)).headers['traceparent']).toBe(TRACEPARENT);
  });

  it('ignores an invalid traceparent (an all-zero trace id, version ff) and generates an id, sending the traceparent unchanged', async () => {
    for (const traceparent of ['00-00000000000000000000000000000000-00f067aa0ba902b7-01', TRACEPARENT.replace(/^00/, 'ff')]) {
      const { requestId } = await client({ headers: { traceparent } }).pets.list({ limit: 1 }).withResponse();
      expect(requestId).toMatch(GENERATED_ID);
      expect((await recorded(requestId!)).headers['traceparent']).toBe(traceparent);
    }
  });

  it('an ApiError carries the request id the journal has', async () => {
    const error = await failure(client().pets.get(999_999));
    expect(isNotFoundError(error)).toBe(true);
    const { requestId } = error as { requestId: string };
    expect(requestId).toMatch(GENERATED_ID);
    expect((await recorded(requestId)).status).toBe(404);
  });
});

describe('retries', () => {
  it('keep the call\'s request id, and the debug logger hears each attempt (its URL with the query, whole ms) and the status and the wait before a retry ("429, retrying in 0.0 s (Retry-After)")', async () => {
    const ids: unknown[] = [];
    const server = await startServer((request, response, attempt) => {
      ids.push(request.headers['x-request-id']);
      if (attempt === 1) send(response, 429, { code: 'rate_limited', message: 'slow down', status: 429 }, { 'retry-after': '0' });
      else send(response, 200, [rex]);
    });
    const { logger, entries } = recordingLogger();
    const { requestId } = await new PetstoreClient({ baseUrl: server.url, apiKey: 'test-key', logger }).pets.list({ limit: 1 }).withResponse();
    expect(ids).toEqual([requestId, requestId]);
    const url = `${server.url}/pets?limit=1`;
    const ms = expect.toSatisfy(Number.isInteger);
    expect(entries.map(({ message, details }) => ({ message, details }))).toEqual([
      { message: expect.stringMatching(/^GET http:\S+\/pets\?limit=1 → 429 in \d+ ms$/), details: { method: 'GET', url, status: 429, attempt: 1, ms, requestId, error: 'RateLimitError' } },
      {
        message: '429, retrying in 0.0 s (Retry-After)',
        details: { method: 'GET', url, status: 429, attempt: 1, ms, requestId, error: 'RateLimitError', waitMs: 0 },
      },
      { message: expect.stringMatching(/^GET http:\S+\/pets\?limit=1 → 200 in \d+ ms$/), details: { method: 'GET', url, status: 200, attempt: 2, ms, requestId } },
    ]);
  });

  it('say that a Retry-After over maxRetryAfter was capped, and what it asked', async () => {
    const server = await startServer((_request, response, attempt) => {
      if (attempt === 1) send(response, 503, { code: 'unavailable', message: 'later', status: 503 }, { 'retry-after': '100' });
      else send(response, 200, [rex]);
    });
    const { logger, entries } = recordingLogger();
    await new PetstoreClient({ baseUrl: server.url, apiKey: 'test-key', logger, maxRetryAfter: 0 }).pets.list();
    expect(entries[1]).toMatchObject({ message: '503, retrying in 0.0 s (Retry-After 100.0 s, capped)', details: { status: 503, waitMs: 0 } });
  });

  it('say the backoff wait (whole ms) after a dropped connection, give every attempt its line, the last one too, and the ConnectionError that ends the call carries the id every attempt sent', async () => {
    const ids: unknown[] = [];
    const server = await startServer((request) => {
      ids.push(request.headers['x-request-id']);
      request.socket.destroy();
    });
    const { logger, entries } = recordingLogger();
    const error = await failure(new PetstoreClient({ baseUrl: server.url, apiKey: 'test-key', logger, maxRetries: 1 }).pets.list({ limit: 3 }));
    expect(error).toBeInstanceOf(ConnectionError);
    const { requestId } = error as ConnectionError;
    expect(requestId).toMatch(GENERATED_ID);
    expect(ids).toEqual([requestId, requestId]);
    const attemptLine = /^GET http:\S+\/pets\?limit=3 → connection reset \(\w+\) in \d+ ms$/;
    expect(entries.map(({ message }) => message)).toEqual([
      expect.stringMatching(attemptLine),
      expect.stringMatching(/^connection reset \(\w+\), retrying in 0\.[0-3] s$/),
      expect.stringMatching(attemptLine),
    ]);
    const details = { method: 'GET', url: `${server.url}/pets?limit=3`, error: 'ConnectionError', requestId, ms: expect.toSatisfy(Number.isInteger) };
    expect(entries.map((entry) => entry.details)).toEqual([
      { ...details, attempt: 1 },
      { ...details, attempt: 1, waitMs: expect.toSatisfy(Number.isInteger) },
      { ...details, attempt: 2 },
    ]);
  });

  it('give a failed attempt that is not retried its line: a create whose connection drops', async () => {
    const server = await startServer((request) => request.socket.destroy());
    const { logger, entries } = recordingLogger();
    const error = await failure(new PetstoreClient({ baseUrl: server.url, apiKey: 'test-key', logger }).pets.create({ name: 'Rex', categoryId: 1 }));
    expect(entries).toEqual([
      {
        level: 'debug',
        message: expect.stringMatching(/^POST http:\S+\/pets → connection reset \(\w+\) in \d+ ms$/),
        details: expect.objectContaining({ method: 'POST', attempt: 1, error: 'ConnectionError', requestId: (error as ConnectionError).requestId }),
      },
    ]);
  });

  it("give the caller's beforeRetry hooks the SDK's error class, not ky's", async () => {
    const server = await startServer((_request, response, attempt) => {
      if (attempt === 1) send(response, 429, { code: 'rate_limited', message: 'slow down', status: 429 }, { 'retry-after': '0' });
      else send(response, 200, [rex]);
    });
    const seen: unknown[] = [];
    const hooks = { beforeRetry: [({ error }: { error: Error }) => void seen.push(error)] };
    await new PetstoreClient({ baseUrl: server.url, apiKey: 'test-key', logger: silentLogger, hooks }).pets.list();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeInstanceOf(RateLimitError);
  });
});
