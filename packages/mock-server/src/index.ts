// Public entry of @petstore/mock-server for Node.js: the programmatic server,
// the core it runs and the store. MSW handlers: @petstore/mock-server/msw.
export * from './web/core-exports.js';
export {
  ADMIN_FAULTS_PATH,
  ADMIN_OVERRIDES_PATH,
  ADMIN_REQUESTS_PATH,
  ADMIN_RESET_PATH,
  BASE_PATH,
  createMockApi,
  DEFAULT_SEED_COUNT,
  HttpError,
  type DelayOption,
  type ListOptions,
  type MockApi,
  type MockLogger,
  type MockRequest,
  type MockResponse,
  type Session,
  type SessionInfo,
  type SessionOptions,
} from './core/index.js';
export { createRequestLog, type LogFormat, type RequestLog, type RequestLogEntry } from './node/request-log.js';
export { MockServerConfigError, startMockServer, type MockServer, type MockServerOptions, type MockSession } from './node/start-mock-server.js';
