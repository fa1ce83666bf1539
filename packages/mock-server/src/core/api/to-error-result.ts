import type { ErrorBody } from '@petstore/sdk/contract';
import { HttpError } from './http-error.js';
import type { OperationResult } from './operations.js';

/**
 * The one place an error becomes a response: an `HttpError` keeps its code,
 * status and headers; anything else is reported to `onUnexpected` and becomes
 * a 500 whose message reveals nothing of the cause.
 */
export function toErrorResult(error: unknown, onUnexpected: ((error: unknown) => void) | undefined): OperationResult {
  if (error instanceof HttpError) {
    const body: ErrorBody = { code: error.code, message: error.message, status: error.status };
    return { status: error.status, body: JSON.stringify(body), headers: error.headers };
  }
  onUnexpected?.(error);
  const body: ErrorBody = { code: 'internal_error', message: 'The mock server failed unexpectedly; see its log', status: 500 };
  return { status: 500, body: JSON.stringify(body) };
}
