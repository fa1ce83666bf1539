export { ApiPromise, type WithResponse } from './api-promise.js';
export type { Deprecation } from './deprecation.js';
export {
  ApiError,
  AuthenticationError,
  BadRequestError,
  NotFoundError,
  RateLimitError,
  ServerError,
  type ApiErrorInit,
} from './errors/api-error.js';
export { ConfigurationError } from './errors/configuration-error.js';
export {
  isApiError,
  isAuthenticationError,
  isBadRequestError,
  isConnectionError,
  isNotFoundError,
  isPetstoreError,
  isRateLimitError,
  isRequestValidationError,
  isResponseTooLargeError,
  isResponseValidationError,
  isServerError,
  isTimeoutError,
} from './errors/guards.js';
export { PetstoreError } from './errors/petstore-error.js';
export { ResponseTooLargeError } from './errors/response-too-large-error.js';
export { ConnectionError, TimeoutError, type ConnectionFailure } from './errors/transport-errors.js';
export { RequestValidationError, ResponseValidationError, type ValidationIssues } from './errors/validation-errors.js';
export type { ClientOptions, Logger, RequestOptions, ResponseValidation } from './options.js';
export type { PetCreateParams, PetListParams } from './params.js';
export { PetsResource } from './pets-resource.js';
export { PetstoreClient } from './petstore-client.js';
