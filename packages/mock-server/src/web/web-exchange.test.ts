import { describe, expect, it } from 'vitest';
import { createPathMatcher, toResponse } from './web-exchange.js';

describe('createPathMatcher', () => {
  const paths = (matcher: ReturnType<typeof createPathMatcher>, urls: readonly string[]) => urls.map((url) => matcher.corePath(new URL(url)));

  it("gives the core every path on the mock's origin: the API's, and the others for a 404 naming the operation meant", () => {
    const matcher = createPathMatcher('http://api.test/v1');
    expect(matcher.mountPath).toBe('');
    expect(paths(matcher, ['http://api.test/v1/pets', 'http://api.test/__admin/reset', 'http://api.test/pets', 'http://other.test/v1/pets'])).toEqual(['/v1/pets', '/__admin/reset', '/pets', undefined]);
  });

  it('mounts the core at the proxy prefix, and leaves the paths outside it alone', () => {
    const matcher = createPathMatcher('http://api.test/api/v1');
    expect(matcher.mountPath).toBe('/api');
    expect(paths(matcher, ['http://api.test/api/v1/pets', 'http://api.test/api/pets', 'http://api.test/v1/pets'])).toEqual(['/v1/pets', '/pets', undefined]);
  });

  it("on an origin that also serves the app, takes only the API's paths: the app's own pages and scripts stay the app's", () => {
    const matcher = createPathMatcher('http://localhost:5173/v1', 'http://localhost:5173');
    expect(paths(matcher, ['http://localhost:5173/v1/pets', 'http://localhost:5173/__admin/reset', 'http://localhost:5173/src/main.ts', 'http://localhost:5173/pets'])).toEqual([
      '/v1/pets',
      '/__admin/reset',
      undefined,
      undefined,
    ]);
    expect(createPathMatcher('http://api.test/v1', 'http://localhost:5173').corePath(new URL('http://api.test/pets'))).toBe('/pets');
  });
});

describe('toResponse', () => {
  it('declares the length of a body in UTF-8 bytes, as the Node server does: MSW keeps the connection for the next request', async () => {
    const body = JSON.stringify({ name: 'Zoë' });
    const response = toResponse({ status: 200, headers: { 'content-type': 'application/json' }, body }, new Request('http://api.test/v1/pets/1'));
    expect(response.headers.get('content-length')).toBe(String(new TextEncoder().encode(body).byteLength));
    expect(await response.text()).toBe(body);
    const head = toResponse({ status: 200, headers: { 'content-type': 'application/json' }, body }, new Request('http://api.test/v1/pets/1', { method: 'HEAD' }));
    expect(head.headers.has('content-length')).toBe(false);
  });

  it("declares a stalled body's whole length, sends half of it, and errors the rest with the signal's reason", async () => {
    const body = JSON.stringify([{ id: 1, name: 'Zoë', categoryId: 1, status: 'available' }]);
    const controller = new AbortController();
    const response = toResponse({ status: 200, headers: { 'content-type': 'application/json' }, body, fault: 'stall' }, new Request('http://api.test/v1/pets', { signal: controller.signal }));
    const length = new TextEncoder().encode(body).byteLength;
    expect(response.headers.get('content-length')).toBe(String(length));
    const reader = response.body!.getReader();
    expect((await reader.read()).value?.byteLength).toBe(Math.ceil(length / 2));
    const pending = reader.read();
    const reason = new Error('gave up');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it.each([204, 205, 304])('sends no body with a %s, whatever the answer holds: the Response constructor throws on one', async (status) => {
    const response = toResponse({ status, headers: {}, body: '{"code":"x"}' }, new Request('http://api.test/v1/pets', { method: 'DELETE' }));
    expect(response.status).toBe(status);
    expect(response.body).toBeNull();
    expect(await response.text()).toBe('');
  });
});
