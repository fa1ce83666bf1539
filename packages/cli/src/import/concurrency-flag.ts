import { usageError } from '../errors/cli-error.js';
import { IMPORT_LIMITS } from './import-limits.js';

const { concurrency } = IMPORT_LIMITS;

/** `--concurrency N`: a whole number within IMPORT_LIMITS.concurrency, else a usage error naming the flag. */
export function concurrencyFlag(text: string | undefined): number {
  if (text === undefined) return concurrency.default;
  const value = /^[0-9]+$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= concurrency.min && value <= concurrency.max)) {
    throw usageError(`--concurrency must be a whole number from ${concurrency.min} to ${concurrency.max}, got "${text}"`);
  }
  return value;
}
