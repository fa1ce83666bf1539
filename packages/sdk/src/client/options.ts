import type { Hooks } from 'ky';

/** Where the SDK reports what it does: debug lines per request, warnings (deprecations, unknown statuses). */
export interface Logger {
  /**
   * A line per attempt (`GET URL → 200 in 12 ms`, the URL with its query; a
   * failure without an answer in place of the status, the last attempt's too)
   * and per retry, before its wait (`429, retrying in 2.0 s (Retry-After)`);
   * `details` has `method`, `url`, `attempt` (1 for the first), `ms`,
   * `requestId`, the `status` of an answer, `error` (the SDK's error class) of
   * a failure, and `waitMs` of a retry. Optional.
   */
  debug?(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
}

/** How much of a response the SDK checks against the contract. */
export type ResponseValidation =
  /** Every field as the contract says; extra fields and unknown statuses are errors. */
  | 'strict'
  /** Required fields must be there with the right types; extra fields and new statuses pass (one warning). */
  | 'tolerant'
  /** Nothing is checked; the JSON is returned as parsed. */
  | 'off';

export interface ClientOptions {
  /** Base address ending in `/v1`. Default: the `PETSTORE_BASE_URL` environment variable where one exists. */
  baseUrl?: string | undefined;
  /** The API key, or a function (sync or async) called once per call (retries reuse its key). Default: `PETSTORE_API_KEY`. */
  apiKey?: string | (() => string | Promise<string>) | undefined;
  /** Milliseconds one attempt may take, its body included (default 30,000). */
  timeout?: number | undefined;
  /** Milliseconds a call may take, all retries and waits included (default 120,000). */
  totalTimeout?: number | undefined;
  /** Retries of a read after a network error, a timeout, 408, 429, 5xx, or a body that stalled or broke off (default 2). Creates are never retried. */
  maxRetries?: number | undefined;
  /** Longest wait a `Retry-After` can ask for, in milliseconds (default 60,000); a longer one is shortened to this. */
  maxRetryAfter?: number | undefined;
  /** A fetch of your own (tests, proxies, instrumentation), called by ky once per attempt. Default: the global `fetch`. */
  fetch?: ((input: Request | URL | string, init?: RequestInit) => Promise<Response>) | undefined;
  /**
   * ky's hooks (`beforeRequest`, `afterResponse`, `beforeRetry`, `beforeError`),
   * run after the SDK's own: a tracing header, metrics, logging. The request id
   * is read after your `beforeRequest` hooks (an `X-Request-Id` or a
   * `traceparent` they set counts); `beforeRetry` and `beforeError` hooks
   * receive the SDK's error classes.
   */
  hooks?: Hooks | undefined;
  /** Largest response body read, in bytes (default 10 MiB); a larger one is a `ResponseTooLargeError`. */
  maxResponseBytes?: number | undefined;
  /** Headers sent with every request; a `User-Agent` among them (in any case) replaces the SDK's. */
  headers?: Record<string, string> | undefined;
  /**
   * Your application's product token, put before the SDK's in the
   * `User-Agent` (`my-app/1.2` gives `my-app/1.2 petstore-sdk/0.1.0 (node/22.12.0)`):
   * printable ASCII. Node.js, Bun and Deno only: browsers send their own User-Agent.
   */
  userAgent?: string | undefined;
  /** Where debug lines and warnings go. Default: warnings to `console.warn`, no debug. */
  logger?: Logger | undefined;
  /** Response checking; default `tolerant`. */
  validateResponses?: ResponseValidation | undefined;
  /** Warn (once per process and operation: through `logger` when given) when a deprecated operation is used; default true. */
  deprecationWarnings?: boolean | undefined;
}

/** Options of one call. */
export interface RequestOptions {
  /** Aborts the call at any moment; the abort reason is thrown as it is and never retried. */
  signal?: AbortSignal | undefined;
  /** Milliseconds one attempt may take. */
  timeout?: number | undefined;
  /** Retries for this call (reads only). */
  maxRetries?: number | undefined;
  /**
   * Extra headers for this call: an `X-Request-Id` of yours is the call's
   * request id (else the trace id of a `traceparent` given, else a new one).
   */
  headers?: Record<string, string> | undefined;
}
