import { DEV_API_KEY, useMockApi } from '@petstore/mock-server/vitest';
import { PetstoreClient } from '@petstore/sdk';
import { expect, it } from 'vitest';

/** The animal each file adds to the server's own store (outside every session) once it has created its own. */
const ARRIVED = 'arrived';

/**
 * The test of a/pets.test.ts and b/pets.test.ts, two files of one name: each
 * creates an animal in its file's session, waits until the other file has too,
 * then lists its session. Were the two to share a session, each would see the
 * other's animal too, or none once the other had ended the session.
 */
export function itSeesOnlyItsOwnAnimal(name: string): void {
  const mock = useMockApi({ transport: 'session', seed: 0 });
  const server = new PetstoreClient({ baseUrl: `${process.env['PETSTORE_MOCK_URL']}/v1`, apiKey: DEV_API_KEY, maxRetries: 0 });
  const arrived = async () => (await server.pets.list({ limit: 100 })).filter((pet) => pet.name === ARRIVED).length;

  it(`sees only its own animal in ${new URL(mock.baseUrl).pathname} while the other pets.test.ts runs`, { timeout: 30_000 }, async () => {
    await mock.client.pets.create({ name, categoryId: 1 });
    await server.pets.create({ name: ARRIVED, categoryId: 1 });
    await expect.poll(arrived, { timeout: 20_000 }).toBe(2);
    expect((await mock.client.pets.list()).map((pet) => pet.name)).toEqual([name]);
  });
}
