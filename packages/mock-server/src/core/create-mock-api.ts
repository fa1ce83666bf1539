import type { MockRequest, MockResponse } from './api/exchange.js';
import type { PetStore, SeedPet } from './api/pet-store.js';
import { handleRequest } from './handle-request.js';
import type { RecordedRequests } from './journal/recorded-requests.js';
import { createMockApiParts } from './mock-api-parts.js';
import type { MockApiOptions } from './mock-api-options.js';
import type { Faults } from './staged/faults.js';
import type { Overrides } from './staged/overrides.js';

export type { DelayOption } from './staged-delay.js';
export type { MockApiOptions, MockLogger } from './mock-api-options.js';
export { BASE_PATH } from './paths.js';

/** The whole API as a function from a plain request to a plain response. */
export interface MockApi {
  /** Answers a request. */
  handle(request: MockRequest): Promise<MockResponse>;
  readonly store: PetStore;
  /** Failures armed from outside the app: `faults.next('listPets', { status: 503, retryAfter: 1 })`. */
  readonly faults: Faults;
  /** Answers staged per operation, typed and checked against the contract: `overrides.next('listPets', { body: pets })`. */
  readonly overrides: Overrides;
  /** The requests the mock answered (admin requests excepted), newest last. */
  readonly requests: RecordedRequests;
  /** What `POST /__admin/reset` does: the store back to its seed (or to `seed`), overrides and faults cleared, requests forgotten. */
  reset(seed?: number | SeedPet[]): void;
}

/**
 * Creates the mock API: routing, authentication, validation, the store, error
 * mapping, CORS, deprecation headers and staged outcomes (faults, `Prefer`, the
 * delay option: staged/). Its parts are built once (mock-api-parts.ts); each
 * request takes one path through them (handle-request.ts). Imports neither
 * `node:http` nor `msw`: the Node server and the MSW handlers are thin
 * adapters around `handle`.
 */
export function createMockApi(options: MockApiOptions = {}): MockApi {
  const parts = createMockApiParts(options);
  const { store, faults, overrides, requests, reset } = parts;
  return { handle: (request) => handleRequest(parts, request), store, faults, overrides, requests, reset };
}
