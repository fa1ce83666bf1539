// Public entry of @petstore/mock-server for Node.js: the programmatic server,
// the core it runs and the store. MSW handlers: @petstore/mock-server/msw.
export {
  ADMIN_RESET_PATH,
  BASE_PATH,
  createMockApi,
  createPetStore,
  DEFAULT_SEED_COUNT,
  DEV_API_KEY,
  generateSeed,
  type DelayOption,
  type ListOptions,
  type MockApi,
  type MockApiOptions,
  type MockLogger,
  type MockRequest,
  type MockResponse,
  type PetStore,
  type SeedPet,
} from './core/index.js';
export { createRequestLog, type LogFormat, type RequestLog, type RequestLogEntry } from './node/request-log.js';
export { MockServerConfigError, startMockServer, type MockServer, type MockServerOptions } from './node/start-mock-server.js';
