// Public entry @petstore/sdk/values: the contract's plain values (statuses,
// limits, deprecation dates) without zod or the client, for programs that only
// need the names and numbers, such as a CLI's --help.
export { GET_PET_DEPRECATION, GET_PET_LINK, GET_PET_REMOVAL_DATE, GET_PET_REPLACEMENT, GET_PET_SUNSET } from './contract/deprecation.js';
export { ID_MAX, LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, LIST_LIMIT_MIN, NAME_MAX_LENGTH } from './contract/limits.js';
export type { OperationId } from './contract/operations.js';
export { DEFAULT_PET_STATUS, PET_STATUSES } from './contract/statuses.js';
