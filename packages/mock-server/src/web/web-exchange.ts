// The mock core's plain data to and from the web's Request and Response: one
// mapping for every transport built on web standards (the MSW handlers and the
// in-process fetch). Imports nothing from node: and nothing from msw.
import { ADMIN_PATH, BASE_PATH, BodyTooLargeError, MAX_BODY_BYTES, type MockRequest, type MockResponse } from '../core/index.js';

/** How a web transport maps URLs to the core's paths (createPathMatcher). */
export interface PathMatcher {
  /** What comes before `/v1` in `baseUrl` (a proxy prefix such as `/api`, or nothing): where the core is mounted. */
  mountPath: string;
  /** The core's path for a URL (`/v1/…`, `/__admin/…`, or another path the core answers with a 404), or undefined for a URL that is not the mock's. */
  corePath(url: URL): string | undefined;
}

/**
 * The URLs a mock at `baseUrl` answers. `baseUrl` ends in `/v1`: absolute, or
 * in a browser a path on the page's own origin; whatever comes before `/v1`
 * (a proxy prefix such as `/api`) is not the API's. URLs on its origin under
 * that prefix are the mock's: `/v1/…`, `/__admin/…`, and any other (`/pets`: the
 * base path missed), which the core answers with a 404 naming the operation
 * meant, as the Node server does; but on `appOrigin`, an origin that also
 * serves the app (the page's own, for MSW in a browser), only the API's paths.
 */
export function createPathMatcher(baseUrl: string, appOrigin?: string): PathMatcher {
  const base = new URL(baseUrl, globalThis.location?.href ?? 'http://localhost');
  const basePath = base.pathname.replace(/\/$/, '');
  if (!basePath.endsWith(BASE_PATH)) throw new TypeError(`baseUrl must end with ${BASE_PATH}, got "${baseUrl}"`);
  const prefix = basePath.slice(0, -BASE_PATH.length);
  const wholeOrigin = base.origin !== appOrigin;
  const corePath = (url: URL): string | undefined => {
    if (url.origin !== base.origin || !url.pathname.startsWith(`${prefix}/`)) return undefined;
    const path = url.pathname.slice(prefix.length);
    return wholeOrigin || path === BASE_PATH || path.startsWith(`${BASE_PATH}/`) || path.startsWith(`${ADMIN_PATH}/`) ? path : undefined;
  };
  return { mountPath: prefix, corePath };
}

/** The body's bytes, read no further than `MAX_BODY_BYTES`: a larger body is cancelled, not buffered. */
async function readBoundedBody(request: Request): Promise<Uint8Array> {
  if (request.body === null) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const encoder = new TextEncoder();

/** The statuses whose answer has no body (RFC 9110): the Response constructor throws on a body with them. */
const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([204, 205, 304]);

/** A web Request as the core's plain data; `path` is what `createPathMatcher` gave for its URL. */
export function fromRequest(request: Request, path: string): MockRequest {
  return {
    method: request.method,
    path,
    query: new URL(request.url).search.slice(1),
    headers: Object.fromEntries(request.headers),
    readBody: () => readBoundedBody(request),
    signal: request.signal,
  };
}

/**
 * A web Response for the core's: faults below HTTP as near as a browser can
 * come. A reset or an empty reply is a network error (`Response.error()`:
 * fetch rejects with a TypeError); a stall sends half the body and never ends,
 * unless `signal` aborts, which errors the body with the signal's reason as
 * fetch does. A HEAD answer has no body, nor a 204, 205 or 304.
 *
 * A body declares its whole length, as the Node server's does. Without it,
 * MSW in Node.js (@mswjs/interceptors 0.45) ends the body by closing the
 * connection: after every answer, so the client opens a new connection per
 * request (a cost that grew with each one opened: several times a
 * hand-written handler's per request); and for a stall once the client
 * aborts, which Node's fetch (undici) takes as the end of an answer it had
 * already given up on: an uncaught `AssertionError` that fails the test run
 * (docs/decisions.md, "#30: stall through MSW"). With a length, the close is
 * a body cut short, which undici drops for an aborted request.
 */
export function toResponse(result: MockResponse, request: Request): Response {
  if (result.fault === 'reset' || result.fault === 'empty') return Response.error();
  const init = { status: result.status, headers: result.headers };
  if (request.method === 'HEAD' || result.body === undefined || NULL_BODY_STATUSES.has(result.status)) return new Response(null, init);
  const bytes = encoder.encode(result.body);
  const headers = { ...result.headers, 'content-length': String(bytes.byteLength) };
  if (result.fault !== 'stall') return new Response(result.body, { ...init, headers });
  const { signal } = request;
  const half = bytes.subarray(0, Math.ceil(bytes.byteLength / 2));
  const stalled = new ReadableStream<Uint8Array>({
    start: (controller) => {
      controller.enqueue(half);
      signal.addEventListener('abort', () => controller.error(signal.reason), { once: true });
    },
  });
  return new Response(stalled, { ...init, headers });
}
