import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { resolveChoices, type ErrorBody } from '@petstore/sdk/contract';
import {
  createErrorCodeRenamer,
  createSessions,
  DEFAULT_SEED_COUNT,
  DEV_API_KEY,
  SERVER_METHODS,
  seedAnimals,
  type MockApi,
  type MockApiOptions,
  type MockResponse,
  type PetStore,
  type Session,
  type SessionOptions,
} from '../core/index.js';
import { connectionLimit, guardConnections } from './connection-budget.js';
import { createHostCheck, hostName } from './host-check.js';
import { isLoopback } from './is-loopback.js';
import { MockServerConfigError } from './mock-server-config-error.js';
import { createDocsPage, DOCS_PATH, type StaticResponse } from './docs-page.js';
import { NodeExchange } from './node-exchange.js';
import type { RequestLog } from './request-log.js';
import { serverIndex } from './server-index.js';
import { openSqlitePetStore } from './sqlite-pet-store.js';

export interface MockServerOptions extends Omit<MockApiOptions, 'sessions'>, SessionOptions {
  /** Port to listen on; 0 (the default) lets the OS pick a free one. */
  port?: number | undefined;
  /** Address to bind; default 127.0.0.1. Anything but loopback requires `apiKeys`. */
  host?: string | undefined;
  /**
   * Names a request's `Host` may give besides IP addresses, `localhost`,
   * `*.localhost` and `host` (DNS rebinding protection, as Vite's
   * `server.allowedHosts`): a name, `.example.com` for it and its subdomains,
   * or `*` for any. Other requests get a 403 `host_not_allowed`.
   */
  allowedHosts?: readonly string[] | undefined;
  /** Request log; none by default. */
  log?: RequestLog | undefined;
  /**
   * Keep the store in this SQLite file across restarts (needs Node.js 22.13+):
   * each create is committed before its 201 and each reset is one transaction;
   * the seed fills only a new file. The file is locked while the server runs.
   * Excludes `store`.
   */
  dataFile?: string | undefined;
  /**
   * Longest wait for a request's headers (default 10 s), for the whole request
   * (default 30 s), and for a client to read its response (default 30 s).
   */
  timeouts?: { headersMs?: number; requestMs?: number; responseMs?: number } | undefined;
}

export interface MockServer extends Pick<MockApi, 'faults' | 'overrides' | 'requests' | 'reset'> {
  /** Base address of the API, e.g. `http://127.0.0.1:4010/v1`. */
  url: string;
  /** Scheme, host and port, e.g. `http://127.0.0.1:4010`. */
  origin: string;
  port: number;
  store: PetStore;
  /**
   * Session `name` (1 to 64 of A-Z, a-z, 0-9, `_`, `-`), created on first use as over HTTP: a store,
   * overrides, faults and journal of its own, at `url` (`…/sessions/NAME/v1`). Throws an error naming the
   * rule for a bad name, or when the server has `maxSessions` already or sessions are off.
   */
  session(name: string): MockSession;
  /** Stops accepting connections, lets requests in flight finish (at most `graceMs`, default 5 s) and closes the rest. */
  close(graceMs?: number): Promise<void>;
}

/** A session of the server, with its base address. */
export interface MockSession extends Session {
  /** Base address of the session's API, e.g. `http://127.0.0.1:4010/sessions/worker-1/v1`. */
  url: string;
}

export { MockServerConfigError } from './mock-server-config-error.js';

/** Timeouts that stop a slow or silent client from holding a socket forever. */
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 30_000;
const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/** How long a staged `stall` keeps its connection before closing it. */
const STALL_MS = REQUEST_TIMEOUT_MS;
/** How long a client may take to read its response before the connection is closed. */
const RESPONSE_TIMEOUT_MS = 30_000;
/** How often Node checks those timeouts (its default, 30 s, would let them overrun). */
const MAX_TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/** A whole HTTP/1.1 error response, for what never reaches the core: unparsable or too slow requests, CONNECT. */
function rawErrorResponse(errorCode: string | undefined, renameErrorCode: (body: string) => string): string {
  const [status, reason, body, extra]: [number, string, ErrorBody, string] =
    errorCode === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', { code: 'request_timeout', message: 'The request took too long to arrive', status: 408 }, '']
      : errorCode === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', { code: 'headers_too_large', message: 'The request headers are too large', status: 431 }, '']
        : errorCode === 'CONNECT'
          ? [405, 'Method Not Allowed', { code: 'method_not_allowed', message: 'CONNECT is not supported: this server is no proxy', status: 405 }, `allow: ${SERVER_METHODS.join(', ')}\r\n`]
          : [400, 'Bad Request', { code: 'invalid_request', message: 'Malformed HTTP request', status: 400 }, ''];
  const text = renameErrorCode(JSON.stringify(body));
  return `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(text)}\r\n${extra}connection: close\r\n\r\n${text}`;
}

