import { ServerError, TimeoutError } from '@petstore/sdk';
import { equal, equalJson, isExactly, rejectionOf } from './assert.js';
import { sleep, type ClientCase } from './client-case.js';

export const retryCases: ClientCase[] = [
  {
    name: 'a list that meets 503 twice succeeds on the third request',
    run: async ({ client, admin, seed }) => {
      await admin.arm({ operation: 'listPets', status: 503, times: 2 });
      const pets = await client().pets.list();
      equal(pets.length, seed.length, 'animals listed');
      equalJson((await admin.requests('listPets')).map((request) => request.status), [503, 503, 200], 'statuses the mock answered');
    },
  },
  {
    name: 'a create that meets 503 fails with ServerError after one request: a create is never retried',
    run: async ({ client, admin, seed }) => {
      // Armed once: a retry would succeed, so a retried create could not pass.
      await admin.arm({ operation: 'createPet', status: 503 });
      const error = await rejectionOf(client().pets.create({ name: 'Once', categoryId: 1 }, { maxRetries: 2 }), 'create meeting 503');
      isExactly(error, ServerError, 'ServerError');
      equal(error.status, 503, 'status');
      await sleep(300);
      equal((await admin.requests('createPet')).length, 1, 'creates that reached the mock');
      equal((await client().pets.list()).length, seed.length, 'animals stored');
    },
  },
  {
    name: 'a list whose body stalls is tried again after the attempt timeout and succeeds on the second request',
    run: async ({ client, admin, seed }) => {
      // The status, the headers and half the body, then nothing.
      await admin.arm({ operation: 'listPets', kind: 'stall' });
      const pets = await client({ timeout: 500 }).pets.list();
      equal(pets.length, seed.length, 'animals listed');
      equal((await admin.requests('listPets')).length, 2, 'lists that reached the mock');
    },
  },
  {
    name: 'a create whose body stalls fails with TimeoutError after one request: a create is never retried',
    run: async ({ client, admin }) => {
      await admin.arm({ operation: 'createPet', kind: 'stall' });
      const error = await rejectionOf(client({ timeout: 500 }).pets.create({ name: 'Once', categoryId: 1 }), 'create whose body stalls');
      isExactly(error, TimeoutError, 'TimeoutError');
      await sleep(300);
      equal((await admin.requests('createPet')).length, 1, 'creates that reached the mock');
    },
  },
];
