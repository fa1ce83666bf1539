// Public entry @petstore/mock-server/vitest: one call per test file gives it a
// mock API of its own, reset between tests, failing the test that sent a
// request the contract refuses. The only entry that imports vitest (an
// optional peer, as msw is for the handlers).
export { useMockApi, type InProcessMockApi, type InProcessMockApiOptions, type MockApiHandle, type SessionMockApi, type SessionMockApiOptions, type UseMockApiOptions } from './use-mock-api.js';
export type { InProcessControls, InProcessMockOptions } from './in-process-transport.js';
export type { RefusalMatch } from '../test-kit/refusal-check.js';
export type { SessionControls } from '../test-kit/session-controls.js';
export { DEV_API_KEY, RefusedRequestError, type RefusalCode, type RefusedRequest } from '../core/index.js';
