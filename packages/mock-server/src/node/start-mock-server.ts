import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createMockApi, type MockApiOptions, type PetStore } from '../core/index.js';
import { isLoopback } from './is-loopback.js';
import { createBodyReader } from './read-body.js';
import type { RequestLog } from './request-log.js';

export interface MockServerOptions extends MockApiOptions {
  /** Port to listen on; 0 (the default) lets the OS pick a free one. */
  port?: number | undefined;
  /** Address to bind; default 127.0.0.1. Anything but loopback requires `apiKeys`. */
  host?: string | undefined;
  /** Request log; none by default. */
  log?: RequestLog | undefined;
}

export interface MockServer {
  /** Base address of the API, e.g. `http://127.0.0.1:4010/v1`. */
  url: string;
  /** Scheme, host and port, e.g. `http://127.0.0.1:4010`. */
  origin: string;
  port: number;
  store: PetStore;
  /** Stops accepting connections, lets requests in flight finish (at most `graceMs`, default 5 s) and closes the rest. */
  close(graceMs?: number): Promise<void>;
}

/** Thrown when the server is asked to do something unsafe or impossible, with a message for people. */
export class MockServerConfigError extends Error {
  override name = 'MockServerConfigError' as const;
}

/** Timeouts that stop a slow or silent client from holding a socket forever. */
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 30_000;
const KEEP_ALIVE_TIMEOUT_MS = 5_000;

const INTERNAL_ERROR_BODY = JSON.stringify({ code: 'internal_error', message: 'The mock server failed unexpectedly; see its log', status: 500 });

/**
 * Starts the mock API on Node's http server: a thin adapter that turns each
 * `IncomingMessage` into the core's plain request and writes its plain response.
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopback(host) && !options.apiKeys?.length) {
    throw new MockServerConfigError(
      `Refusing to listen on ${host} with the public development key: anyone who can reach it could use it. Pass an API key of your own (--api-key or PETSTORE_MOCK_API_KEYS), or bind to 127.0.0.1.`,
    );
  }
  const log = options.log;
  const api = createMockApi({ ...options, logger: log });
  let inFlight = 0;
  let idle: (() => void) | undefined;

  async function onRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const started = performance.now();
    inFlight++;
    const url = request.url ?? '/';
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    let closeAfter = false;
    try {
      const result = await api.handle({
        method: request.method ?? 'GET',
        path,
        query: queryAt === -1 ? '' : url.slice(queryAt + 1),
        headers: request.headers,
        readBody: createBodyReader(request, () => (closeAfter = true)),
      });
      if (closeAfter) result.headers['connection'] = 'close';
      // A length rather than chunked encoding: one write, and clients know when the body ends.
      if (result.body !== undefined) result.headers['content-length'] = String(Buffer.byteLength(result.body));
      response.writeHead(result.status, result.headers);
      response.end(result.body);
      log?.request({ method: request.method ?? '', path, status: result.status, durationMs: performance.now() - started, requestId: result.headers['x-request-id'] ?? '' });
    } catch (error) {
      // The core turns its own failures into responses; this catches the adapter's.
      log?.error('unexpected error in the HTTP adapter', { requestId: '', error });
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json', connection: 'close' });
      response.end(INTERNAL_ERROR_BODY);
    } finally {
      if (closeAfter) response.once('finish', () => request.socket.destroySoon());
      inFlight--;
      if (inFlight === 0) idle?.();
    }
  }

  const server = createServer(
    { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS },
    (request, response) => void onRequest(request, response),
  );
  // Malformed HTTP never reaches the core; answer it in the API's error shape.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const body = JSON.stringify({ code: 'invalid_request', message: 'Malformed HTTP request', status: 400 });
    socket.end(`HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

  const { port } = server.address() as AddressInfo;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  async function close(graceMs = 5_000): Promise<void> {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    if (inFlight > 0) {
      await Promise.race([
        new Promise<void>((resolve) => (idle = resolve)),
        new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref()),
      ]);
    }
    server.closeAllConnections();
    await closed;
  }

  return { url: `${origin}/v1`, origin, port, store: api.store, close };
}
