import type { ApiError } from './errors/api-error.js';
import type { CallContext } from './errors/to-petstore-error.js';
import type { Logger } from './options.js';

/** A wait, as a person reads it: `2.0 s`. */
export const duration = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/**
 * The debug line of an attempt: `GET URL → 200 in 12 ms`, the failure in
 * place of the status where no answer came (its message without the
 * `METHOD URL: ` that starts it; an answer whose body then failed has both
 * lines); or, given `retrying`, the line before a retry's wait:
 * `429, retrying in 2.0 s (Retry-After)`. The details every line has: the
 * method, the URL as sent (its query included), which attempt, its time, the
 * request id (the answer's, where it had one and differs from the one sent:
 * the one its operator can look up), the status and the SDK's error class.
 */
export function logAttempt(debug: Logger['debug'], context: CallContext, outcome: Response | Error, retrying?: string, waitMs?: number): void {
  const { method, url, progress } = context;
  // A Response's, or an ApiError's (a ProxyError's status is the proxy's, and it has no headers).
  const { headers, status } = outcome as Partial<ApiError>;
  const answered = headers && status;
  const what = answered ?? (outcome as Error).message.replace(/^[A-Z]+ \S+: /, '');
  // None below 0: a totalTimeout reached in the wait before an attempt ends the call with that attempt's line.
  const ms = Math.max(0, Date.now() - progress.attemptStarted);
  // Without a debug logger, `?.` evaluates none of the arguments.
  debug?.(retrying ? `${what}${retrying}` : `${method} ${url} → ${what} in ${ms} ms`, {
    method,
    url,
    status: answered,
    attempt: progress.retries + 1,
    ms,
    requestId: headers?.get('x-request-id') ?? progress.requestId,
    // A Response has no name.
    error: (outcome as Error).name,
    waitMs,
  });
}
