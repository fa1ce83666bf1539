import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { ErrorBody } from '@petstore/sdk/contract';
import {
  createMockApi,
  createPetStore,
  DEFAULT_SEED_COUNT,
  generateSeed,
  type MockApiOptions,
  type MockResponse,
  type PetStore,
} from '../core/index.js';
import { openDataFile } from './data-file.js';
import { isLoopback } from './is-loopback.js';
import { MockServerConfigError } from './mock-server-config-error.js';
import { createDocsPage, DOCS_PATH } from './docs-page.js';
import { NodeExchange } from './node-exchange.js';
import type { RequestLog } from './request-log.js';

export interface MockServerOptions extends MockApiOptions {
  /** Port to listen on; 0 (the default) lets the OS pick a free one. */
  port?: number | undefined;
  /** Address to bind; default 127.0.0.1. Anything but loopback requires `apiKeys`. */
  host?: string | undefined;
  /** Request log; none by default. */
  log?: RequestLog | undefined;
  /**
   * Keep the store in this file across restarts: creates are on disk before
   * their 201, resets rewrite it, and the seed applies only to a new file.
   */
  dataFile?: string | undefined;
  /** Told about things worth a warning (a torn last record recovered from the data file). */
  onWarning?: ((message: string) => void) | undefined;
  /** Longest wait for a request's headers (default 10 s) and for the whole request (default 30 s). */
  timeouts?: { headersMs?: number; requestMs?: number } | undefined;
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

export { MockServerConfigError } from './mock-server-config-error.js';

/** Timeouts that stop a slow or silent client from holding a socket forever. */
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 30_000;
const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/** How often Node checks those timeouts (its default, 30 s, would let them overrun). */
const MAX_TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/** A whole HTTP/1.1 error response for a request that could not be parsed or came too slowly. */
function rawErrorResponse(errorCode: string | undefined): string {
  const [status, reason, body]: [number, string, ErrorBody] =
    errorCode === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', { code: 'request_timeout', message: 'The request took too long to arrive', status: 408 }]
      : errorCode === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', { code: 'headers_too_large', message: 'The request headers are too large', status: 431 }]
        : [400, 'Bad Request', { code: 'invalid_request', message: 'Malformed HTTP request', status: 400 }];
  const text = JSON.stringify(body);
  return `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`;
}

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
  const seedOption = options.seed ?? DEFAULT_SEED_COUNT;
  const seed = typeof seedOption === 'number' ? generateSeed(seedOption) : seedOption;
  const dataFile = options.dataFile === undefined ? undefined : await openDataFile(options.dataFile, seed);
  if (dataFile?.recovered) options.onWarning?.(dataFile.recovered);
  const api = createMockApi({
    ...options,
    logger: log,
    ...(dataFile ? { store: options.store ?? createPetStore(seed, dataFile.pets), journal: dataFile.journal } : {}),
  });
  let inFlight = 0;
  let idle: (() => void) | undefined;

  function write(exchange: NodeExchange, result: MockResponse): void {
    const { response } = exchange;
    if (exchange.closeAfter) result.headers['connection'] = 'close';
    // A length rather than chunked encoding: one write, and clients know when the body ends.
    if (result.body !== undefined) {
      result.headers['content-length'] = String(typeof result.body === 'string' ? Buffer.byteLength(result.body) : result.body.byteLength);
    }
    response.writeHead(result.status, result.headers);
    response.end(result.body);
    log?.request({
      method: exchange.method,
      path: exchange.path,
      status: result.status,
      durationMs: performance.now() - exchange.started,
      requestId: result.headers['x-request-id'] ?? '',
    });
  }

  function fail(exchange: NodeExchange, error: unknown): void {
    // The core turns its own failures into responses; this catches the adapter's.
    log?.error('unexpected error in the HTTP adapter', { requestId: '', error });
    if (!exchange.response.headersSent) exchange.response.writeHead(500, { 'content-type': 'application/json', connection: 'close' });
    exchange.response.end(INTERNAL_ERROR_BODY);
  }

  function done(exchange: NodeExchange): void {
    if (exchange.closeAfter) exchange.response.once('finish', () => exchange.request.socket.destroySoon());
    inFlight--;
    if (inFlight === 0) idle?.();
  }

  const docsPage = createDocsPage();

  /** /docs is served here, not by the core: it is files on this machine, and needs no key. */
  async function serveDocs(exchange: NodeExchange): Promise<boolean> {
    const page = await docsPage(exchange.method, exchange.path);
    if (!page) return false;
    page.headers['content-length'] = String(Buffer.byteLength(page.body));
    exchange.response.writeHead(page.status, page.headers);
    exchange.response.end(exchange.method === 'HEAD' ? undefined : page.body);
    log?.request({ method: exchange.method, path: exchange.path, status: page.status, durationMs: performance.now() - exchange.started, requestId: '' });
    return true;
  }

  function onRequest(request: IncomingMessage, response: ServerResponse): void {
    inFlight++;
    // Timing only when someone reads it: the request log is the sole consumer.
    const exchange = new NodeExchange(request, response, log ? performance.now() : 0);
    if (exchange.path.startsWith(DOCS_PATH)) {
      serveDocs(exchange).then(
        (served) => {
          if (served) done(exchange);
          else handleApi(exchange);
        },
        (error: unknown) => {
          fail(exchange, error);
          done(exchange);
        },
      );
      return;
    }
    handleApi(exchange);
  }

  function handleApi(exchange: NodeExchange): void {
    try {
      const result = api.handle(exchange);
      if (result instanceof Promise) {
        // One turn of the microtask queue: this is the path of every create.
        result.then(
          (resolved) => {
            try {
              write(exchange, resolved);
            } catch (error) {
              fail(exchange, error);
            }
            done(exchange);
          },
          (error: unknown) => {
            fail(exchange, error);
            done(exchange);
          },
        );
        return;
      }
      write(exchange, result);
    } catch (error) {
      fail(exchange, error);
    }
    done(exchange);
  }

  const headersTimeout = options.timeouts?.headersMs ?? HEADERS_TIMEOUT_MS;
  const requestTimeout = Math.max(options.timeouts?.requestMs ?? REQUEST_TIMEOUT_MS, headersTimeout);
  const server = createServer(
    {
      headersTimeout,
      requestTimeout,
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(MAX_TIMEOUT_CHECK_INTERVAL_MS, Math.ceil(headersTimeout / 2)),
    },
    onRequest,
  );
  // Requests Node's parser refuses never reach the core; answer them in the API's error shape too.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    socket.end(rawErrorResponse(error.code));
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
    await dataFile?.close();
  }

  return { url: `${origin}/v1`, origin, port, store: api.store, close };
}
