import { createMockApi, type MockApi, type MockApiOptions } from '../core/index.js';
import { createPathMatcher, fromRequest, toResponse } from '../web/web-exchange.js';

export interface CreateMockFetchOptions extends MockApiOptions {
  /**
   * The API's base address, ending in `/v1`: absolute (`http://mock.test/v1`)
   * or, in a browser, a path on the page's own origin (`/v1`, `/api/v1`).
   * Only URLs under its origin and prefix are answered: the API, the admin
   * API at `/__admin` on the same origin and prefix, and any other path with a
   * 404 naming the operation meant (`/pets`: did you mean GET /v1/pets?).
   */
  baseUrl: string;
}

/** A `fetch` that answers from the mock in this process, with the mock's test controls. */
export type MockFetch = Pick<MockApi, 'faults' | 'overrides' | 'requests' | 'reset' | 'store'> & {
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
};

/** Settles as `promise` does, or rejects with `signal`'s reason once it aborts, as fetch does while it waits. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * The mock API as a `fetch` function, in this process: no socket, no MSW,
 * only web standards, so it runs in Node.js, browsers, Deno, Bun and workers.
 * The same core as the Node server and the MSW handlers answers, with the same
 * test controls on the returned object. A path on `baseUrl`'s origin outside
 * the API gets the Node server's 404 (a refused request); a URL on another
 * origin is refused with a TypeError naming it: a test double never reaches
 * the network.
 */
export function createMockFetch(options: CreateMockFetchOptions): MockFetch {
  const { mountPath, corePath } = createPathMatcher(options.baseUrl);
  const api = createMockApi({ ...options, mountPath: options.mountPath ?? mountPath });

  async function mockFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init);
    const path = corePath(new URL(request.url));
    if (path === undefined) {
      throw new TypeError(`mock fetch: ${request.method} ${request.url} is outside the mock's baseUrl ${options.baseUrl}; it answers nothing else`);
    }
    request.signal.throwIfAborted();
    const result = await untilAborted(api.handle(fromRequest(request, path)), request.signal);
    request.signal.throwIfAborted();
    const response = toResponse(result, request);
    if (response.type === 'error') throw new TypeError('fetch failed: the mock staged a network error', { cause: result.fault });
    return response;
  }

  return { fetch: mockFetch, faults: api.faults, overrides: api.overrides, requests: api.requests, reset: api.reset, store: api.store };
}
