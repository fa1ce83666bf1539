import type { Transport } from './http.js';

/**
 * The default transport: one `fetch` per attempt. The global `fetch` is looked
 * up per call, not kept, so a fetch installed later (a test's interceptor, a
 * polyfill) is the one used.
 */
export function fetchTransport(fetchFunction?: typeof globalThis.fetch): Transport {
  return async ({ method, url, headers, body, signal }) => {
    const response = await (fetchFunction ?? globalThis.fetch)(url, { method, headers, body: body ?? null, signal });
    const text = await response.text();
    return { status: response.status, statusText: response.statusText, headers: response.headers, body: text, toResponse: () => response };
  };
}
