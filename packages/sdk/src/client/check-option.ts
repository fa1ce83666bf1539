import { ConfigurationError } from './errors/configuration-error.js';

/** The largest delay timers take (2^31−1 ms, about 24.8 days); ky refuses more. */
export const MAX_TIMER_MS = 2_147_483_647;
/** More retries than this is a mistake, not a policy. */
export const MAX_RETRIES = 100;

/** A numeric option, when given, must be an integer within [min, max]: caught here, not as a RangeError from deep inside. */
export function checkOption(name: string, value: number | undefined, min: number, max: number): void {
  if (value !== undefined && !(Number.isInteger(value) && value >= min && value <= max)) {
    throw new ConfigurationError(`${name} must be an integer from ${min} to ${max}, got ${String(value)}`);
  }
}
