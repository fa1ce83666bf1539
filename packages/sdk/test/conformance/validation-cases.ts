import { isRequestValidationError, RequestValidationError, ResponseValidationError, type PetstoreClient } from '@petstore/sdk';
import { OPERATION_IDS } from '@petstore/sdk/contract';
import { check, equal, isExactly, rejectionOf } from './assert.js';
import type { ClientCase } from './client-case.js';

/** Calls whose arguments break the contract. */
const invalidCalls: [string, (petstore: PetstoreClient) => PromiseLike<unknown>][] = [
  ['list({ limit: 0 })', (petstore) => petstore.pets.list({ limit: 0 })],
  ["create({ name: '', categoryId: 1 })", (petstore) => petstore.pets.create({ name: '', categoryId: 1 })],
  ['get(1.5)', (petstore) => petstore.pets.get(1.5)],
];

export const validationCases: ClientCase[] = [
  {
    name: 'arguments that break the contract are refused with RequestValidationError before anything is sent',
    run: async ({ client, admin }) => {
      const petstore = client({ deprecationWarnings: false });
      for (const [what, call] of invalidCalls) {
        const error = await rejectionOf(call(petstore), what);
        isExactly(error, RequestValidationError, 'RequestValidationError');
        check(error.issues.length > 0, `${what}: issues`);
        check(isRequestValidationError(error), `${what}: isRequestValidationError`);
      }
      const sent = await Promise.all(OPERATION_IDS.map((operation) => admin.requests(operation)));
      equal(sent.flat().length, 0, 'requests that reached the mock');
    },
  },
  {
    name: 'a 200 whose body is not JSON is a ResponseValidationError keeping the raw body, not retried',
    run: async ({ client, admin }) => {
      await admin.arm({ operation: 'listPets', kind: 'malformed' });
      const error = await rejectionOf(client().pets.list(), 'a list answered with half a body');
      isExactly(error, ResponseValidationError, 'ResponseValidationError');
      check(error.rawBody.length > 0, 'the raw body is kept');
      equal((await admin.requests('listPets')).length, 1, 'requests that reached the mock');
    },
  },
];
