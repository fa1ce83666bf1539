// A stall through the MSW handlers, given up on the way the SDK's users give up:
// the client's timeout (with retries and without) and their own signal.
import { createHandlers, DEV_API_KEY } from '@petstore/mock-server/msw';
import { PetstoreClient, TimeoutError } from '@petstore/sdk';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';

const baseUrl = 'http://api.test/v1';
const handlers = createHandlers({ baseUrl, onRefusedRequest: 'error' });
const server = setupServer(...handlers);

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => handlers.reset());
afterAll(() => server.close());

it('ends in TimeoutError when the attempt times out, without retries', async () => {
  handlers.faults.next('listPets', { kind: 'stall' });
  const client = new PetstoreClient({ baseUrl, apiKey: DEV_API_KEY, maxRetries: 0, timeout: 300 });
  await expect(client.pets.list()).rejects.toBeInstanceOf(TimeoutError);
  expect(handlers.requests.list({ operation: 'listPets' })).toMatchObject([{ status: 200, fault: 'stall' }]);
});

it('ends in TimeoutError when every attempt of a retried read stalls', async () => {
  handlers.faults.next('listPets', { kind: 'stall', times: 3 });
  const client = new PetstoreClient({ baseUrl, apiKey: DEV_API_KEY, timeout: 300 }); // maxRetries: 2
  await expect(client.pets.list()).rejects.toBeInstanceOf(TimeoutError);
  expect(handlers.requests.list({ operation: 'listPets' })).toHaveLength(3);
});

it('gives way to a retry that is answered', async () => {
  handlers.faults.next('listPets', { kind: 'stall' });
  const client = new PetstoreClient({ baseUrl, apiKey: DEV_API_KEY, timeout: 300 });
  await expect(client.pets.list()).resolves.not.toHaveLength(0);
});

it("ends in the caller's reason when their signal aborts", async () => {
  handlers.faults.next('listPets', { kind: 'stall' });
  const client = new PetstoreClient({ baseUrl, apiKey: DEV_API_KEY, maxRetries: 0 });
  const controller = new AbortController();
  const reason = new Error('the user left the page');
  setTimeout(() => controller.abort(reason), 200);
  await expect(client.pets.list({}, { signal: controller.signal })).rejects.toBe(reason);
});

it('answers the next request as usual', async () => {
  handlers.faults.next('listPets', { kind: 'stall' });
  const client = new PetstoreClient({ baseUrl, apiKey: DEV_API_KEY, maxRetries: 0, timeout: 300 });
  await expect(client.pets.list()).rejects.toBeInstanceOf(TimeoutError);
  await expect(client.pets.list()).resolves.not.toHaveLength(0);
});