const INTERNAL_ERROR_BODY = JSON.stringify({ code: 'internal_error', message: 'The mock server failed unexpectedly; see its log', status: 500 });

/**
 * node:http without its ESM namespace: building the namespace reads every export,
 * `WebSocket` included, which loads Node's fetch (undici, with tls and zlib) that
 * the server never uses. What it earns at start-up: docs/benchmarks.md,
 * "Optimisations kept, and what each earns".
 */
const { createServer } = process.getBuiltinModule('node:http');

/**
 * Starts the mock API on Node's http server: a thin adapter that turns each
 * `IncomingMessage` into the core's plain request and writes its plain response.
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const host = options.host ?? '127.0.0.1';
  // The development key is public: given explicitly it is no key of one's own.
  if (!isLoopback(host) && !options.apiKeys?.some((key) => key !== DEV_API_KEY)) {
    throw new MockServerConfigError(
      `Refusing to listen on ${host} with the public development key: anyone who can reach it could use it. Pass an API key of your own (--api-key or PETSTORE_MOCK_API_KEYS), or bind to 127.0.0.1.`,
    );
  }
  const log = options.log;
  const seed = seedAnimals(options.seed ?? DEFAULT_SEED_COUNT);
  if (options.dataFile !== undefined && options.store !== undefined) {
    throw new MockServerConfigError('dataFile and store exclude each other: the data file is the store');
  }
  const dataStore = options.dataFile === undefined ? undefined : openSqlitePetStore(options.dataFile, seed);
  // Sessions keep their stores in memory, from the seed option, also beside a data file.
  const sessions = createSessions({ ...options, logger: log, ...(dataStore && { store: dataStore }) });
  // The adapter's own Error bodies speak the profile's codes too, as the core's do.
  const renameErrorCode = createErrorCodeRenamer(resolveChoices(options.profile).errorCodes);
  const internalErrorBody = renameErrorCode(INTERNAL_ERROR_BODY);
  const api = sessions.main;
  const responseTimeout = options.timeouts?.responseMs ?? RESPONSE_TIMEOUT_MS;
  let inFlight = 0;
  let idle: (() => void) | undefined;

  /** A staged fault below HTTP: a reset, a close without an answer, or half a body and then silence. */
  function stage(exchange: NodeExchange, result: MockResponse): void {
    const { socket } = exchange.request;
    if (result.fault === 'reset') socket.resetAndDestroy();
    else if (result.fault === 'empty') socket.destroy();
    else {
      const body = Buffer.from(result.body ?? '');
      exchange.response.writeHead(result.status, { ...result.headers, 'content-length': String(body.length) });
      exchange.response.write(body.subarray(0, Math.ceil(body.length / 2)));
      setTimeout(() => socket.destroy(), STALL_MS).unref();
    }
  }

  function write(exchange: NodeExchange, result: MockResponse): void {
    const { response } = exchange;
    if (result.fault) stage(exchange, result);
    else {
      // A body nobody read is not worth reading just to keep the connection: close it instead.
      if (exchange.bodyUnread) exchange.closeAfter = true;
      if (exchange.closeAfter) result.headers['connection'] = 'close';
      // A length rather than chunked encoding: one write, and clients know when the body ends.
      if (result.body !== undefined) {
        result.headers['content-length'] = String(Buffer.byteLength(result.body));
      }
      response.writeHead(result.status, result.headers);
      response.end(result.body);
      // Still buffered: the client is not reading. It gets a while, then the connection goes.
      if (!response.writableFinished) {
        const timer = setTimeout(() => exchange.request.socket.destroy(), responseTimeout).unref();
        response.once('close', () => clearTimeout(timer));
      }
    }
    log?.request({
      method: exchange.method,
      path: exchange.path,
      status: result.status,
      durationMs: performance.now() - exchange.started,
      requestId: result.headers['x-request-id'] ?? '',
      userAgent: exchange.request.headers['user-agent'],
      error: result.error,
    });
  }

  function fail(exchange: NodeExchange, error: unknown): void {
    // The core turns its own failures into responses; this catches the adapter's.
    log?.error('unexpected error in the HTTP adapter', { requestId: '', error });
    if (!exchange.response.headersSent) exchange.response.writeHead(500, { 'content-type': 'application/json', connection: 'close' });
    exchange.response.end(internalErrorBody);
  }

  function done(exchange: NodeExchange): void {
    if (exchange.closeAfter) exchange.response.once('finish', () => exchange.request.socket.destroySoon());
    inFlight--;
    if (inFlight === 0) idle?.();
  }

  const docsPage = createDocsPage();
  const isAllowedHost = createHostCheck(host, options.allowedHosts);

  /** A request naming another host (DNS rebinding): refused before anything else runs. */
  function refuseHost(exchange: NodeExchange): void {
    const given = exchange.request.headers.host ?? '';
    const name = hostName(given) ?? given;
    const body: ErrorBody = {
      code: 'host_not_allowed',
      message: `This server does not answer for host ${JSON.stringify(name)}. To allow it, start petstore-mock with --allowed-host ${name} (allowedHosts in code)`,
      status: 403,
    };
    write(exchange, { status: 403, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  }

  /** What the core does not serve: the root's index and /docs, answered here without a key. */
  function serveStatic(exchange: NodeExchange, page: StaticResponse): void {
    page.headers['content-length'] = String(Buffer.byteLength(page.body));
    exchange.response.writeHead(page.status, page.headers);
    exchange.response.end(exchange.method === 'HEAD' ? undefined : page.body);
    log?.request({ method: exchange.method, path: exchange.path, status: page.status, durationMs: performance.now() - exchange.started, requestId: '' });
  }

  /** /docs is served here, not by the core: it is files on this machine. */
  async function serveDocs(exchange: NodeExchange): Promise<boolean> {
    const page = await docsPage(exchange.method, exchange.path);
    if (!page) return false;
    serveStatic(exchange, page);
    return true;
  }

  function onRequest(request: IncomingMessage, response: ServerResponse): void {
    inFlight++;
    // Timing only when someone reads it: the request log is the sole consumer.
    const exchange = new NodeExchange(request, response, log ? performance.now() : 0);
    // The host check lives here, not in the core: a Host header matters only to a server on a port (MSW runs in the page).
    if (!isAllowedHost(request.headers.host)) {
      refuseHost(exchange);
      done(exchange);
      return;
    }
    const index = serverIndex(exchange.method, exchange.path);
    if (index) {
      serveStatic(exchange, index);
      done(exchange);
      return;
    }
    if (exchange.path.startsWith(DOCS_PATH)) {
      serveDocs(exchange).then(
        (served) => {
          if (served) done(exchange);
          else void handleApi(exchange);
        },
        (error: unknown) => {
          fail(exchange, error);
          done(exchange);
        },
      );
      return;
    }
    void handleApi(exchange);
  }

  /** Never rejects: a failure of the core or of the write becomes the adapter's 500. */
  async function handleApi(exchange: NodeExchange): Promise<void> {
    try {
      write(exchange, await sessions.handle(exchange));
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
  guardConnections(server, connectionLimit(), headersTimeout);
  server.on('connect', (_request: IncomingMessage, socket: Socket) => socket.end(rawErrorResponse('CONNECT', renameErrorCode)));
  // Requests Node's parser refuses never reach the core; answer them in the API's error shape too.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    socket.end(rawErrorResponse(error.code, renameErrorCode));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch((error: unknown) => {
    // A server that never listened lets go of its file, for the next attempt.
    dataStore?.close();
    throw error;
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
    sessions.close();
    dataStore?.close();
  }

  function session(name: string): MockSession {
    return { ...sessions.session(name), url: `${origin}/sessions/${name}/v1` };
  }

  return { url: `${origin}/v1`, origin, port, store: api.store, faults: api.faults, overrides: api.overrides, requests: api.requests, reset: api.reset, session, close };
}
