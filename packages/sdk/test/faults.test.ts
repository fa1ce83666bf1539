// Fault tests at the real HTTP boundary: each test starts its own tiny node:http
// server on 127.0.0.1 (support/test-server.ts), points a client at it and counts
// what actually arrived.
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  isNotFoundError,
  isPetstoreError,
  isServerError,
  PetstoreClient,
  PetstoreError,
  RateLimitError,
  RequestValidationError,
  ResponseValidationError,
  ServerError,
  TimeoutError,
} from '@petstore/sdk';
import type { ClientOptions } from '@petstore/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { failure, recordingLogger, rex, send, silentLogger, startServer, type Handler, type TestServer } from './support/test-server.js';

/**
 * Every test runs with the global fetch (the default) and with a fetch of the
 * caller's own (the `fetch` option): ky does the same over both.
 */
const TRANSPORTS: [string, ClientOptions][] = [
  ['the global fetch', {}],
  ["a fetch of the caller's own", { fetch: (input, init) => globalThis.fetch(input, init) }],
];
let transportOptions: ClientOptions = {};

function client(server: TestServer, options: ClientOptions = {}): PetstoreClient {
  return new PetstoreClient({ baseUrl: server.url, apiKey: 'test-key', logger: silentLogger, ...transportOptions, ...options });
}

