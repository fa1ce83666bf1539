import { http, HttpResponse, type HttpHandler } from 'msw';
import {
  ADMIN_RESET_PATH,
  BASE_PATH,
  BodyTooLargeError,
  createMockApi,
  MAX_BODY_BYTES,
  type MockApiOptions,
} from '../core/index.js';

export interface CreateHandlersOptions extends MockApiOptions {
  /**
   * The API's base address, ending in `/v1`: absolute (`http://localhost:4010/v1`)
   * or, in a browser, a path on the page's own origin (`/v1`, `/api/v1`).
   */
  baseUrl: string;
}

/**
 * MSW handlers that answer the whole Animal Store API with the same core as the
 * Node server: same validation, same Error bodies, same store semantics. Use
 * with `setupWorker(...createHandlers({ baseUrl }))` or `setupServer(...)`.
 */
export function createHandlers(options: CreateHandlersOptions): HttpHandler[] {
  const api = createMockApi(options);
  const base = new URL(options.baseUrl, globalThis.location?.href ?? 'http://localhost');
  const basePath = base.pathname.replace(/\/$/, '');
  if (!basePath.endsWith(BASE_PATH)) throw new TypeError(`baseUrl must end with ${BASE_PATH}, got "${options.baseUrl}"`);
  // Whatever comes before /v1 (a proxy prefix such as /api) is not the API's.
  const prefix = basePath.slice(0, -BASE_PATH.length);

  const corePath = (url: URL): string | undefined => {
    if (url.origin !== base.origin || !url.pathname.startsWith(`${prefix}/`)) return undefined;
    const path = url.pathname.slice(prefix.length);
    return path === BASE_PATH || path.startsWith(`${BASE_PATH}/`) || path === ADMIN_RESET_PATH ? path : undefined;
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
          const text = await request.text();
          if (new TextEncoder().encode(text).length > MAX_BODY_BYTES) throw new BodyTooLargeError();
          return text;
        },
      });
      return new HttpResponse(result.body ?? null, { status: result.status, headers: result.headers });
    },
  );
  return [handler];
}
