// The Animal Store API contract: schemas, types and limits that the SDK, the mock
// server, the CLI and the OpenAPI document all derive from. Imports nothing but
// zod/mini, so servers can use it without pulling in the HTTP client. Schemas
// are built under /* @__PURE__ */ so that bundlers drop the ones an app does not use.
export {
  GET_PET_DEPRECATION,
  GET_PET_LINK,
  GET_PET_REMOVAL_DATE,
  GET_PET_REPLACEMENT,
  GET_PET_SUNSET,
} from './deprecation.js';
export { ERROR_CODES, ErrorBody, type ErrorCode } from './error-body.js';
export { describeIssue } from './issue-messages.js';
export { formatIssues, type InputLocation } from './issues.js';
export { ID_MAX, LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, LIST_LIMIT_MIN, NAME_MAX_LENGTH } from './limits.js';
export {
  ListLimit,
  ListPetsQuery,
  ListPetsQueryParams,
  type ListPetsParams,
  type QueryParams,
} from './list-query.js';
export {
  OPERATION_IDS,
  OPERATIONS,
  definitionOf,
  operationMethods,
  operationsThat,
  successBodyOf,
  writes,
  type DocumentedStatus,
  type ErrorStatus,
  type OperationDefinition,
  type OperationDeprecation,
  type OperationEffect,
  type OperationId,
  type OperationMethod,
  type OperationInput,
  type OperationOf,
  type PathParamName,
  type OperationUrlPath,
  type RelativeUrlPath,
  type OperationSuccess,
  type OperationWithBody,
  type OperationWithQuery,
  type SuccessBody,
  type SuccessStatus,
} from './operations.js';
export { PetIdParam } from './pet-id.js';
export {
  Id,
  NewPet,
  Pet,
  PET_EXAMPLE,
  PetName,
  Pets,
  PetStatus,
  unknownFieldsMessage,
} from './pet.js';
export { QueryValue } from './query-value.js';
export {
  CHOICE_NAMES,
  KIT_CHOICES,
  parseServiceProfile,
  PROFILE_MAX_BYTES,
  PROFILE_VERSION,
  resolveChoices,
  SERVICE_CHOICES,
  ServiceProfile,
  type ChoiceName,
  type ServiceChoices,
} from './service-profile.js';
export { DEFAULT_PET_STATUS, PET_STATUSES } from './statuses.js';
