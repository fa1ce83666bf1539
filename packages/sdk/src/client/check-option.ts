import { ConfigurationError } from './errors/configuration-error.js';

/** The largest delay timers take (2^31−1 ms, about 24.8 days); ky refuses more. */
const MAX_TIMER_MS = 2_147_483_647;

/** The numeric options, of the client and of a call, and their ranges (more than 100 retries is a mistake, not a policy). */
const OPTION_RANGES = {
  timeout: [1, MAX_TIMER_MS],
  totalTimeout: [1, MAX_TIMER_MS],
  maxRetries: [0, 100],
  maxRetryAfter: [0, MAX_TIMER_MS],
  maxResponseBytes: [1, Number.MAX_SAFE_INTEGER],
} as const;

/**
 * Each numeric option given must be an integer within its range: caught here,
 * as a ConfigurationError naming it, not as a RangeError from deep inside.
 */
export function checkOptions(options: Partial<Record<keyof typeof OPTION_RANGES, number | undefined>>): void {
  for (const [name, [min, max]] of Object.entries(OPTION_RANGES)) {
    const value = options[name as keyof typeof OPTION_RANGES];
    if (value !== undefined && !(Number.isInteger(value) && value >= min && value <= max)) {
      throw new ConfigurationError(`${name} must be an integer from ${min} to ${max}, got ${String(value)}`);
    }
  }
}
