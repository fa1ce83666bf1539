// Public entry @petstore/mock-server/fetch: the mock API as an in-process
// fetch function, for unit tests in any runtime. Imports nothing from node:.
export { createMockFetch, type CreateMockFetchOptions, type MockFetch } from './create-mock-fetch.js';
export * from '../web/core-exports.js';
