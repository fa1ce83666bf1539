import { DEV_API_KEY, useMockApi } from '@petstore/mock-server/vitest';
import { BadRequestError, NAME_MAX_LENGTH, PetstoreClient, ServerError, type Pet } from '@petstore/sdk';
import { expect, it } from 'vitest';

// MSW's server (msw/node) with this package's handlers, for this file: it
// listens before the first test, refusing any request no handler answers; the
// store, staged answers and journal go back to the seed before each test; a
// request the contract refuses (a misspelt field, a wrong path, no key) fails
// the test that sent it, even if the app swallows the 400, unless the test
// says it expects one (the sixth test).
const mock = await useMockApi({ transport: 'msw' });
// mock.client has no retries: a failure staged once is the answer the test
// sees. The SDK's default (2 retries of a read) would turn it into a success.
const { client } = mock;

it('shows the app a 500 staged once, then the store again', async () => {
  mock.faults.next('listPets', { status: 500 });
  await expect(client.pets.list()).rejects.toBeInstanceOf(ServerError);
  await expect(client.pets.list()).resolves.not.toHaveLength(0);
});

it('would hide that 500 from a client that retries', async () => {
  mock.faults.next('listPets', { status: 500 });
  const retrying = new PetstoreClient({ baseUrl: mock.baseUrl, apiKey: DEV_API_KEY }); // maxRetries: 2
  await expect(retrying.pets.list()).resolves.not.toHaveLength(0);
  expect(mock.requests.list({ operation: 'listPets' }).map(({ status }) => status)).toEqual([500, 200]);
});

it('lists exactly the animals the test stages', async () => {
  const staged: Pet[] = [
    { id: 1, name: 'x'.repeat(NAME_MAX_LENGTH), categoryId: 1, status: 'available' },
    { id: 2, name: 'Rex', categoryId: 2, status: 'sold' },
  ];
  mock.overrides.next('listPets', { body: staged });
  expect(await client.pets.list()).toEqual(staged);
});

it('answers an Error body the test stages, only for the requests it matches', async () => {
  const body = { code: 'internal_error', message: 'The sold list is down', status: 500 } as const;
  mock.overrides.always('listPets', { status: 500, body }, { match: { query: { status: 'sold' } } });
  await expect(client.pets.list({ status: 'sold' })).rejects.toMatchObject({ status: 500, body });
  await expect(client.pets.list({ status: 'available' })).resolves.not.toHaveLength(0);
});

it('shows the app a 400 when the test stages it, which fails nothing', async () => {
  const body = { code: 'invalid_request', message: 'body.name: already taken', status: 400 } as const;
  mock.overrides.next('createPet', { status: 400, body });
  await expect(client.pets.create({ name: 'Rex', categoryId: 1 })).rejects.toBeInstanceOf(BadRequestError);
});

it('shows the app the 400 the contract gives, when the test says it expects it', async () => {
  mock.expectRefused({ operation: 'listPets', code: 'invalid_request' });
  const response = await mock.fetch(`${mock.baseUrl}/pets?status=Sold`, { headers: { authorization: `Bearer ${DEV_API_KEY}` } });
  expect(response.status).toBe(400);
});

it('starts every test from the seed', async () => {
  const created = await client.pets.create({ name: 'Only here', categoryId: 1 });
  expect(mock.store.get(created.id)?.name).toBe('Only here');
  expect(mock.requests.list({ operation: 'createPet' })).toHaveLength(1);
});
