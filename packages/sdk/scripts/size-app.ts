// The app `pnpm size` bundles (check-size.js): a PetstoreClient that calls every
// operation. A Record by OperationId, so that a new operation does not compile
// until the app calls it, and its bytes count against the budget; type-checked
// and run against a loopback server by test/size-app.test.ts.
import { NotFoundError, type PetstoreClient } from '@petstore/sdk';
import type { OperationId } from '@petstore/sdk/contract';

export const SIZE_APP_CALLS: Record<OperationId, (client: PetstoreClient) => PromiseLike<unknown>> = {
  listPets: (client) => client.pets.list({ status: 'available', limit: 10 }),
  createPet: (client) => client.pets.create({ name: 'Rex', categoryId: 1 }),
  // An error class by instanceof, as apps use them.
  getPet: (client) => client.pets.get(1).then(undefined, (error: unknown) => (error instanceof NotFoundError ? 'gone' : Promise.reject(error))),
};

/** Every call, one after another, as the bundled app runs them. */
export async function runSizeApp(client: PetstoreClient): Promise<unknown[]> {
  const results = [];
  for (const call of Object.values(SIZE_APP_CALLS)) results.push(await call(client));
  return results;
}
