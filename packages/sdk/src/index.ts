// Public entry of @petstore/sdk: the client (on ky), its errors, and the API
// contract (schemas, types, limits). Imports nothing from node: — the same
// client runs in Node.js, browsers, Deno, Bun and workers. The contract alone: @petstore/sdk/contract.
// Each name is listed once: the client's from the module that defines it, the
// contract's from its own entry (the root re-exports the part apps need).
export { ApiPromise, type WithResponse } from './client/api-promise.js';
export type { Deprecation } from './client/deprecation.js';
export {
  ApiError,
  AuthenticationError,
  BadRequestError,
  NotFoundError,
  RateLimitError,
  ServerError,
  type ApiErrorInit,
} from './client/errors/api-error.js';
export { ConfigurationError } from './client/errors/configuration-error.js';
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
} from './client/errors/guards.js';
export { PetstoreError } from './client/errors/petstore-error.js';
export { ResponseTooLargeError } from './client/errors/response-too-large-error.js';
export { ConnectionError, TimeoutError, type ConnectionFailure } from './client/errors/transport-errors.js';
export { RequestValidationError, ResponseValidationError, type ValidationIssues } from './client/errors/validation-errors.js';
export type { ClientOptions, Logger, RequestOptions, ResponseValidation } from './client/options.js';
export type { PetCreateParams, PetListParams } from './client/params.js';
export { PetsResource } from './client/pets-resource.js';
export { PetstoreClient } from './client/petstore-client.js';
export {
  DEFAULT_PET_STATUS,
  ERROR_CODES,
  ErrorBody,
  GET_PET_REMOVAL_DATE,
  GET_PET_SUNSET,
  Id,
  LIST_LIMIT_DEFAULT,
  LIST_LIMIT_MAX,
  LIST_LIMIT_MIN,
  ListPetsQuery,
  NAME_MAX_LENGTH,
  NewPet,
  PET_STATUSES,
  Pet,
  PetName,
  Pets,
  PetStatus,
  type ErrorCode,
} from './contract/index.js';
