import type { ErrorBody } from '../../contract/index.js';
import type { HttpResponse } from '../http.js';
import {
  ApiError,
  AuthenticationError,
  BadRequestError,
  NotFoundError,
  RateLimitError,
  ServerError,
  type ApiErrorInit,
} from './api-error.js';

const CLASS_BY_STATUS: Record<number, typeof ApiError> = {
  400: BadRequestError,
  401: AuthenticationError,
  404: NotFoundError,
  429: RateLimitError,
};

/**
 * The one place an HTTP error status becomes an error class. Whatever the body
 * (an Error body, other JSON, an HTML page from a proxy, nothing), the class
 * follows the status and the raw text is kept; parsing never throws.
 */
export function toApiError(answer: HttpResponse, request: string): ApiError {
  const rawBody = answer.body;
  let body: unknown;
  try {
    body = rawBody === '' ? undefined : (JSON.parse(rawBody) as unknown);
  } catch {
    body = undefined;
  }
  const error = isErrorBody(body) ? body : undefined;
  const init: ApiErrorInit = {
    status: answer.status,
    code: error?.code ?? `http_${answer.status}`,
    message: error?.message ?? (answer.statusText || 'HTTP error'),
    body,
    rawBody,
    // A Headers only when someone reads it: building one loads the runtime's fetch classes.
    headers: () => answer.toResponse().headers,
    requestId: answer.headers.get('x-request-id') ?? undefined,
    request,
  };
  const ErrorClass = CLASS_BY_STATUS[answer.status] ?? (answer.status >= 500 ? ServerError : ApiError);
  return new ErrorClass(init);
}

/** The spec's Error shape, checked by hand: the code and message are all this needs, and zod's object parser is not worth its bytes here. */
function isErrorBody(body: unknown): body is ErrorBody {
  const candidate = body as Partial<ErrorBody> | null | undefined;
  return typeof candidate?.code === 'string' && typeof candidate.message === 'string';
}
