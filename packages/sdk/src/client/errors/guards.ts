import type { ApiError, AuthenticationError, BadRequestError, NotFoundError, RateLimitError, ServerError } from './api-error.js';
import type { PetstoreError } from './petstore-error.js';
import type { ConnectionError, TimeoutError } from './transport-errors.js';
import type { RequestValidationError, ResponseValidationError } from './validation-errors.js';

const API_ERROR_NAMES = new Set(['ApiError', 'BadRequestError', 'AuthenticationError', 'NotFoundError', 'RateLimitError', 'ServerError']);
const ALL_NAMES = new Set([
  ...API_ERROR_NAMES,
  'PetstoreError',
  'ConfigurationError',
  'ConnectionError',
  'TimeoutError',
  'RequestValidationError',
  'ResponseValidationError',
]);

// By name as well as by class: an error from another realm (an iframe, a second
// copy of the SDK in node_modules) fails instanceof but keeps its name.
const named =
  <T>(names: ReadonlySet<string>) =>
  (error: unknown): error is T =>
    error instanceof Error && names.has(error.name);

/** Any error the SDK throws. */
export const isPetstoreError = named<PetstoreError>(ALL_NAMES);
/** An HTTP error status from the service. */
export const isApiError = named<ApiError>(API_ERROR_NAMES);
/** 400. */
export const isBadRequestError = named<BadRequestError>(new Set(['BadRequestError']));
/** 401. */
export const isAuthenticationError = named<AuthenticationError>(new Set(['AuthenticationError']));
/** 404. */
export const isNotFoundError = named<NotFoundError>(new Set(['NotFoundError']));
/** 429. */
export const isRateLimitError = named<RateLimitError>(new Set(['RateLimitError']));
/** 500 and above. */
export const isServerError = named<ServerError>(new Set(['ServerError']));
/** No HTTP answer at all. */
export const isConnectionError = named<ConnectionError>(new Set(['ConnectionError']));
/** A per-attempt or total timeout. */
export const isTimeoutError = named<TimeoutError>(new Set(['TimeoutError']));
/** Arguments refused before sending. */
export const isRequestValidationError = named<RequestValidationError>(new Set(['RequestValidationError']));
/** A response that breaks the contract. */
export const isResponseValidationError = named<ResponseValidationError>(new Set(['ResponseValidationError']));
