import type { HttpResponse } from './http.js';

/**
 * When a read is tried again, and after how long. Creates are never retried:
 * the API has no idempotency key, so a second POST could store the animal twice.
 */

/** Statuses worth another try: the service may answer differently in a moment. */
const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);
/** Statuses whose `Retry-After` says when. */
const RETRY_AFTER_STATUSES: ReadonlySet<number> = new Set([429, 503]);
const BACKOFF_BASE_MS = 300;
const BACKOFF_LIMIT_MS = 8_000;

/** Whether an HTTP status is worth a retry (network errors and timeouts always are). */
export const isRetryableStatus = (status: number): boolean => RETRY_STATUSES.has(status);

/**
 * Milliseconds to wait before retry number `retry` (1, 2, ...): the service's
 * `Retry-After` (seconds or an HTTP date) on a 429 or 503, cut to
 * `maxRetryAfter`; otherwise exponential backoff (300 ms, 600 ms, ... up to
 * 8 s) with full jitter, so that many clients failing together do not retry together.
 */
export function retryDelay(retry: number, answer: Pick<HttpResponse, 'status' | 'headers'> | undefined, maxRetryAfter: number): number {
  const retryAfter = answer && RETRY_AFTER_STATUSES.has(answer.status) ? answer.headers.get('retry-after') : null;
  if (retryAfter) {
    const wait = parseRetryAfter(retryAfter, Date.now());
    if (wait !== undefined) return Math.min(wait, maxRetryAfter);
  }
  return Math.random() * Math.min(BACKOFF_LIMIT_MS, BACKOFF_BASE_MS * 2 ** (retry - 1));
}

/** RFC 9110 `Retry-After`: delay-seconds or an HTTP date; undefined when it is neither. */
export function parseRetryAfter(value: string, now: number): number | undefined {
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
