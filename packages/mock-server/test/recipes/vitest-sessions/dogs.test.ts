import { useMockApi } from '@petstore/mock-server/vitest';
import { expect, it } from 'vitest';

const mock = useMockApi({ transport: 'session', seed: 0 });

// cats.test.ts creates animals at the same time, on the same server.
it('lists exactly the animals this file created', async () => {
  for (const name of ['Rex', 'Bella', 'Max']) await mock.client.pets.create({ name, categoryId: 2 });
  expect((await mock.client.pets.list()).map(({ name }) => name)).toEqual(['Rex', 'Bella', 'Max']);
});

it('records only the requests this file sent', async () => {
  await mock.client.pets.create({ name: 'Rex', categoryId: 2 });
  expect((await mock.requests.list()).map(({ path }) => path)).toEqual(['/v1/pets']);
});
