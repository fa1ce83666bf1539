import { emitDeprecationWarning } from '#runtime';
import { defaultLogger } from './default-logger.js';
import type { Logger } from './options.js';

/** The message and its details, made only for the one warning (a deprecated call is made often). */
export type Warning = () => [message: string, details?: Record<string, unknown>];

/** The operations warned about in this process: one warning each, however many clients use them. */
const warned = new Set<string>();

/**
 * Warns, once per process, that `operationId` is deprecated: through the
 * caller's logger when there is one; else in Node.js (and Bun, Deno) as a
 * DeprecationWarning (`PETSTORE_GET_PET` for `getPet`; `--no-deprecation`
 * silences it), elsewhere through the default logger.
 */
export function warnDeprecation(operationId: string, warning: Warning, logger: Logger | undefined): void {
  if (warned.has(operationId)) return;
  warned.add(operationId);
  const [message, details] = warning();
  if (logger) logger.warn(message, details);
  else if (!emitDeprecationWarning(operationId, message)) defaultLogger.warn(message, details);
}
