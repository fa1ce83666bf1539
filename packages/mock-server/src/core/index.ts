// The mock API's core: plain data in, plain data out. Imports neither node:http
// nor msw; see ../node and ../msw for the transports.
export { DEV_API_KEY } from './api/api-keys.js';
export { ADMIN_FAULTS_PATH, ADMIN_OVERRIDES_PATH, ADMIN_PATH, ADMIN_REQUESTS_PATH, ADMIN_RESET_PATH, MAX_RESET_SEED } from './admin/admin.js';
export { createMockOpenApiDocument } from './admin/admin-document.js';
export { createMockApi, type MockApi } from './create-mock-api.js';
export type { MockApiOptions, MockLogger } from './mock-api-options.js';
export { BASE_PATH } from './paths.js';
export { SERVER_METHODS } from './server-methods.js';
export type { DelayOption } from './staged-delay.js';
export { BodyTooLargeError } from './api/body-too-large-error.js';
export { openPreflightHeaders } from './api/cors.js';
export { MAX_BODY_BYTES, type ErrorExplanation, type MockRequest, type MockResponse, type RequestHeaders } from './api/exchange.js';
export { RefusedRequestError, type RefusedRequest } from './journal/refused-request-error.js';
export type { OnRefusedRequest, RefusalCode } from './journal/refused-requests.js';
export type { RecordedInput } from './journal/recorded-input.js';
export { FAULT_KINDS, type ArmedFault, type FaultKind, type FaultOptions, type Faults, type FaultSpec } from './staged/faults.js';
export { type ListPetsQueryMatch, type OverrideMatch, type OverrideMatches } from './staged/override-match.js';
export {
  MAX_ARMED_OVERRIDES,
  MAX_OVERRIDE_BYTES,
  type ArmedOverride,
  type OverrideAnswer,
  type OverrideOptions,
  type Overrides,
  type OverrideSpec,
} from './staged/overrides.js';
export { HttpError } from './api/http-error.js';
export { createErrorCodeRenamer } from './api/service-choices.js';
export { DEFAULT_RECORDED_REQUESTS, MAX_JOURNAL_SIZE, type RecordedCall, type RecordedRequest, type RecordedRequests, type RequestFilter } from './journal/recorded-requests.js';
export { createPetStore, nextPetId, seedPets, toStoredPet, type ListOptions, type PetStore, type SeedPet, type StoredPet } from './api/pet-store.js';
export { closestWord } from './api/closest-word.js';
export { checkSeedAnimals, DEFAULT_SEED_COUNT, generateSeed, seedAnimals } from './api/seed.js';
export { ADMIN_SESSIONS_PATH, SESSIONS_PATH, type SessionInfo } from './admin/session-admin.js';
export {
  createSessions,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_SESSION_IDLE_MS,
  MAX_SESSION_IDLE_MS,
  MAX_SESSIONS_LIMIT,
  SESSION_JOURNAL_BYTES,
  SESSION_JOURNAL_SIZE,
  SESSION_MAX_PETS,
  SESSION_MEMORY_BYTES,
  SESSION_OVERRIDE_BYTES,
  type Session,
  type SessionOptions,
  type Sessions,
} from './sessions/sessions.js';
