import { http, HttpResponse, type HttpHandler } from 'msw';
import {
  ADMIN_PATH,
  BASE_PATH,
  BodyTooLargeError,
  createMockApi,
  MAX_BODY_BYTES,
  type MockApi,
  type MockApiOptions,
  type MockResponse,
} from '../core/index.js';

export interface CreateHandlersOptions extends MockApiOptions {
  /**
   * The API's base address, ending in `/v1`: absolute (`http://localhost:4010/v1`)
   * or, in a browser, a path on the page's own origin (`/v1`, `/api/v1`).
   */
  baseUrl: string;
}

/** The handlers, with the mock's test controls: the same as the Node server's. */
export type MockHandlers = HttpHandler[] & Pick<MockApi, 'faults' | 'overrides' | 'requests' | 'reset' | 'store'>;

/**
 * An MSW response for the core's: faults below HTTP as near as a browser can
 * come. A reset or an empty reply is a network error (`HttpResponse.error()`:
 * fetch rejects with a TypeError); a stall sends half the body and never ends.
 */
function toMswResponse(result: MockResponse): Response {
  if (result.fault === 'reset' || result.fault === 'empty') return HttpResponse.error();
  if (result.fault === 'stall' && typeof result.body === 'string') {
    const half = result.body.slice(0, Math.ceil(result.body.length / 2));
    const stalled = new ReadableStream<Uint8Array>({ start: (controller) => controller.enqueue(new TextEncoder().encode(half)) });
    return new HttpResponse(stalled, { status: result.status, headers: result.headers });
  }
  return new HttpResponse(result.body ?? null, { status: result.status, headers: result.headers });
}

/**
 * MSW handlers that answer the whole Animal Store API with the same core as the
 * Node server: same validation, same Error bodies, same store semantics, and
 * the same test controls (`faults`, `overrides`, `requests`, `reset`) on the returned array.
 * Use with `setupWorker(...createHandlers({ baseUrl }))` or `setupServer(...)`.
 */
export function createHandlers(options: CreateHandlersOptions): MockHandlers {
  const api = createMockApi(options);
  const base = new URL(options.baseUrl, globalThis.location?.href ?? 'http://localhost');
  const basePath = base.pathname.replace(/\/$/, '');
  if (!basePath.endsWith(BASE_PATH)) throw new TypeError(`baseUrl must end with ${BASE_PATH}, got "${options.baseUrl}"`);
  // Whatever comes before /v1 (a proxy prefix such as /api) is not the API's.
  const prefix = basePath.slice(0, -BASE_PATH.length);

  const corePath = (url: URL): string | undefined => {
    if (url.origin !== base.origin || !url.pathname.startsWith(`${prefix}/`)) return undefined;
    const path = url.pathname.slice(prefix.length);
    return path === BASE_PATH || path.startsWith(`${BASE_PATH}/`) || path.startsWith(`${ADMIN_PATH}/`) ? path : undefined;
  };

  const handler = http.all(
    ({ request }) => corePath(new URL(request.url)) !== undefined,
    async ({ request }) => {
      const url = new URL(request.url);
      const result = await api.handle({
        method: request.method,
        path: corePath(url) ?? url.pathname,
        query: url.search.slice(1),
        headers: Object.fromEntries(request.headers),
        readBody: async () => {
          const bytes = new Uint8Array(await request.arrayBuffer());
          if (bytes.byteLength > MAX_BODY_BYTES) throw new BodyTooLargeError();
          return bytes;
        },
      });
      return toMswResponse(result);
    },
  );
  return Object.assign([handler], { faults: api.faults, overrides: api.overrides, requests: api.requests, reset: api.reset, store: api.store });
}
