import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MockRequest, RequestHeaders } from '../core/index.js';
import { readBody } from './read-body.js';

/**
 * One request and its response: the core's `MockRequest`, read straight from
 * Node's `IncomingMessage`, plus what the adapter needs to finish the exchange.
 * A class, so a request costs one object rather than a handful of closures.
 */
export class NodeExchange implements MockRequest {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  /** Set once the body passed the size limit: close the connection after answering. */
  closeAfter = false;

  constructor(
    readonly request: IncomingMessage,
    readonly response: ServerResponse,
    /** When the request arrived (performance.now()), for the log. */
    readonly started: number,
  ) {
    const url = request.url ?? '/';
    const queryAt = url.indexOf('?');
    this.method = request.method ?? 'GET';
    this.path = queryAt === -1 ? url : url.slice(0, queryAt);
    this.query = queryAt === -1 ? '' : url.slice(queryAt + 1);
  }

  get headers(): RequestHeaders {
    return this.request.headers;
  }

  readBody(): Promise<string> {
    return readBody(this.request, () => (this.closeAfter = true));
  }
}
