import { logAttempt } from './attempt-log.js';
import type { ClientSettings } from './client-settings.js';
import { PetstoreError } from './errors/petstore-error.js';
import { toPetstoreError, type CallContext } from './errors/to-petstore-error.js';

/**
 * What a failed call throws: one of the SDK's errors, naming the call's
 * request id, whichever step it came from, and logged. With the caller's
 * hooks, ky's beforeError hooks have mapped it (and a hook of theirs may have
 * replaced it).
 */
export function callFailure(thrown: unknown, context: CallContext, settings: ClientSettings): unknown {
  const error = settings.hooks ? thrown : toPetstoreError(thrown as Error, context);
  if (error instanceof PetstoreError) {
    error.requestId ??= context.progress.requestId;
    // The line of the last attempt's failure, or of one not retried (planRetry
    // tells those it retries), an answer that breaks the contract included.
    logAttempt(settings.debug, context, error);
  }
  return error;
}
