import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { connectionLimit, guardConnections } from './connection-budget.js';
import { rawErrorResponse } from './raw-error-response.js';

/** Timeouts that stop a slow or silent client from holding a socket forever. */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;
const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/** How often Node checks those timeouts (its default, 30 s, would let them overrun). */
const MAX_TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/**
 * node:http without its ESM namespace: building the namespace reads every export,
 * `WebSocket` included, which loads Node's fetch (undici, with tls and zlib) that
 * the server never uses. What it earns at start-up: docs/benchmarks.md,
 * "Optimisations kept, and what each earns".
 */
const { createServer } = process.getBuiltinModule('node:http');

export interface HttpServerOptions {
  headersMs?: number | undefined;
  requestMs?: number | undefined;
  /** Makes the adapter's own Error bodies speak a service profile's codes. */
  renameErrorCode: (body: string) => string;
}

/**
 * Node's http server with the mock's bounds: timeouts, a connection budget, and
 * an Error body in the API's shape for what Node's parser refuses and for CONNECT.
 */
export function createHttpServer(options: HttpServerOptions, onRequest: (request: IncomingMessage, response: ServerResponse) => void): Server {
  const headersTimeout = options.headersMs ?? HEADERS_TIMEOUT_MS;
  const requestTimeout = Math.max(options.requestMs ?? REQUEST_TIMEOUT_MS, headersTimeout);
  const server = createServer(
    {
      headersTimeout,
      requestTimeout,
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(MAX_TIMEOUT_CHECK_INTERVAL_MS, Math.ceil(headersTimeout / 2)),
    },
    onRequest,
  );
  guardConnections(server, connectionLimit(), headersTimeout);
  server.on('connect', (_request: IncomingMessage, socket: Socket) => socket.end(rawErrorResponse('CONNECT', options.renameErrorCode)));
  // Requests Node's parser refuses never reach the core; answer them in the API's error shape too.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    socket.end(rawErrorResponse(error.code, options.renameErrorCode));
  });
  return server;
}

/** Resolves once `server` listens on `port` and `host`; rejects (EADDRINUSE, …) if it cannot. */
export function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Stops accepting connections, waits for `idle` (requests in flight done) at most `graceMs`, then closes the rest. */
export async function closeGracefully(server: Server, idle: Promise<void> | undefined, graceMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  if (idle !== undefined) await Promise.race([idle, new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref())]);
  server.closeAllConnections();
  await closed;
}
