/**
 * The seam between the SDK and the network, in plain data: the request
 * pipeline (retries, timeouts, errors) builds an `HttpRequest` per attempt and
 * a transport answers it. The default transport is `fetch`; `@petstore/sdk/node`
 * has one on `node:http` for short-lived Node.js processes.
 */

/** One attempt, as a transport receives it. */
export interface HttpRequest {
  method: 'GET' | 'POST';
  /** Absolute, query string included. */
  url: string;
  /** Lower-case names, `authorization` included: a transport must never log them. */
  headers: Record<string, string>;
  body: string | undefined;
  /** Aborted when the attempt times out or the caller aborts: the transport then rejects. */
  signal: AbortSignal;
}

/** What the SDK reads of a response's headers (a `Headers` has it). */
export interface HttpHeaders {
  get(name: string): string | null;
}

/** An answer, its body read in full. */
export interface HttpResponse {
  status: number;
  statusText: string;
  headers: HttpHeaders;
  body: string;
  /** The answer as a fetch `Response` (body already read), for `withResponse()` and `ApiError.headers`: built on first use by transports that have none. */
  toResponse(): Response;
}

/**
 * Sends one attempt and reads the whole body. Rejects (with the original
 * failure) when no answer came, and as soon as `signal` aborts.
 */
export type Transport = (request: HttpRequest) => Promise<HttpResponse>;
