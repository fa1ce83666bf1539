import { PetstoreError } from './petstore-error.js';

/** What the service said, as far as it said it. */
export interface ApiErrorInit {
  status: number;
  /** The Error body's `code`, or `http_<status>` when the body is not an Error body. */
  code: string;
  message: string;
  /** The parsed body (an Error body, other JSON), or undefined when it was not JSON. */
  body: unknown;
  /** The body as received: kept for bodies that are not the spec's Error (an HTML 502, say). */
  rawBody: string;
  /** The response's headers. */
  headers: Headers;
  /** The `X-Request-Id` of the response, for support. */
  requestId?: string | undefined;
  /** `METHOD URL` of the request. */
  request: string;
}

/** The service answered with an HTTP error status. Subclasses name the common ones. */
export class ApiError extends PetstoreError {
  override name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly body: unknown;
  readonly rawBody: string;
  /** The response's headers (`Retry-After`, `X-Request-Id`, `Location`, ...). */
  readonly headers: Headers;

  constructor(init: ApiErrorInit) {
    super(`${init.status} ${init.code}: ${init.message} (${init.request}${init.requestId ? `, request id ${init.requestId}` : ''})`);
    this.status = init.status;
    this.code = init.code;
    this.body = init.body;
    this.rawBody = init.rawBody;
    this.headers = init.headers;
    this.requestId = init.requestId;
  }
}

/** 400: the service refused the request's values. */
export class BadRequestError extends ApiError {
  override name = 'BadRequestError';
}

/** 401: the API key is missing or not accepted. */
export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError';
}

/** 404: no such animal (or no such path). */
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}

/** 429: too many requests; retried automatically for reads, honouring `Retry-After`. */
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
}

/** 500 to 599: the service failed; 500, 502, 503 and 504 are retried automatically for reads. */
export class ServerError extends ApiError {
  override name = 'ServerError';
}
