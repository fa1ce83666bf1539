import { useMockApi } from '@petstore/mock-server/vitest';
import { expect, it } from 'vitest';

// This file's own session, /sessions/cats-ba57a36d/v1, emptied before each test.
const mock = useMockApi({ transport: 'session', seed: 0 });

// dogs.test.ts creates animals at the same time, on the same server.
it('lists exactly the animals this file created', async () => {
  for (const name of ['Tom', 'Felix']) await mock.client.pets.create({ name, categoryId: 1 });
  expect((await mock.client.pets.list()).map(({ name }) => name)).toEqual(['Tom', 'Felix']);
});

it('starts each test from an empty store', async () => {
  expect(await mock.client.pets.list()).toEqual([]);
});
