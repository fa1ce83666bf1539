import { NetworkError } from 'ky';
import { logAttempt } from './attempt-log.js';
import type { ClientSettings } from './client-settings.js';
import { PetstoreError } from './errors/petstore-error.js';
import { refuseOtherOrigin, type CallContext } from './errors/to-petstore-error.js';
import { readBody } from './read-body.js';
import { newRequestId, traceIdOf } from './request-id.js';

/**
 * One attempt of a call, as ky's `fetch`: ky runs it within the attempt's
 * timeout and retries it as planRetry decides, so a body that stalls or
 * breaks off is timed and retried as a lost answer is. It stamps the
 * request id (after the caller's beforeRequest hooks), refuses an answer
 * from another origin, logs the answer's line, and reads a successful body
 * (ky reads an error body itself, within its own bounds). The attempt's own
 * controller, which follows ky's signal (its timeout, the caller's), ends the
 * fetch when the body is too large or the origin foreign.
 */
export async function attempt(request: Request, init: RequestInit | undefined, context: CallContext, settings: ClientSettings): Promise<Response> {
  const { headers } = request;
  const { progress } = context;
  // One id per call, on every attempt: the X-Request-Id the caller's headers or
  // hooks set, else the trace id of a traceparent they set (sent unchanged), else a new one.
  headers.set('x-request-id', (progress.requestId ??= headers.get('x-request-id') ?? traceIdOf(headers.get('traceparent')) ?? newRequestId()));
  request.signal.throwIfAborted();
  const own = new AbortController();
  request.signal.addEventListener('abort', () => own.abort());
  const response = await (settings.fetch ?? fetch)(request, { ...init, signal: own.signal });
  const crossOrigin = refuseOtherOrigin(response, context);
  if (crossOrigin) {
    own.abort();
    throw crossOrigin;
  }
  if (!response.ok) return response;
  logAttempt(settings.debug, context, response);
  try {
    // With afterResponse hooks, from a copy: ky gives each hook a clone of the answer, which must be unread.
    const read = settings.hooks?.afterResponse?.length ? response.clone() : response;
    progress.answer = [response, await readBody(read, settings.maxResponseBytes, context.label, own)];
  } catch (error) {
    // A body cut off is a network error, retried as ky retries one (an abort is ky's timeout or the caller's).
    throw request.signal.aborted || error instanceof PetstoreError ? error : new NetworkError(request, { cause: error as Error });
  }
  return response;
}
