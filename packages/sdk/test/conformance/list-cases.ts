import { equal, equalJson } from './assert.js';
import type { ClientCase } from './client-case.js';

export const listCases: ClientCase[] = [
  {
    name: 'list returns every animal in ascending id order, as stored',
    run: async ({ client, seed }) => {
      const pets = await client().pets.list();
      equalJson(
        pets,
        seed.map((pet, index) => ({ id: index + 1, ...pet })),
        'the list',
      );
    },
  },
  {
    name: 'list filters by status and stops at limit',
    run: async ({ client, seed }) => {
      const petstore = client();
      const availableIds = seed.flatMap((pet, index) => (pet.status === 'available' ? [index + 1] : []));
      equalJson((await petstore.pets.list({ status: 'available' })).map((pet) => pet.id), availableIds, 'ids of available animals');
      equalJson((await petstore.pets.list({ status: 'available', limit: 2 })).map((pet) => pet.id), availableIds.slice(0, 2), 'ids with limit 2');
      equal((await petstore.pets.list({ limit: 1 })).length, 1, 'length with limit 1');
    },
  },
];
