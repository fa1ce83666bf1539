// Public entry @petstore/mock-server/msw: the mock API as MSW handlers, for
// browsers (setupWorker) and tests (setupServer). Imports nothing from node:.
export { createHandlers, type CreateHandlersOptions } from './create-handlers.js';
export { createPetStore, DEV_API_KEY, generateSeed, type MockApiOptions, type PetStore, type SeedPet } from '../core/index.js';
