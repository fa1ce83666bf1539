import type { RequestHeaders } from './exchange.js';

/** `traceparent`: a page that traces its calls (the SDK takes its trace id as the request id). */
const ALLOWED_HEADERS = 'Authorization, Content-Type, Prefer, X-Request-Id, traceparent';
const EXPOSED_HEADERS = 'X-Request-Id, Deprecation, Sunset, Link, Preference-Applied, Allow, WWW-Authenticate';

/**
 * The origins allowed by default: pages served from this machine, on any port
 * (Vite's `server.cors` default, the same expression).
 */
export const LOOPBACK_ORIGIN = /^https?:\/\/(?:(?:[^:]+\.)?localhost|127\.0\.0\.1|\[::1\])(?::\d+)?$/;

/**
 * CORS for browser apps, allowing `methods` (every method the server answers). Loopback origins are always allowed; `origins` adds
 * more, and `*` allows any. Allowed origins are echoed back with
 * `Vary: Origin`; another origin gets no `Access-Control-Allow-*` header, so
 * the browser keeps the answer from the page (a page on the web must not drive
 * or read a server on the developer's machine).
 */
export function createCors(origins: readonly string[] | undefined, methods: readonly string[]) {
  const allowedMethods = methods.join(', ');
  const anyOrigin = origins?.includes('*') ?? false;
  const allowed = new Set(origins);
  const isAllowed = (origin: string): boolean => anyOrigin || LOOPBACK_ORIGIN.test(origin) || allowed.has(origin);

  return {
    /**
     * Adds the CORS headers of an ordinary response to `target`. Browsers send
     * `Origin` on every cross-origin request and read these headers only then,
     * so a request without one (curl, a server, a same-origin page) gets none.
     */
    addResponseHeaders(headers: RequestHeaders, target: Record<string, string>): void {
      if (anyOrigin) {
        if (headers['origin'] === undefined) return;
        target['access-control-allow-origin'] = '*';
      } else {
        target['vary'] = 'Origin';
        const origin = headers['origin'];
        if (typeof origin !== 'string' || !isAllowed(origin)) return;
        target['access-control-allow-origin'] = origin;
      }
      target['access-control-expose-headers'] = EXPOSED_HEADERS;
    },
    /** Headers of the answer to a preflight `OPTIONS` request: none that allow anything for an origin not allowed. */
    preflightHeaders(headers: RequestHeaders): Record<string, string> {
      const origin = headers['origin'];
      const vary: Record<string, string> = anyOrigin ? {} : { vary: 'Origin' };
      if (typeof origin !== 'string' || !isAllowed(origin)) return vary;
      return {
        ...vary,
        'access-control-allow-origin': anyOrigin ? '*' : origin,
        'access-control-allow-methods': allowedMethods,
        'access-control-allow-headers': ALLOWED_HEADERS,
        'access-control-max-age': '600',
      };
    },
  };
}

/**
 * The answer to a preflight that came without `Origin`, for a transport that
 * answers inside the test process (the MSW handlers in Node.js), where no other
 * site can reach it: there MSW drops the `Origin` and `Access-Control-Request-*`
 * headers a DOM environment's fetch (happy-dom) sends with its preflight, so the
 * origin rule above could only refuse it. Allows any origin, `methods`, and the
 * headers asked for (`askedHeaders`), or else those a browser app of the API sends.
 */
export function openPreflightHeaders(askedHeaders: string | undefined, methods: readonly string[]): Record<string, string> {
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': methods.join(', '),
    'access-control-allow-headers': askedHeaders || ALLOWED_HEADERS,
    'access-control-max-age': '600',
  };
}
