// Public entry @petstore/mock-server/msw: the mock API as MSW handlers, for
// browsers (setupWorker) and tests (setupServer). Imports nothing from node:.
export { createHandlers, type CreateHandlersOptions, type MockHandlers } from './create-handlers.js';
export * from '../web/core-exports.js';
