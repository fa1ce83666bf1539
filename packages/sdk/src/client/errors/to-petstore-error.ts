import { isHTTPError, isNetworkError, isTimeoutError } from 'ky';
import { describeConnectionFailure } from '#runtime';
import { isPetstoreError } from './guards.js';
import { ApiError } from './api-error.js';
import { toApiError } from './to-api-error.js';
import { ConnectionError, TimeoutError } from './transport-errors.js';

/** What the error mapping knows of the call (ky's per-call `context`). */
export interface CallContext {
  /** `METHOD URL`, for messages. */
  label: string;
  /** The method, and the URL requested with its query, for the debug lines. */
  method: string;
  url: string;
  /** The base URL's origin: the only one answers may come from. */
  origin: string;
  /** The caller's signal: its abort reason passes through unchanged. */
  signal: AbortSignal | undefined;
  /** `Date.now()` when the call started. */
  started: number;
  /** Milliseconds per attempt, and for the whole call. */
  timeout: number;
  totalTimeout: number;
  /** What the attempts of the call share and change (ky copies `context` per ky call, shallowly: an object, to share). */
  progress: {
    /** Retries made so far (planRetry counts each one ky makes). */
    retries: number;
    /** The call's X-Request-Id, set by its first attempt (see `attempt` in http-client.ts). */
    requestId?: string;
    /** The last successful answer of an attempt, with its body read. */
    answer?: [Response, string];
    /** `Date.now()` when the current attempt started: the call's start, then after each wait (planRetry). */
    attemptStarted: number;
    /** Milliseconds before the next attempt, as planRetry decided. */
    wait: number;
  };
}

/**
 * The one place a failure becomes one of the SDK's errors: ky's `HTTPError`
 * an `ApiError` (by status), its `TimeoutError` ours, a network failure a
 * `ConnectionError` that says why. The caller's abort reason, the SDK's own
 * errors and anything else pass unchanged.
 */
export function toPetstoreError(error: Error, context: CallContext): Error {
  // The caller's abort reason as it is. workerd rejects an aborted fetch with a
  // copy of the reason (same message, another object), so it is taken from the signal.
  if (context.signal?.aborted) return context.signal.reason instanceof Error ? context.signal.reason : error;
  if (isPetstoreError(error)) return error;
  // (An answer from another origin never gets here: each attempt refuses it first.)
  if (isHTTPError(error)) return toApiError(error.response, typeof error.data === 'string' ? error.data : '', context.label);
  if (isTimeoutError(error)) return timeoutError(context, error);
  // fetch fails with a TypeError when no answer came; ky wraps the ones it recognises in NetworkError.
  if (isNetworkError(error) || error instanceof TypeError) {
    const original = isNetworkError(error) ? (error.cause ?? error) : error;
    const { failure, description } = describeConnectionFailure(original);
    return new ConnectionError(`${context.label}: ${description}`, failure, { cause: original });
  }
  return error;
}

/** Milliseconds left of the call's totalTimeout, none below 0 (what ky is given, after a key function's time). */
export const timeLeft = (context: CallContext): number => Math.max(0, context.started + context.totalTimeout - Date.now());

/** ky says only "timed out" (of an attempt, its body included): which budget ran out is told by the clock. */
function timeoutError(context: CallContext, cause: Error): TimeoutError {
  const message =
    timeLeft(context) <= 10
      ? `${context.label}: totalTimeout of ${context.totalTimeout} ms reached`
      : `${context.label}: timed out after ${context.timeout} ms`;
  return new TimeoutError(message, { cause });
}

/**
 * An answer from another origin than the base URL's, reached by a redirect, is
 * refused (the platform's fetch has already dropped the key on that hop).
 */
export function refuseOtherOrigin(response: Response, context: CallContext): ApiError | undefined {
  const origin = response.redirected && new URL(response.url).origin;
  if (!origin || origin === context.origin) return undefined;
  return new ApiError({
    status: response.status,
    code: 'cross_origin_redirect',
    message: `redirected to ${origin}, another origin; the SDK follows redirects within ${context.origin} only`,
    body: undefined,
    rawBody: '',
    headers: response.headers,
    request: context.label,
  });
}
