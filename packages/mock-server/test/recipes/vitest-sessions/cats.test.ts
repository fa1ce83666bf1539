import { DEV_API_KEY } from '@petstore/mock-server';
import { PetstoreClient } from '@petstore/sdk';
import { expect, it } from 'vitest';
import { useFileSession } from './file-session.js';

const session = useFileSession(import.meta.url); // /sessions/cats-71846492/v1
const client = new PetstoreClient({ baseUrl: session.url, apiKey: DEV_API_KEY, maxRetries: 0 });

// dogs.test.ts creates animals at the same time, on the same server.
it('lists exactly the animals this file created', async () => {
  for (const name of ['Tom', 'Felix']) await client.pets.create({ name, categoryId: 1 });
  expect((await client.pets.list()).map(({ name }) => name)).toEqual(['Tom', 'Felix']);
});

it('starts each test from an empty store', async () => {
  expect(await client.pets.list()).toEqual([]);
});
