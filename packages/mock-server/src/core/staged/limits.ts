import * as z from 'zod/mini';

/** Longest delay a staged answer may wait: `Prefer: delay=MS`, a fault's or an override's `delayMs`. */
export const MAX_PREFERRED_DELAY_MS = 60_000;

/** Longest `Retry-After` a staged answer may send, a day: `Prefer: retry-after=N`, a fault's `retryAfter`. */
export const MAX_PREFERRED_RETRY_AFTER_S = 86_400;

/** An integer from `min` to `max`, refused with one message (`suffix` adds what else is allowed). */
export const between = (min: number, max: number, suffix = '') => {
  const message = `must be an integer from ${min} to ${max}${suffix}`;
  return z.int({ error: message }).check(z.minimum(min, message), z.maximum(max, message));
};
