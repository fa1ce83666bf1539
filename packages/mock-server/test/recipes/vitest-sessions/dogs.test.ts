import { DEV_API_KEY } from '@petstore/mock-server';
import { PetstoreClient } from '@petstore/sdk';
import { expect, it } from 'vitest';
import { useFileSession } from './file-session.js';

const session = useFileSession(import.meta.url);
const client = new PetstoreClient({ baseUrl: session.url, apiKey: DEV_API_KEY, maxRetries: 0 });

// cats.test.ts creates animals at the same time, on the same server.
it('lists exactly the animals this file created', async () => {
  for (const name of ['Rex', 'Bella', 'Max']) await client.pets.create({ name, categoryId: 2 });
  expect((await client.pets.list()).map(({ name }) => name)).toEqual(['Rex', 'Bella', 'Max']);
});

it('records only the requests this file sent', async () => {
  await client.pets.create({ name: 'Rex', categoryId: 2 });
  const recorded = await fetch(`${session.admin}/requests`, { headers: { authorization: `Bearer ${DEV_API_KEY}` } });
  expect((await recorded.json()).map(({ path }: { path: string }) => path)).toEqual(['/v1/pets']);
});
