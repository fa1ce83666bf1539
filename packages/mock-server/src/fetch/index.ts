// Public entry @petstore/mock-server/fetch: the mock API as an in-process
// fetch function, for unit tests in any runtime. Imports nothing from node:.
export { createMockFetch, type CreateMockFetchOptions, type MockFetch } from './create-mock-fetch.js';
export {
  createPetStore,
  DEV_API_KEY,
  FAULT_KINDS,
  generateSeed,
  type ArmedFault,
  type FaultKind,
  type Faults,
  type FaultSpec,
  type MockApiOptions,
  type PetStore,
  type RecordedRequest,
  type RecordedRequests,
  type RequestFilter,
  type SeedPet,
} from '../core/index.js';
