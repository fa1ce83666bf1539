import { useMockApi } from '@petstore/mock-server/vitest';
import { ServerError, type Pet } from '@petstore/sdk';
import { expect, it } from 'vitest';

// No server and no MSW: mock.client's fetch is the mock, in this process; as
// with MSW, it is reset before each test and a refused request fails the test.
const mock = useMockApi({ transport: 'fetch' });

it('shows the app a 500 staged once, then the store again', async () => {
  mock.faults.next('listPets', { status: 500 });
  await expect(mock.client.pets.list()).rejects.toBeInstanceOf(ServerError);
  await expect(mock.client.pets.list()).resolves.not.toHaveLength(0);
});

it('lists exactly the animals the test stages', async () => {
  const staged: Pet[] = [{ id: 7, name: 'Staged', categoryId: 1, status: 'pending' }];
  mock.overrides.next('listPets', { body: staged });
  expect(await mock.client.pets.list()).toEqual(staged);
});

it('records what the app sent, typed', async () => {
  await mock.client.pets.create({ name: 'Rex', categoryId: 2 });
  const [sent] = mock.requests.list({ operation: 'createPet' });
  expect(sent?.body).toEqual({ name: 'Rex', categoryId: 2 });
});
