/** Request headers with lower-case names, as Node's `IncomingMessage.headers` has them. */
export type RequestHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

/** A request as plain data: what every transport turns its own request into. */
export interface MockRequest {
  method: string;
  /** The path without the query string, still percent-encoded, e.g. `/v1/pets/7`. */
  path: string;
  /** The raw query string without `?`; empty when there is none. */
  query: string;
  headers: RequestHeaders;
  /**
   * Reads the body's bytes. Called only once the request has passed
   * authentication, routing and the media-type check, so a refused request is
   * never read; rejects with `BodyTooLargeError` past the size limit, and with
   * an `HttpError` when the client stops sending (400) or is too slow (408).
   */
  readBody: () => Promise<Uint8Array>;
  /**
   * Calls `listener` once, when the response has been written out or its
   * connection has closed: a transport that writes the response after
   * `handle` resolves (the Node server, to a client that may read slowly)
   * says when the exchange is over. Absent where the response is handed over
   * whole (MSW, the in-process fetch): the exchange ends when `handle` does.
   */
  onResponseEnd?: (listener: () => void) => void;
  /**
   * Aborts when the client gives up on the request. An abort during the staged
   * delay answers `client_closed_request` (499) and the request is not acted on.
   */
  signal?: AbortSignal | undefined;
}

/** A response as plain data: every transport writes it out as it is. */
export interface MockResponse {
  status: number;
  headers: Record<string, string>;
  /** JSON text; undefined for a response without a body (204). */
  body: string | undefined;
  /**
   * A fault for the adapter to stage: `reset` (connection reset, no answer),
   * `empty` (connection closed, no answer), `stall` (the status, headers and
   * half of `body`, then nothing until the client gives up).
   */
  fault?: 'reset' | 'empty' | 'stall';
  /** An error answer's `code` and `message`, from its Error body: what the request log and the journal both show. */
  error?: ErrorExplanation;
}

/** Why a request was answered with an error: the Error body's `code` and `message`. */
export interface ErrorExplanation {
  code: string;
  message: string;
}

/** Largest request body accepted: 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024;
