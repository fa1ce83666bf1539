import { DEFAULT_PET_STATUS, LIST_LIMIT_MAX } from '@petstore/sdk';
import { check, equal, equalJson } from './assert.js';
import type { ClientCase } from './client-case.js';

export const createCases: ClientCase[] = [
  {
    name: 'create answers 201 with the stored animal: a new id, the default status',
    run: async ({ client, seed }) => {
      const petstore = client();
      const { data, response } = await petstore.pets.create({ name: 'Conformance', categoryId: 3 }).withResponse();
      equal(response.status, 201, 'status');
      equalJson(data, { id: seed.length + 1, name: 'Conformance', categoryId: 3, status: DEFAULT_PET_STATUS }, 'the created animal');
      const listed = await petstore.pets.list({ limit: LIST_LIMIT_MAX });
      check(
        listed.some((pet) => pet.id === data.id && pet.name === 'Conformance'),
        `the new animal is listed: ${JSON.stringify(listed)}`,
      );
    },
  },
  {
    name: 'create keeps a status given, and names with any characters',
    run: async ({ client }) => {
      const pet = await client().pets.create({ name: 'Zoë 🐶 "quoted"', categoryId: 1, status: 'sold' });
      equal(pet.status, 'sold', 'status');
      equal(pet.name, 'Zoë 🐶 "quoted"', 'name');
    },
  },
];
