import { ApiError, AuthenticationError, BadRequestError, NotFoundError, RateLimitError, ServerError } from './api-error.js';
import { PetstoreError } from './petstore-error.js';
import { ResponseTooLargeError } from './response-too-large-error.js';
import { ConnectionError, TimeoutError } from './transport-errors.js';
import { RequestValidationError, ResponseValidationError } from './validation-errors.js';

/** Any error the SDK throws: by class, or by its brand where the class is another realm's copy. */
export const isPetstoreError = (error: unknown): error is PetstoreError =>
  error instanceof PetstoreError || (error as { isPetstoreError?: unknown } | null)?.isPetstoreError === true;

/**
 * A guard for `Class`: `instanceof`, or the brand and one of `names` (the
 * class's own and its subclasses'; written out, since minifiers rename classes).
 */
const guard =
  <T extends PetstoreError>(Class: abstract new (...args: never[]) => T, ...names: string[]) =>
  (error: unknown): error is T =>
    error instanceof Class || (isPetstoreError(error) && names.includes(error.name));

/** An HTTP error status from the service. */
export const isApiError = /* @__PURE__ */ guard(ApiError, 'ApiError', 'BadRequestError', 'AuthenticationError', 'NotFoundError', 'RateLimitError', 'ServerError');
/** 400. */
export const isBadRequestError = /* @__PURE__ */ guard(BadRequestError, 'BadRequestError');
/** 401. */
export const isAuthenticationError = /* @__PURE__ */ guard(AuthenticationError, 'AuthenticationError');
/** 404. */
export const isNotFoundError = /* @__PURE__ */ guard(NotFoundError, 'NotFoundError');
/** 429. */
export const isRateLimitError = /* @__PURE__ */ guard(RateLimitError, 'RateLimitError');
/** 500 to 599. */
export const isServerError = /* @__PURE__ */ guard(ServerError, 'ServerError');
/** No HTTP answer at all. */
export const isConnectionError = /* @__PURE__ */ guard(ConnectionError, 'ConnectionError');
/** A per-attempt or total timeout. */
export const isTimeoutError = /* @__PURE__ */ guard(TimeoutError, 'TimeoutError');
/** A response body larger than `maxResponseBytes`. */
export const isResponseTooLargeError = /* @__PURE__ */ guard(ResponseTooLargeError, 'ResponseTooLargeError');
/** Arguments refused before sending. */
export const isRequestValidationError = /* @__PURE__ */ guard(RequestValidationError, 'RequestValidationError');
/** A response that breaks the contract. */
export const isResponseValidationError = /* @__PURE__ */ guard(ResponseValidationError, 'ResponseValidationError');
