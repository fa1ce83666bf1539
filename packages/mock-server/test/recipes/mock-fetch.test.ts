import { createMockFetch, DEV_API_KEY } from '@petstore/mock-server/fetch';
import { PetstoreClient, ServerError, type Pet } from '@petstore/sdk';
import { afterEach, expect, it } from 'vitest';

// No server and no MSW: the client's fetch is the mock, in this process.
const baseUrl = 'http://api.test/v1';
const mock = createMockFetch({ baseUrl, onRefusedRequest: 'error' }); // as with MSW: a refused request fails the test
// No retries, as with MSW: a failure staged once is the answer the test sees.
const client = new PetstoreClient({ baseUrl, apiKey: DEV_API_KEY, fetch: mock.fetch, maxRetries: 0 });

afterEach(() => mock.reset()); // the store back to its seed; overrides, faults and requests cleared

it('shows the app a 500 staged once, then the store again', async () => {
  mock.faults.next('listPets', { status: 500 });
  await expect(client.pets.list()).rejects.toBeInstanceOf(ServerError);
  await expect(client.pets.list()).resolves.not.toHaveLength(0);
});

it('lists exactly the animals the test stages', async () => {
  const staged: Pet[] = [{ id: 7, name: 'Staged', categoryId: 1, status: 'pending' }];
  mock.overrides.next('listPets', { body: staged });
  expect(await client.pets.list()).toEqual(staged);
});

it('records what the app sent, typed', async () => {
  await client.pets.create({ name: 'Rex', categoryId: 2 });
  const [sent] = mock.requests.list({ operation: 'createPet' });
  expect(sent?.body).toEqual({ name: 'Rex', categoryId: 2 });
});
