import { createHandlers, DEV_API_KEY } from '@petstore/mock-server/msw';
import { BadRequestError, NAME_MAX_LENGTH, PetstoreClient, ServerError, type Pet } from '@petstore/sdk';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';

const baseUrl = 'http://api.test/v1';
// A request the contract refuses (a misspelt field, a wrong path, no key) that
// the test did not stage fails the test that sent it, even if the app swallows
// the 400: the error names the request and every field that was wrong.
const handlers = createHandlers({ baseUrl, onRefusedRequest: 'error' });
const server = setupServer(...handlers);

// No retries: a failure staged once is the answer the test sees. With the
// default (2 retries of a read) the client would ask again and the retry would
// get the store's answer: the staged 500 would turn into a success.
const client = new PetstoreClient({ baseUrl, apiKey: DEV_API_KEY, maxRetries: 0 });

// A request no handler answers fails the test instead of reaching the network.
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers(); // MSW's: drops what a test added with server.use()
  handlers.reset(); // the kit's: the store back to its seed; overrides, faults and requests cleared
});
afterAll(() => server.close());

it('shows the app a 500 staged once, then the store again', async () => {
  handlers.faults.next('listPets', { status: 500 });
  await expect(client.pets.list()).rejects.toBeInstanceOf(ServerError);
  await expect(client.pets.list()).resolves.not.toHaveLength(0);
});

it('would hide that 500 from a client that retries', async () => {
  handlers.faults.next('listPets', { status: 500 });
  const retrying = new PetstoreClient({ baseUrl, apiKey: DEV_API_KEY }); // maxRetries: 2
  await expect(retrying.pets.list()).resolves.not.toHaveLength(0);
  expect(handlers.requests.list({ operation: 'listPets' }).map(({ status }) => status)).toEqual([500, 200]);
});

it('lists exactly the animals the test stages', async () => {
  const staged: Pet[] = [
    { id: 1, name: 'x'.repeat(NAME_MAX_LENGTH), categoryId: 1, status: 'available' },
    { id: 2, name: 'Rex', categoryId: 2, status: 'sold' },
  ];
  handlers.overrides.next('listPets', { body: staged });
  expect(await client.pets.list()).toEqual(staged);
});

it('answers an Error body the test stages, only for the requests it matches', async () => {
  const body = { code: 'internal_error', message: 'The sold list is down', status: 500 } as const;
  handlers.overrides.always('listPets', { status: 500, body }, { match: { query: { status: 'sold' } } });
  await expect(client.pets.list({ status: 'sold' })).rejects.toMatchObject({ status: 500, body });
  await expect(client.pets.list({ status: 'available' })).resolves.not.toHaveLength(0);
});

it('shows the app a 400 when the test stages it, which fails nothing', async () => {
  const body = { code: 'invalid_request', message: 'body.name: already taken', status: 400 } as const;
  handlers.overrides.next('createPet', { status: 400, body });
  await expect(client.pets.create({ name: 'Rex', categoryId: 1 })).rejects.toBeInstanceOf(BadRequestError);
});

it('starts every test from the seed', async () => {
  const created = await client.pets.create({ name: 'Only here', categoryId: 1 });
  expect(handlers.store.get(created.id)?.name).toBe('Only here');
  expect(handlers.requests.list({ operation: 'createPet' })).toHaveLength(1);
});
