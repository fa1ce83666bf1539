import type { RequestHeaders } from './exchange.js';

const ALLOWED_HEADERS = 'Authorization, Content-Type, Prefer, X-Request-Id';
const EXPOSED_HEADERS = 'X-Request-Id, Deprecation, Sunset, Link, Preference-Applied, Allow, WWW-Authenticate';
const ALLOWED_METHODS = 'GET, POST, OPTIONS';

/**
 * CORS for browser apps. With no origins configured any origin may call (the
 * key in `Authorization` is what protects the API, not cookies); otherwise only
 * the listed ones, echoed back with `Vary: Origin`.
 */
export function createCors(origins: readonly string[] | undefined) {
  const anyOrigin = origins === undefined || origins.length === 0 || origins.includes('*');
  const allowed = new Set(origins);

  function allowOrigin(headers: RequestHeaders): Record<string, string> {
    if (anyOrigin) return { 'access-control-allow-origin': '*' };
    const origin = headers['origin'];
    if (typeof origin === 'string' && allowed.has(origin)) return { 'access-control-allow-origin': origin, vary: 'Origin' };
    return { vary: 'Origin' };
  }

  return {
    /**
     * Adds the CORS headers of an ordinary response to `target`. Browsers send
     * `Origin` on every cross-origin request and read these headers only then,
     * so a request without one (curl, a server, a same-origin page) gets none.
     */
    addResponseHeaders(headers: RequestHeaders, target: Record<string, string>): void {
      if (headers['origin'] === undefined) {
        if (!anyOrigin) target['vary'] = 'Origin';
        return;
      }
      Object.assign(target, allowOrigin(headers));
      target['access-control-expose-headers'] = EXPOSED_HEADERS;
    },
    /** Headers of the answer to a preflight `OPTIONS` request. */
    preflightHeaders(headers: RequestHeaders): Record<string, string> {
      return {
        ...allowOrigin(headers),
        'access-control-allow-methods': ALLOWED_METHODS,
        'access-control-allow-headers': ALLOWED_HEADERS,
        'access-control-max-age': '600',
      };
    },
  };
}
