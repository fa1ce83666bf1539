import { http, type HttpHandler } from 'msw';
import { createMockApi, openPreflightHeaders, SERVER_METHODS, type MockApi, type MockApiOptions, type MockResponse } from '../core/index.js';
import { createPathMatcher, fromRequest, toResponse } from '../web/web-exchange.js';

export interface CreateHandlersOptions extends MockApiOptions {
  /**
   * The API's base address, ending in `/v1`: absolute (`http://localhost:4010/v1`)
   * or, in a browser, a path on the page's own origin (`/v1`, `/api/v1`).
   * On an origin of its own, the handlers answer every path under its prefix,
   * those outside the API with the Node server's 404 (`/pets`: did you mean
   * GET /v1/pets?); on the page's own origin only the API and `/__admin`.
   */
  baseUrl: string;
}

/** The handlers, with the mock's test controls: the same as the Node server's. */
export type MockHandlers = HttpHandler[] & Pick<MockApi, 'faults' | 'overrides' | 'requests' | 'reset' | 'store'>;

/**
 * The core's answer, but a preflight without `Origin` allowed whatever it asks.
 * In Node.js such a preflight is a DOM environment's (happy-dom checks CORS and
 * sends one for a URL off its page's origin), and MSW has dropped its `Origin`:
 * the handlers answer inside the test process, so they allow it rather than
 * block the test's every request. A preflight that names its origin meets the
 * core's rule, as on the Node server; a browser sends none to the service worker.
 */
function answerPreflight(answer: MockResponse, request: Request): MockResponse {
  if (request.method !== 'OPTIONS' || request.headers.has('origin')) return answer;
  return { ...answer, headers: { ...answer.headers, ...openPreflightHeaders(request.headers.get('access-control-request-headers') ?? undefined, SERVER_METHODS) } };
}

/**
 * MSW handlers that answer the whole Animal Store API with the same core as the
 * Node server: same validation, same Error bodies, same store semantics, and
 * the same test controls (`faults`, `overrides`, `requests`, `reset`) on the returned array.
 * Use with `setupWorker(...createHandlers({ baseUrl }))` or `setupServer(...)`.
 */
export function createHandlers(options: CreateHandlersOptions): MockHandlers {
  // The page's own origin also serves the app: there the handler leaves the paths outside the API to it.
  const { mountPath, corePath } = createPathMatcher(options.baseUrl, globalThis.location?.origin);
  const api = createMockApi({ ...options, mountPath: options.mountPath ?? mountPath });
  // A network error (a staged reset or empty reply) is `Response.error()`, which MSW turns into a rejected fetch.
  const handler = http.all(
    ({ request }) => corePath(new URL(request.url)) !== undefined,
    async ({ request }) => toResponse(answerPreflight(await api.handle(fromRequest(request, corePath(new URL(request.url)) ?? '')), request), request),
  );
  return Object.assign([handler], { faults: api.faults, overrides: api.overrides, requests: api.requests, reset: api.reset, store: api.store });
}
