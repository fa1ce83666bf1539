import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorBody } from '@petstore/sdk/contract';
import type { MockRequest, MockResponse } from '../core/index.js';
import { createDocsPage, DOCS_PATH, type StaticResponse } from './docs-page.js';
import { createHostCheck, hostName } from './host-check.js';
import { REQUEST_TIMEOUT_MS } from './http-server.js';
import { NodeExchange } from './node-exchange.js';
import { INTERNAL_ERROR_BODY } from './raw-error-response.js';
import type { RequestLog } from './request-log.js';
import { serverIndex } from './server-index.js';

/** How long a staged `stall` keeps its connection before closing it. */
const STALL_MS = REQUEST_TIMEOUT_MS;
/** How long a client may take to read its response before the connection is closed. */
export const RESPONSE_TIMEOUT_MS = 30_000;

export interface HttpAdapterOptions {
  /** The core behind the adapter: the server's API and its sessions. */
  handle: (request: MockRequest) => Promise<MockResponse>;
  host: string;
  allowedHosts: readonly string[] | undefined;
  log: RequestLog | undefined;
  responseTimeoutMs: number | undefined;
  renameErrorCode: (body: string) => string;
}

/**
 * The thin adapter between Node's http server and the core: each
 * `IncomingMessage` becomes the core's plain request (a `NodeExchange`), and the
 * core's plain response is written back. What the core does not serve is
 * answered here: a foreign Host, the root's index, /docs. Counts the requests
 * in flight, for a graceful close.
 */
export class HttpAdapter {
  readonly #options: HttpAdapterOptions;
  readonly #internalErrorBody: string;
  readonly #docsPage = createDocsPage();
  readonly #isAllowedHost: (host: string | undefined) => boolean;
  #inFlight = 0;
  #idle: (() => void) | undefined;

  constructor(options: HttpAdapterOptions) {
    this.#options = options;
    // The adapter's own Error bodies speak the profile's codes too, as the core's do.
    this.#internalErrorBody = options.renameErrorCode(INTERNAL_ERROR_BODY);
    this.#isAllowedHost = createHostCheck(options.host, options.allowedHosts);
  }

  /** Node's `request` listener: answers every request, never throws. */
  readonly onRequest = (request: IncomingMessage, response: ServerResponse): void => {
    this.#inFlight++;
    // Timing only when someone reads it: the request log is the sole consumer.
    const exchange = new NodeExchange(request, response, this.#options.log ? performance.now() : 0);
    // The host check lives here, not in the core: a Host header matters only to a server on a port (MSW runs in the page).
    if (!this.#isAllowedHost(request.headers.host)) {
      this.#refuseHost(exchange);
      this.#done(exchange);
      return;
    }
    const index = serverIndex(exchange.method, exchange.path);
    if (index) {
      this.#serveStatic(exchange, index);
      this.#done(exchange);
      return;
    }
    if (exchange.path.startsWith(DOCS_PATH)) {
      this.#serveDocs(exchange).then(
        (served) => {
          if (served) this.#done(exchange);
          else void this.#handleApi(exchange);
        },
        (error: unknown) => {
          this.#fail(exchange, error);
          this.#done(exchange);
        },
      );
      return;
    }
    void this.#handleApi(exchange);
  };

  /** Resolves once no request is in flight; undefined when none is now. */
  whenIdle(): Promise<void> | undefined {
    return this.#inFlight === 0 ? undefined : new Promise<void>((resolve) => (this.#idle = resolve));
  }

  /** Never rejects: a failure of the core or of the write becomes the adapter's 500. */
  async #handleApi(exchange: NodeExchange): Promise<void> {
    try {
      this.#write(exchange, await this.#options.handle(exchange));
    } catch (error) {
      this.#fail(exchange, error);
    }
    this.#done(exchange);
  }

  #write(exchange: NodeExchange, result: MockResponse): void {
    if (result.fault) stageFault(exchange, result);
    else writeResponse(exchange, result, this.#options.responseTimeoutMs ?? RESPONSE_TIMEOUT_MS);
    this.#options.log?.request({
      method: exchange.method,
      path: exchange.path,
      status: result.status,
      durationMs: performance.now() - exchange.started,
      requestId: result.headers['x-request-id'] ?? '',
      userAgent: exchange.request.headers['user-agent'],
      error: result.error,
    });
  }

  #fail(exchange: NodeExchange, error: unknown): void {
    // The core turns its own failures into responses; this catches the adapter's.
    this.#options.log?.error('unexpected error in the HTTP adapter', { requestId: '', error });
    if (!exchange.response.headersSent) exchange.response.writeHead(500, { 'content-type': 'application/json', connection: 'close' });
    exchange.response.end(this.#internalErrorBody);
  }

  #done(exchange: NodeExchange): void {
    if (exchange.closeAfter) exchange.response.once('finish', () => exchange.request.socket.destroySoon());
    this.#inFlight--;
    if (this.#inFlight === 0) this.#idle?.();
  }

  /** A request naming another host (DNS rebinding): refused before anything else runs. */
  #refuseHost(exchange: NodeExchange): void {
    const given = exchange.request.headers.host ?? '';
    const name = hostName(given) ?? given;
    const body: ErrorBody = {
      code: 'host_not_allowed',
      message: `This server does not answer for host ${JSON.stringify(name)}. To allow it, start petstore-mock with --allowed-host ${name} (allowedHosts in code)`,
      status: 403,
    };
    this.#write(exchange, { status: 403, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  }

  /** What the core does not serve: the root's index and /docs, answered here without a key. */
  #serveStatic(exchange: NodeExchange, page: StaticResponse): void {
    page.headers['content-length'] = String(Buffer.byteLength(page.body));
    exchange.response.writeHead(page.status, page.headers);
    exchange.response.end(exchange.method === 'HEAD' ? undefined : page.body);
    this.#options.log?.request({ method: exchange.method, path: exchange.path, status: page.status, durationMs: performance.now() - exchange.started, requestId: '' });
  }

  /** /docs is served here, not by the core: it is files on this machine. */
  async #serveDocs(exchange: NodeExchange): Promise<boolean> {
    const page = await this.#docsPage(exchange.method, exchange.path);
    if (!page) return false;
    this.#serveStatic(exchange, page);
    return true;
  }
}

/** The core's answer, written whole with its length; a client that does not read it gets `responseTimeoutMs`. */
function writeResponse(exchange: NodeExchange, result: MockResponse, responseTimeoutMs: number): void {
  const { response } = exchange;
  // A body nobody read is not worth reading just to keep the connection: close it instead.
  if (exchange.bodyUnread) exchange.closeAfter = true;
  if (exchange.closeAfter) result.headers['connection'] = 'close';
  exchange.writeAnswer(result);
  // Still buffered: the client is not reading. It gets a while, then the connection goes.
  if (!response.writableFinished) {
    const timer = setTimeout(() => exchange.request.socket.destroy(), responseTimeoutMs).unref();
    response.once('close', () => clearTimeout(timer));
  }
}

/** A staged fault below HTTP: a reset, a close without an answer, or half a body and then silence. */
function stageFault(exchange: NodeExchange, result: MockResponse): void {
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
