// A stall through the MSW handlers read by a plain fetch, given up on with
// `AbortSignal.timeout` or an `AbortController`: the body rejects with the
// signal's reason, and nothing is left to fail the run.
import { createHandlers, DEV_API_KEY } from '@petstore/mock-server/msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';

const baseUrl = 'http://api.test/v1';
const handlers = createHandlers({ baseUrl, onRefusedRequest: 'error' });
const server = setupServer(...handlers);
const headers = { authorization: `Bearer ${DEV_API_KEY}` };

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => handlers.reset());
afterAll(() => server.close());

it('rejects the body read with a TimeoutError once AbortSignal.timeout fires', async () => {
  handlers.faults.next('listPets', { kind: 'stall' });
  const response = await fetch(`${baseUrl}/pets`, { headers, signal: AbortSignal.timeout(200) });
  expect(response.status).toBe(200);
  await expect(response.json()).rejects.toMatchObject({ name: 'TimeoutError' });
});

it("rejects a pending read with the controller's reason, after half the body", async () => {
  handlers.faults.next('listPets', { kind: 'stall' });
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/pets`, { headers, signal: controller.signal });
  const reader = response.body!.getReader();
  expect((await reader.read()).value?.byteLength).toBeGreaterThan(0);
  const pending = reader.read();
  const reason = new Error('gave up');
  controller.abort(reason);
  await expect(pending).rejects.toBe(reason);
});

it('leaves nothing behind when the response is aborted unread', async () => {
  handlers.faults.next('listPets', { kind: 'stall' });
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/pets`, { headers, signal: controller.signal });
  controller.abort();
  // What the abort leaves to settle (the mocked connection's close) settles within a few turns.
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(response.bodyUsed).toBe(false);
});