describe.each(TRANSPORTS)('ky over %s', (_name, options) => {
  beforeAll(() => {
    transportOptions = options;
  });

  // ---------------------------------------------------------------------------
  // Retries
  // ---------------------------------------------------------------------------

  describe('retries', () => {
    const unavailableTwice: Handler = (request, response, attempt) => {
      if (attempt <= 2) send(response, 503, { code: 'unavailable', message: 'try again', status: 503 });
      else send(response, request.method === 'POST' ? 201 : 200, request.method === 'POST' ? rex : [rex]);
    };

    it('a list that meets 503 twice succeeds on the third request', async () => {
      const server = await startServer(unavailableTwice);
      await expect(client(server).pets.list()).resolves.toEqual([rex]);
      expect(server.requests).toBe(3);
    });

    it('a create that meets 503 fails with ServerError after one request: POST is never retried', async () => {
      const server = await startServer(unavailableTwice);
      const error = await failure(client(server).pets.create({ name: 'Rex', categoryId: 2 }));
      expect(error).toBeInstanceOf(ServerError);
      expect(error).toMatchObject({ status: 503, code: 'unavailable' });
      await sleep(50);
      expect(server.requests).toBe(1);
    });

    it('a create is still not retried when the call asks for retries', async () => {
      const server = await startServer(unavailableTwice);
      const error = await failure(client(server).pets.create({ name: 'Rex', categoryId: 2 }, { maxRetries: 3 }));
      expect(error).toBeInstanceOf(ServerError);
      await sleep(50);
      expect(server.requests).toBe(1);
    });

    it('a per-call maxRetries replaces only the limit, not the rest of the policy', async () => {
      const server = await startServer((_request, response) => send(response, 429, { code: 'slow_down', message: 'slow down', status: 429 }, { 'retry-after': '3600' }));
      const started = performance.now();
      // With the client's maxRetryAfter kept, the hour-long Retry-After is cut to 50 ms.
      const error = await failure(client(server, { maxRetryAfter: 50 }).pets.list({}, { maxRetries: 1 }));
      expect(error).toBeInstanceOf(RateLimitError);
      expect(server.requests).toBe(2);
      expect(performance.now() - started).toBeLessThan(1_000);
    });

    it('a 400 is not retried', async () => {
      const server = await startServer((_request, response) => send(response, 400, { code: 'invalid_request', message: 'no', status: 400 }));
      await expect(client(server).pets.list()).rejects.toBeInstanceOf(BadRequestError);
      await sleep(50);
      expect(server.requests).toBe(1);
    });
  });

  describe('Retry-After', () => {
    it('Retry-After in seconds on a 429 is waited for, then the list succeeds', async () => {
      const server = await startServer((_request, response, attempt) => {
        if (attempt === 1) send(response, 429, { code: 'slow_down', message: 'slow down', status: 429 }, { 'retry-after': '1' });
        else send(response, 200, [rex]);
      });
      await expect(client(server).pets.list()).resolves.toEqual([rex]);
      expect(server.requests).toBe(2);
      const [first, second] = server.received;
      expect(second!.at - first!.at).toBeGreaterThanOrEqual(900);
    });

    it('Retry-After as an HTTP date is waited for until that date', async () => {
      let until = 0;
      const server = await startServer((_request, response, attempt) => {
        if (attempt === 1) {
          // A whole second at least 500 ms away: the date has no milliseconds.
          until = Math.ceil((Date.now() + 500) / 1000) * 1000;
          send(response, 429, { code: 'slow_down', message: 'slow down', status: 429 }, { 'retry-after': new Date(until).toUTCString() });
        } else {
          send(response, 200, [rex]);
        }
      });
      await expect(client(server).pets.list()).resolves.toEqual([rex]);
      expect(server.requests).toBe(2);
      // The retry came no earlier than the date (a little slack for clock rounding),
      // so the header was read rather than replaced by the sub-300 ms first backoff.
      const retriedAt = Date.now() - (performance.now() - server.received[1]!.at);
      expect(retriedAt).toBeGreaterThanOrEqual(until - 50);
    });

    it('Retry-After on a 503 is honoured as well', async () => {
      const server = await startServer((_request, response, attempt) => {
        if (attempt === 1) send(response, 503, '', { 'retry-after': '1' });
        else send(response, 200, [rex]);
      });
      await expect(client(server).pets.list()).resolves.toEqual([rex]);
      const [first, second] = server.received;
      expect(second!.at - first!.at).toBeGreaterThanOrEqual(900);
    });

    // ky 2.1 clamps a Retry-After above maxRetryAfter to maxRetryAfter and retries
    // (retry.maxRetryAfter: "If the retry delay ... is greater than maxRetryAfter,
    // Ky will use maxRetryAfter"); it does not give up at once.
    it('a Retry-After longer than maxRetryAfter is cut to maxRetryAfter, then retried', async () => {
      const server = await startServer((_request, response, attempt) => {
        if (attempt === 1) send(response, 429, { code: 'slow_down', message: 'slow down', status: 429 }, { 'retry-after': '3600' });
        else send(response, 200, [rex]);
      });
      const started = performance.now();
      await expect(client(server, { maxRetryAfter: 150 }).pets.list()).resolves.toEqual([rex]);
      expect(server.requests).toBe(2);
      const [first, second] = server.received;
      expect(second!.at - first!.at).toBeGreaterThanOrEqual(140);
      expect(performance.now() - started).toBeLessThan(1_000);
    });

    it('a service that keeps answering 429 with a long Retry-After ends in RateLimitError without waiting it out', async () => {
      const server = await startServer((_request, response) =>
        send(response, 429, { code: 'slow_down', message: 'slow down', status: 429 }, { 'retry-after': '3600' }),
      );
      const started = performance.now();
      const error = await failure(client(server, { maxRetryAfter: 50 }).pets.list());
      expect(error).toBeInstanceOf(RateLimitError);
      expect(error).toMatchObject({ status: 429, code: 'slow_down' });
      expect((error as RateLimitError).headers.get('retry-after')).toBe('3600');
      expect(server.requests).toBe(3);
      expect(performance.now() - started).toBeLessThan(1_000);
    });
  });

  // ---------------------------------------------------------------------------
  // Timeouts and connections
  // ---------------------------------------------------------------------------

  describe('timeouts', () => {
    const neverAnswers: Handler = () => {};

    it('a service that never answers ends in TimeoutError after the attempt timeout', async () => {
      const server = await startServer(neverAnswers);
      const started = performance.now();
      const error = await failure(client(server, { timeout: 200, maxRetries: 0 }).pets.list());
      const elapsed = performance.now() - started;
      expect(error).toBeInstanceOf(TimeoutError);
      expect(error).toBeInstanceOf(PetstoreError);
      expect(elapsed).toBeGreaterThanOrEqual(180);
      expect(elapsed).toBeLessThan(1_000);
      expect(server.requests).toBe(1);
    });

    it('a per-call timeout overrides the client timeout', async () => {
      const server = await startServer(neverAnswers);
      const started = performance.now();
      const error = await failure(client(server, { timeout: 10_000, maxRetries: 0 }).pets.list({}, { timeout: 150 }));
      expect(error).toBeInstanceOf(TimeoutError);
      expect(performance.now() - started).toBeLessThan(1_000);
    });

    it('retried timeouts give up within totalTimeout with TimeoutError', async () => {
      const server = await startServer(neverAnswers);
      const started = performance.now();
      // Six attempts of 200 ms would take 1.2 s: the 600 ms budget must cut them short.
      // ky shortens the last attempt (or the last wait) to what is left of the budget,
      // so the call ends at 600 ms, after two or three attempts.
      const error = await failure(client(server, { timeout: 200, totalTimeout: 600, maxRetries: 5 }).pets.list());
      const elapsed = performance.now() - started;
      expect(error).toBeInstanceOf(TimeoutError);
      expect(server.requests).toBeGreaterThanOrEqual(2);
      expect(server.requests).toBeLessThanOrEqual(3);
      // The count above tells the budget from six whole attempts; the floor
      // (a slow machine only adds to it) shows the budget was spent, not cut short.
      expect(elapsed).toBeGreaterThanOrEqual(390);
    });
  });

  describe('bodies that stall or break off', () => {
    const body = JSON.stringify([rex]);
    /** The status, the headers and half the body; then nothing (`stall`), or the connection cut (`cut`). */
    const halfBody = (response: Parameters<Handler>[1], then: 'stall' | 'cut') => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
      response.write(body.slice(0, body.length / 2), () => {
        if (then === 'cut') response.socket?.destroy();
      });
    };
    const failsFirst =
      (then: 'stall' | 'cut'): Handler =>
      (request, response, attempt) => {
        if (attempt === 1) halfBody(response, then);
        else send(response, request.method === 'POST' ? 201 : 200, request.method === 'POST' ? rex : [rex]);
      };

    it('a list whose body stalls is retried after the attempt timeout and succeeds on the second request', async () => {
      const server = await startServer(failsFirst('stall'));
      await expect(client(server, { timeout: 300 }).pets.list()).resolves.toEqual([rex]);
      expect(server.requests).toBe(2);
    });

    it("the attempt's timeout bounds its headers and its body together, not each in turn", async () => {
      // Headers after 250 ms, then half the body and nothing: the attempt ends at 400 ms,
      // not 250 + 400 ms.
      const server = await startServer((_request, response) => void setTimeout(() => halfBody(response, 'stall'), 250));
      const started = performance.now();
      const error = await failure(client(server, { timeout: 400, maxRetries: 0 }).pets.list());
      const elapsed = performance.now() - started;
      expect(error).toBeInstanceOf(TimeoutError);
      expect((error as Error).message).toContain('timed out after 400 ms');
      expect(elapsed).toBeGreaterThanOrEqual(380);
      expect(elapsed).toBeLessThan(600);
    });

    it('a list whose body breaks off mid-way is retried and succeeds on the second request', async () => {
      const server = await startServer(failsFirst('cut'));
      await expect(client(server).pets.list()).resolves.toEqual([rex]);
      expect(server.requests).toBe(2);
    });

    it('a create whose body stalls is not retried: TimeoutError after one request', async () => {
      const server = await startServer(failsFirst('stall'));
      const error = await failure(client(server, { timeout: 300 }).pets.create({ name: 'Rex', categoryId: 2 }));
      expect(error).toBeInstanceOf(TimeoutError);
      await sleep(100);
      expect(server.requests).toBe(1);
    });

    it('bodies that always stall are tried maxRetries + 1 times, then TimeoutError', async () => {
      const server = await startServer((_request, response) => halfBody(response, 'stall'));
      const error = await failure(client(server, { timeout: 150, maxRetries: 2 }).pets.list());
      expect(error).toBeInstanceOf(TimeoutError);
      expect((error as Error).message).toContain('timed out after 150 ms');
      expect(server.requests).toBe(3);
      await expect(client(server, { timeout: 150 }).pets.list({}, { maxRetries: 0 })).rejects.toBeInstanceOf(TimeoutError);
      expect(server.requests).toBe(4);
    });

    it('a failed body read counts among the retries ky makes: 503, then a broken body, then no more with maxRetries 1', async () => {
      const server = await startServer((_request, response, attempt) => {
        if (attempt === 1) send(response, 503, { code: 'unavailable', message: 'try again', status: 503 });
        else halfBody(response, 'cut');
      });
      const error = await failure(client(server, { maxRetries: 1 }).pets.list());
      expect(error).toBeInstanceOf(ConnectionError);
      expect(server.requests).toBe(2);
    });

    it('a retry after a broken body still retries a status: broken body, 503, then success', async () => {
      const server = await startServer((_request, response, attempt) => {
        if (attempt === 1) halfBody(response, 'cut');
        else if (attempt === 2) send(response, 503, { code: 'unavailable', message: 'try again', status: 503 });
        else send(response, 200, [rex]);
      });
      await expect(client(server).pets.list()).resolves.toEqual([rex]);
      expect(server.requests).toBe(3);
    });

    it('retries of stalled bodies end at totalTimeout', async () => {
      const server = await startServer((_request, response) => halfBody(response, 'stall'));
      const error = await failure(client(server, { timeout: 250, totalTimeout: 600, maxRetries: 5 }).pets.list());
      expect(error).toBeInstanceOf(TimeoutError);
      // Counted, not timed: without the total budget the six attempts of 250 ms
      // would all be sent; within it, at most three fit. A busy machine only
      // makes fewer fit, so no clock bound is needed to tell the two apart.
      expect(server.requests).toBeGreaterThanOrEqual(1);
      expect(server.requests).toBeLessThanOrEqual(3);
    });
  });

  describe('dropped connections', () => {
    const drops: Handler = (request) => request.socket.destroy();

    it('a list whose connection drops is retried, then fails with ConnectionError keeping the cause', async () => {
      const server = await startServer(drops);
      const error = await failure(client(server).pets.list());
      expect(error).toBeInstanceOf(ConnectionError);
      expect((error as ConnectionError).cause).toBeInstanceOf(Error);
      expect((error as ConnectionError).message).toContain('GET ');
      expect(server.requests).toBe(3);
    });

    it('a create whose connection drops fails with ConnectionError after one attempt', async () => {
      const server = await startServer(drops);
      const error = await failure(client(server).pets.create({ name: 'Rex', categoryId: 2 }));
      expect(error).toBeInstanceOf(ConnectionError);
      expect((error as ConnectionError).cause).toBeDefined();
      await sleep(50);
      expect(server.requests).toBe(1);
    });

    it('a refused connection is a ConnectionError too', async () => {
      const server = await startServer(() => {});
      const { url } = server;
      await server.close();
      const error = await failure(new PetstoreClient({ baseUrl: url, apiKey: 'test-key', maxRetries: 0, logger: silentLogger }).pets.list());
      expect(error).toBeInstanceOf(ConnectionError);
      expect((error as ConnectionError).cause).toBeDefined();
    });
  });

  // ---------------------------------------------------------------------------
  // Error bodies that are not the spec's Error
  // ---------------------------------------------------------------------------

  describe('error bodies', () => {
    const html = '<html>Bad gateway</html>';
    const proxy: Handler = (_request, response) => {
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end(html);
    };

    it('an HTML 502 from a proxy is a ServerError with the HTML kept, never a SyntaxError', async () => {
      const server = await startServer(proxy);
      const error = await failure(client(server, { maxRetries: 0 }).pets.list());
      expect(error).not.toBeInstanceOf(SyntaxError);
      expect(error).toBeInstanceOf(ServerError);
      expect(error).toBeInstanceOf(ApiError);
      const serverError = error as ServerError;
      expect(serverError.status).toBe(502);
      expect(serverError.code).toBe('http_502');
      expect(serverError.rawBody).toBe(html);
      expect(serverError.body).toBeUndefined();
      expect(isServerError(error)).toBe(true);
      expect(server.requests).toBe(1);
    });

    it('an HTML 502 on a list is retried like any 502, then reported the same way', async () => {
      const server = await startServer(proxy);
      const error = await failure(client(server).pets.list());
      expect(error).toBeInstanceOf(ServerError);
      expect((error as ServerError).rawBody).toBe(html);
      expect(server.requests).toBe(3);
    });

    it('an empty-body 500 is a ServerError with an empty rawBody', async () => {
      const server = await startServer((_request, response) => {
        response.writeHead(500);
        response.end();
      });
      const error = await failure(client(server).pets.create({ name: 'Rex', categoryId: 2 }));
      expect(error).toBeInstanceOf(ServerError);
      expect(error).toMatchObject({ status: 500, code: 'http_500', rawBody: '', body: undefined });
    });

    it('a JSON 400 that is not an Error body is a BadRequestError with the JSON kept', async () => {
      const server = await startServer((_request, response) => send(response, 400, '{"error":"x"}'));
      const error = await failure(client(server).pets.list());
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error).toMatchObject({ status: 400, code: 'http_400', rawBody: '{"error":"x"}', body: { error: 'x' } });
    });

    it('an Error body gives its code, message and request id', async () => {
      const server = await startServer((_request, response) =>
        send(response, 401, { code: 'unauthorized', message: 'API key not accepted', status: 401 }, { 'x-request-id': 'req-7' }),
      );
      const error = await failure(client(server).pets.list());
      expect(error).toBeInstanceOf(AuthenticationError);
      expect(error).toMatchObject({ status: 401, code: 'unauthorized', requestId: 'req-7' });
      expect((error as AuthenticationError).message).toContain('API key not accepted');
      expect(server.requests).toBe(1);
    });
  });

  // ---------------------------------------------------------------------------
  // Response validation
  // ---------------------------------------------------------------------------

  describe('response validation', () => {
    it('a 200 with invalid JSON is a ResponseValidationError keeping the raw body', async () => {
      const server = await startServer((_request, response) => send(response, 200, '[{"id": 1,'));
      const error = await failure(client(server).pets.list());
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect(error).not.toBeInstanceOf(SyntaxError);
      expect((error as ResponseValidationError).rawBody).toBe('[{"id": 1,');
    });

    it('a Pet without id is a ResponseValidationError whose issues name id', async () => {
      const body = [{ name: 'Rex', categoryId: 2, status: 'available' }];
      const server = await startServer((_request, response) => send(response, 200, body));
      const error = await failure(client(server).pets.list());
      expect(error).toBeInstanceOf(ResponseValidationError);
      const { issues, rawBody, message } = error as ResponseValidationError;
      expect(issues.some((issue) => issue.path.includes('id'))).toBe(true);
      expect(rawBody).toBe(JSON.stringify(body));
      expect(message).toContain('id');
    });

    describe('an extra field', () => {
      const withColour = { ...rex, colour: 'brown' };
      const extra: Handler = (_request, response) => send(response, 200, [withColour]);

      it('reaches the caller in the default mode', async () => {
        const server = await startServer(extra);
        const pets = await client(server).pets.list();
        expect(pets).toEqual([withColour]);
        expect(pets[0]).toHaveProperty('colour', 'brown');
      });

      it('is a ResponseValidationError in strict mode', async () => {
        const server = await startServer(extra);
        await expect(client(server, { validateResponses: 'strict' }).pets.list()).rejects.toBeInstanceOf(ResponseValidationError);
      });
    });

    describe('an unknown status', () => {
      const reserved = { ...rex, status: 'reserved' };
      const unknownStatus: Handler = (_request, response) => send(response, 200, [reserved]);

      it('passes in the default mode and warns once through the logger, even across two calls', async () => {
        const server = await startServer(unknownStatus);
        const { logger, entries } = recordingLogger();
        const petstore = client(server, { logger });
        await expect(petstore.pets.list()).resolves.toEqual([reserved]);
        await expect(petstore.pets.list()).resolves.toEqual([reserved]);
        const warnings = entries.filter((entry) => entry.level === 'warn');
        expect(warnings).toHaveLength(1);
        expect(warnings[0]!.message).toContain('reserved');
      });

      it('is a ResponseValidationError in strict mode', async () => {
        const server = await startServer(unknownStatus);
        const error = await failure(client(server, { validateResponses: 'strict' }).pets.list());
        expect(error).toBeInstanceOf(ResponseValidationError);
        expect((error as ResponseValidationError).issues.some((issue) => issue.path.includes('status'))).toBe(true);
      });

      it('is returned as parsed when validation is off', async () => {
        const server = await startServer(unknownStatus);
        const { logger, entries } = recordingLogger();
        await expect(client(server, { validateResponses: 'off', logger }).pets.list()).resolves.toEqual([reserved]);
        expect(entries.filter((entry) => entry.level === 'warn')).toEqual([]);
      });
    });

    it('validation off returns even a body that is no Pet at all, as raw JSON', async () => {
      const server = await startServer((_request, response) => send(response, 201, { anything: [1, 2] }));
      await expect(client(server, { validateResponses: 'off' }).pets.create({ name: 'Rex', categoryId: 2 })).resolves.toEqual({ anything: [1, 2] });
    });
  });

  // ---------------------------------------------------------------------------
  // The caller's abort
  // ---------------------------------------------------------------------------

  describe("the caller's abort", () => {
    /** A server that never answers and tells when a request arrived. */
    async function hangingServer(): Promise<{ server: TestServer; arrived: Promise<void> }> {
      let resolve = (): void => {};
      const arrived = new Promise<void>((done) => (resolve = done));
      const server = await startServer(() => resolve());
      return { server, arrived };
    }

    it('rejects with exactly the abort reason, unwrapped, and is not retried', async () => {
      const { server, arrived } = await hangingServer();
      const controller = new AbortController();
      const reason = new Error('the user gave up');
      const call = client(server).pets.list({}, { signal: controller.signal });
      await arrived;
      controller.abort(reason);
      const error = await failure(call);
      expect(error).toBe(reason);
      expect(isPetstoreError(error)).toBe(false);
      await sleep(400);
      expect(server.requests).toBe(1);
    });

    it('without a reason, rejects with the signal’s AbortError itself', async () => {
      const { server, arrived } = await hangingServer();
      const controller = new AbortController();
      const call = client(server).pets.list({}, { signal: controller.signal });
      await arrived;
      controller.abort();
      const error = await failure(call);
      expect(error).toBe(controller.signal.reason);
      expect((error as Error).name).toBe('AbortError');
      expect(error).not.toBeInstanceOf(PetstoreError);
      await sleep(400);
      expect(server.requests).toBe(1);
    });

    it('an abort while waiting out a Retry-After rejects at once with the reason, without another request', async () => {
      let resolve = (): void => {};
      const arrived = new Promise<void>((done) => (resolve = done));
      const server = await startServer((_request, response) => {
        send(response, 503, '', { 'retry-after': '5' });
        resolve();
      });
      const controller = new AbortController();
      const reason = new Error('stop waiting');
      const call = client(server).pets.list({}, { signal: controller.signal });
      await arrived;
      await sleep(50);
      const started = performance.now();
      controller.abort(reason);
      await expect(call).rejects.toBe(reason);
      expect(performance.now() - started).toBeLessThan(500);
      expect(server.requests).toBe(1);
    });

    it('an already-aborted signal sends nothing', async () => {
      const server = await startServer((_request, response) => send(response, 200, [rex]));
      const reason = new Error('too late');
      await expect(client(server).pets.list({}, { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
      expect(server.requests).toBe(0);
    });
  });

  // ---------------------------------------------------------------------------
  // Request validation
  // ---------------------------------------------------------------------------

  describe('request validation', () => {
    const calls: [string, (petstore: PetstoreClient) => PromiseLike<unknown>][] = [
      ['list({ limit: 0 })', (petstore) => petstore.pets.list({ limit: 0 })],
      // @ts-expect-error 'lost' is not a status
      ["list({ status: 'lost' })", (petstore) => petstore.pets.list({ status: 'lost' })],
      ["create({ name: '', categoryId: 1 })", (petstore) => petstore.pets.create({ name: '', categoryId: 1 })],
      ['get(1.5)', (petstore) => petstore.pets.get(1.5)],
    ];

    it.each(calls)('%s is refused with RequestValidationError and nothing is sent', async (_name, run) => {
      const server = await startServer((_request, response) => send(response, 200, [rex]));
      const error = await failure(run(client(server)));
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).issues.length).toBeGreaterThan(0);
      await sleep(20);
      expect(server.requests).toBe(0);
    });
  });

  // ---------------------------------------------------------------------------
  // Authentication
  // ---------------------------------------------------------------------------

  describe('authentication', () => {
    it('sends the key as Authorization: Bearer <key>', async () => {
      const server = await startServer((_request, response) => send(response, 200, [rex]));
      await client(server).pets.list();
      expect(server.received[0]!.authorization).toBe('Bearer test-key');
    });

    it('calls an async apiKey function for every call', async () => {
      const server = await startServer((_request, response) => send(response, 200, [rex]));
      let calls = 0;
      const apiKey = async (): Promise<string> => {
        calls += 1;
        await sleep(1);
        return `key-${calls}`;
      };
      const petstore = client(server, { apiKey });
      await petstore.pets.list();
      await petstore.pets.list();
      expect(calls).toBe(2);
      expect(server.received.map((request) => request.authorization)).toEqual(['Bearer key-1', 'Bearer key-2']);
    });

    // The key function is called once per call: a retried attempt reuses its key.
    it('a retried attempt carries the key the function gave for its call', async () => {
      const server = await startServer((_request, response, attempt) => {
        if (attempt === 1) send(response, 503, '');
        else send(response, 200, [rex]);
      });
      let calls = 0;
      const petstore = client(server, {
        apiKey: async () => {
          calls += 1;
          return `key-${calls}`;
        },
      });
      await petstore.pets.list();
      expect(server.received.map((request) => request.authorization)).toEqual(['Bearer key-1', 'Bearer key-1']);
      expect(calls).toBe(1);
    });

    it('the API key never appears in error messages or in the log', async () => {
      const key = 'sk-secret-123';
      const server = await startServer((request, response) => {
        if (request.url?.includes('limit=1')) send(response, 401, { code: 'unauthorized', message: 'API key not accepted', status: 401 });
        else if (request.url?.includes('limit=2')) send(response, 500, { code: 'internal_error', message: 'boom', status: 500 });
        else send(response, 200, [{ name: 'Rex', categoryId: 2, status: 'available' }]);
      });
      const { logger, entries } = recordingLogger();
      const petstore = new PetstoreClient({ baseUrl: server.url, apiKey: key, logger });
      const errors = [
        await failure(petstore.pets.list({ limit: 1 })),
        await failure(petstore.pets.list({ limit: 2 })),
        await failure(petstore.pets.list({ limit: 3 })),
        await failure(petstore.pets.list({ limit: 0 })),
      ];
      expect(errors.map((error) => (error as Error).name)).toEqual([
        'AuthenticationError',
        'ServerError',
        'ResponseValidationError',
        'RequestValidationError',
      ]);
      // The key did go over the wire, so its absence below means something.
      expect(server.received.every((request) => request.authorization === `Bearer ${key}`)).toBe(true);
      expect(entries.length).toBeGreaterThan(0);
      for (const error of errors) {
        const { message, stack } = error as Error;
        expect(message).not.toContain(key);
        expect(String(error)).not.toContain(key);
        expect(stack ?? '').not.toContain(key);
        expect(JSON.stringify(error)).not.toContain(key);
      }
      for (const entry of entries) {
        expect(entry.message).not.toContain(key);
        expect(JSON.stringify(entry.details ?? {})).not.toContain(key);
      }
    });
  });

  // ---------------------------------------------------------------------------
  // Type guards
  // ---------------------------------------------------------------------------

  describe('type guards', () => {
    it('a 404 from the service satisfies isNotFoundError', async () => {
      const server = await startServer((_request, response) => send(response, 404, { code: 'not_found', message: 'No animal has id 9', status: 404 }));
      const error = await failure(client(server, { deprecationWarnings: false }).pets.get(9));
      expect(isNotFoundError(error)).toBe(true);
      expect(server.received[0]!.url).toBe('/v1/pets/9');
    });
  });
});

describe('the request line', () => {
  it('has a query string only when the call has parameters', async () => {
    const server = await startServer((_request, response) => send(response, 200, [rex]));
    const petstore = client(server);
    await petstore.pets.list();
    await petstore.pets.list({ status: 'sold', limit: 5 });
    expect(server.received.map((request) => request.url)).toEqual(['/v1/pets', '/v1/pets?limit=5&status=sold']);
  });
});
