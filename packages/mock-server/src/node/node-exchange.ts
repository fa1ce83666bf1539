import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MockRequest, MockResponse, RequestHeaders } from '../core/index.js';
import { readBody } from './read-body.js';

/**
 * One request and its response: the core's `MockRequest`, read straight from
 * Node's `IncomingMessage`, plus what the adapter needs to finish the exchange.
 * One object holds the request's fields and the state of its exchange.
 */
export class NodeExchange implements MockRequest {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  /** Set once the body passed the size limit: close the connection after answering. */
  closeAfter = false;
  /** Whether the core asked for the body. */
  bodyRequested = false;
  #closed: AbortController | undefined;

  constructor(
    readonly request: IncomingMessage,
    readonly response: ServerResponse,
    /** When the request arrived (performance.now()), for the log. */
    readonly started: number,
  ) {
    let url = request.url ?? '/';
    // Absolute-form (http://host/v1/pets, as proxies send it, RFC 9112): the path and query route.
    if (!url.startsWith('/') && URL.canParse(url)) {
      const absolute = new URL(url);
      url = `${absolute.pathname}${absolute.search}`;
    }
    const queryAt = url.indexOf('?');
    this.method = request.method ?? 'GET';
    this.path = queryAt === -1 ? url : url.slice(0, queryAt);
    this.query = queryAt === -1 ? '' : url.slice(queryAt + 1);
  }

  get headers(): RequestHeaders {
    return this.request.headers;
  }

  /**
   * Aborts when the client closes the connection before its answer is written.
   * Made when first asked for: only a staged delay waits on it.
   */
  get signal(): AbortSignal {
    if (this.#closed) return this.#closed.signal;
    const closed = (this.#closed = new AbortController());
    const { request, response } = this;
    const abort = () => closed.abort(new Error('the client closed the connection before the answer'));
    if (response.destroyed || request.socket.destroyed) abort();
    else response.once('close', () => response.writableFinished || abort());
    return closed.signal;
  }

  readBody(): Promise<Uint8Array> {
    this.bodyRequested = true;
    return readBody(this.request, () => (this.closeAfter = true));
  }

  /**
   * Writes a whole answer (no fault) in one write, its length declared rather
   * than chunked, so that clients know where the body ends: a bodiless answer
   * declares 0, except a 204 or 304, which carry no length (RFC 9110). Node
   * leaves the body out of a HEAD answer and keeps the length.
   */
  writeAnswer({ status, headers, body }: Pick<MockResponse, 'status' | 'headers' | 'body'>): void {
    const length = body === undefined ? (status === 204 || status === 304 ? undefined : 0) : Buffer.byteLength(body);
    this.response.writeHead(status, length === undefined ? headers : { ...headers, 'content-length': String(length) });
    this.response.end(body);
  }

  onResponseEnd(listener: () => void): void {
    // 'close' comes after 'finish', and also when the connection goes first: always once.
    this.response.once('close', listener);
  }

  /** A body came with the request that nobody read (refused before reading): not worth reading to keep the connection. */
  get bodyUnread(): boolean {
    if (this.bodyRequested) return false;
    const { headers } = this.request;
    return headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0');
  }
}
