import { usageError } from '../errors/cli-error.js';
import { JQ_LIMITS, JQ_TIMEOUT_VARIABLE } from '../tables/jq-flag.js';

const { timeout } = JQ_LIMITS;

/** How long `--jq` may run: PETSTORE_JQ_TIMEOUT in whole milliseconds within JQ_LIMITS.timeout, else its default; anything else is a usage error naming the variable. */
export function jqTimeout(env: Readonly<Record<string, string | undefined>>): number {
  const text = env[JQ_TIMEOUT_VARIABLE];
  if (text === undefined || text === '') return timeout.default;
  const value = /^[0-9]+$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= timeout.min && value <= timeout.max)) {
    throw usageError(`${JQ_TIMEOUT_VARIABLE} must be whole milliseconds from ${timeout.min} to ${timeout.max}, got "${text}"`);
  }
  return value;
}
