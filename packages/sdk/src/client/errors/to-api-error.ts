import type { ErrorBody } from '../../contract/index.js';
import {
  ApiError,
  AuthenticationError,
  BadRequestError,
  NotFoundError,
  RateLimitError,
  ServerError,
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
export function toApiError(response: Response, rawBody: string, request: string): ApiError {
  const { status, headers } = response;
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    // Not JSON (an empty body included): the raw text is what there is.
  }
  const error = isErrorBody(body) ? body : undefined;
  const ErrorClass = CLASS_BY_STATUS[status] ?? (status >= 500 && status <= 599 ? ServerError : ApiError);
  return new ErrorClass({
    status,
    code: error?.code ?? `http_${status}`,
    message: error?.message ?? describeStatus(response),
    body,
    rawBody,
    headers,
    requestId: headers.get('x-request-id') ?? undefined,
    request,
  });
}

/**
 * A message for an answer without an Error body. A redirect reaching here is
 * a write's (reads follow theirs): it names where it pointed, which browsers hide.
 */
function describeStatus(response: Response): string {
  const location = response.headers.get('location');
  return response.type === 'opaqueredirect' || location ? `redirected to ${location ?? 'a hidden location'}, not followed for a write` : response.statusText || 'HTTP error';
}

/** The spec's Error shape, checked by hand: the code and message are all this needs. */
function isErrorBody(body: unknown): body is ErrorBody {
  const candidate = body as Partial<ErrorBody> | null | undefined;
  return typeof candidate?.code === 'string' && typeof candidate.message === 'string';
}
