import { duration, logAttempt } from './attempt-log.js';
import type { ClientSettings } from './client-settings.js';
import type { ApiError } from './errors/api-error.js';
import type { CallContext } from './errors/to-petstore-error.js';

/** Statuses worth another try of a read: the service may answer differently in a moment. */
const RETRY_STATUSES = [408, 429, 500, 502, 503, 504];
/** ky's backoff: 0.3 s, 0.6 s, 1.2 s, … up to this, with full jitter (planRetry). */
const BACKOFF_LIMIT_MS = 8_000;

/**
 * Whether a failed attempt of a read is tried again (an answer with a
 * status of RETRY_STATUSES; any other failure when `retryable`), and after
 * how long, kept in `context.progress.wait` (which ky's `delay` returns): a 429 or
 * 503 waits its `Retry-After` (up to maxRetryAfter), the rest the backoff
 * with full jitter (many clients failing together must not retry together).
 * Decided here, before the wait, so that the debug line can tell it first.
 */
export function planRetry(failure: Error, context: CallContext, retryable: boolean, settings: ClientSettings): boolean {
  const { progress } = context;
  const { maxRetryAfter } = settings;
  const { status, headers } = failure as Partial<ApiError>;
  if (status ? !RETRY_STATUSES.includes(status) : !retryable) return false;
  // Seconds or an HTTP date (`0` seconds read as a date is in the past: no wait either); a malformed one is ignored (the backoff applies), as ky does.
  const after = (status === 429 || status === 503) && headers?.get('retry-after');
  const asked = after ? Math.round(Number(after) * 1000 || Date.parse(after) - Date.now()) : NaN;
  const honoured = !Number.isNaN(asked);
  // Whole milliseconds, so that the next attempt's time is too; the backoff
  // counts ky's retries and the SDK's after a failed body read alike.
  const ms = (progress.wait = honoured
    ? Math.min(Math.max(0, asked), maxRetryAfter)
    : Math.round(Math.min(BACKOFF_LIMIT_MS, Math.random() * 300 * 2 ** progress.retries)));
  // The attempt's line, then which failed, how, and the wait: a Retry-After over maxRetryAfter says it was shortened.
  logAttempt(settings.debug, context, failure);
  logAttempt(settings.debug, context, failure, `, retrying in ${duration(ms)}${honoured ? ` (Retry-After${asked > maxRetryAfter ? ` ${duration(asked)}, capped` : ''})` : ''}`, ms);
  // Counted now, so that a retry after a failed body read knows how many are left; the next attempt's clock starts after the wait.
  progress.retries++;
  progress.attemptStarted = Date.now() + ms;
  return true;
}
