// Public entry @petstore/mock-server/msw: the mock API as MSW handlers, for
// browsers (setupWorker) and tests (setupServer). Imports nothing from node:.
export { createHandlers, type CreateHandlersOptions, type MockHandlers } from './create-handlers.js';
export {
  createPetStore,
  DEV_API_KEY,
  FAULT_KINDS,
  generateSeed,
  type ArmedFault,
  type FaultKind,
  type Faults,
  type FaultSpec,
  type ArmedOverride,
  type OverrideAnswer,
  type OverrideMatch,
  type OverrideOptions,
  type Overrides,
  type MockApiOptions,
  type PetStore,
  type RecordedRequest,
  type RecordedRequests,
  type RequestFilter,
  type SeedPet,
} from '../core/index.js';
