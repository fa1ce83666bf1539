// Public entry @petstore/mock-server/playwright: Playwright's `test` with a
// `mock` fixture, a session of each test's own on one petstore-mock, failing
// the test that sent a request the contract refuses. The only entry that
// imports @playwright/test (an optional peer).
export { test } from './mock-test.js';
export { expect } from '@playwright/test';
export { mockFixtures, type MockFixture, type MockServerFixture, type MockTestFixtures, type MockTestOptions, type MockWorkerFixtures, type MockWorkerOptions } from './mock-fixtures.js';
export { mockServerGlobalSetup } from './mock-server-global-setup.js';
export type { RefusalMatch } from '../test-kit/refusal-check.js';
export type { SessionControls } from '../test-kit/session-controls.js';
export type { MockServerOptions } from '../node/start-mock-server.js';
export { DEV_API_KEY, RefusedRequestError, type RefusalCode, type RefusedRequest, type SeedPet } from '../core/index.js';
