// The mock API's core: plain data in, plain data out. Imports neither node:http
// nor msw; see ../node and ../msw for the transports.
export { DEV_API_KEY } from './api-keys.js';
export {
  ADMIN_RESET_PATH,
  BASE_PATH,
  createMockApi,
  type DelayOption,
  type MockApi,
  type MockApiOptions,
  type MockLogger,
} from './create-mock-api.js';
export { BodyTooLargeError } from './body-too-large-error.js';
export { MAX_BODY_BYTES, type MockRequest, type MockResponse, type RequestHeaders } from './exchange.js';
export { HttpError } from './http-error.js';
export type { Journal } from './journal.js';
export { createPetStore, seedPets, type ListOptions, type PetStore, type SeedPet } from './pet-store.js';
export { DEFAULT_SEED_COUNT, generateSeed } from './seed.js';
