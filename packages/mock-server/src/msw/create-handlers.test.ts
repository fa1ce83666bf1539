import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHandlers } from './create-handlers.js';

const baseUrl = 'http://api.test/v1';
const server = setupServer(...createHandlers({ baseUrl }));
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

const preflight = (headers: Record<string, string>) => fetch(`${baseUrl}/pets`, { method: 'OPTIONS', headers });

it("allows a preflight without Origin (a DOM environment's, whose Origin MSW drops) any origin, every method and the headers it asks for", async () => {
  const bare = await preflight({});
  expect(bare.status).toBe(204);
  expect(bare.headers.get('access-control-allow-origin')).toBe('*');
  expect(bare.headers.get('access-control-allow-methods')?.split(', ')).toEqual(expect.arrayContaining(['GET', 'POST', 'DELETE']));
  expect(bare.headers.get('access-control-allow-headers')).toMatch(/^Authorization, Content-Type/);
  const asking = await preflight({ 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,x-trace' });
  expect(asking.headers.get('access-control-allow-headers')).toBe('authorization,x-trace');
});

it('keeps the CORS rule for a preflight that names its origin: a loopback page is allowed, a page elsewhere on the web is not', async () => {
  const local = await preflight({ origin: 'http://localhost:5173', 'access-control-request-method': 'POST' });
  expect(local.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  const elsewhere = await preflight({ origin: 'https://evil.example', 'access-control-request-method': 'POST' });
  expect(elsewhere.status).toBe(204);
  expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
});
