import type { WithResponse } from './api-promise.js';
import type { AnyCall } from './call.js';
import type { ClientSettings } from './client-settings.js';
import { parseDeprecation } from './deprecation.js';
import type { CallContext } from './errors/to-petstore-error.js';
import { ResponseValidationError } from './errors/validation-errors.js';
import { readBody } from './read-body.js';

/**
 * A successful answer as the call's data: its body (read by the attempt, or
 * here where a caller's afterResponse hook returned another Response), its
 * deprecation headers told, and the body parsed: by the call's `parse`, or
 * none expected where the call has none.
 */
export async function readAnswer<T>(call: AnyCall<T>, response: Response, context: CallContext, settings: ClientSettings): Promise<WithResponse<T>> {
  const { label, progress } = context;
  const { answer } = progress;
  const text = answer?.[0] === response ? answer[1] : await readBody(response, settings.maxResponseBytes, label);
  const deprecation = parseDeprecation(response.headers);
  if (deprecation) settings.onDeprecation(call.operationId, deprecation);
  return {
    data: call.parse ? call.parse(parseJson(text, response.status, label, settings), text, label) : (settings.parseNone(text, response.status, label) as T),
    response,
    requestId: response.headers.get('x-request-id') ?? progress.requestId,
    deprecation,
  };
}

/** The body as JSON, per the validation mode; a body that is none or not JSON breaks the contract. */
function parseJson(text: string, status: number, label: string, settings: ClientSettings): unknown {
  try {
    return settings.parseJson(text);
  } catch {
    const what = text === '' ? `the ${status} response has no body` : 'the response body is not JSON';
    throw new ResponseValidationError(`${label}: ${what}`, [], text);
  }
}
