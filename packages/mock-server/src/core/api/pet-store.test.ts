import { describe, expect, it } from 'vitest';
import { HttpError } from './http-error.js';
import { createPetStore, loadSeed } from './pet-store.js';
import { generateSeed } from './seed.js';

describe('createPetStore', () => {
  it('assigns ids from 1, ascending, and defaults status to available', () => {
    const store = createPetStore();
    expect(store.create({ name: 'Rex', categoryId: 1 })).toEqual({ id: 1, name: 'Rex', categoryId: 1, status: 'available' });
    expect(store.create({ name: 'Tom', categoryId: 2, status: 'sold' })).toEqual({ id: 2, name: 'Tom', categoryId: 2, status: 'sold' });
    expect(store.size).toBe(2);
  });

  it('lists in ascending id order, filtered by status, at most limit', () => {
    const store = createPetStore(generateSeed(12));
    expect(store.list({ limit: 100 }).map((pet) => pet.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(store.list({ limit: 100, status: 'pending' }).map((pet) => pet.id)).toEqual([3, 7, 11]);
    expect(store.list({ limit: 2, status: 'available' }).map((pet) => pet.id)).toEqual([1, 2]);
    expect(store.list({ limit: 5, status: 'sold' }).every((pet) => pet.status === 'sold')).toBe(true);
  });


  it('lists in descending id order, the newest first across the seed and what was added, filtered by status, at most limit', () => {
    const store = createPetStore(loadSeed(generateSeed(4)));
    store.create({ name: 'Rex', categoryId: 1, status: 'sold' });
    store.create({ name: 'Tom', categoryId: 1 });
    const ids = (options: Parameters<typeof store.list>[0]) => store.list({ ...options, order: 'id-descending' }).map((pet) => pet.id);
    expect(ids({ limit: 100 })).toEqual([6, 5, 4, 3, 2, 1]);
    expect(ids({ limit: 1 })).toEqual([6]);
    expect(ids({ limit: 3 })).toEqual([6, 5, 4]);
    // The seed's statuses go available, available, pending, sold.
    expect(ids({ limit: 100, status: 'sold' })).toEqual([5, 4]);
    expect(ids({ limit: 100, status: 'available' })).toEqual([6, 2, 1]);
    expect(ids({ limit: 2, status: 'available' })).toEqual([6, 2]);
  });

  it('finds animals by id, and nothing for unknown ids', () => {
    const store = createPetStore([{ name: 'A', categoryId: 1 }, { id: 10, name: 'B', categoryId: 1 }, { name: 'C', categoryId: 1 }]);
    expect(store.get(10)?.name).toBe('B');
    expect(store.get(11)?.name).toBe('C');
    expect(store.get(1)?.name).toBe('A');
    for (const id of [0, 2, 9, 12, -1, 1.5]) expect(store.get(id)).toBeUndefined();
    // Stored with the id first and the contract's fields as given: JSON.stringify writes what the API sends.
    expect(JSON.stringify(store.get(10))).toBe('{"id":10,"name":"B","categoryId":1,"status":"available"}');
    expect(store.create({ name: 'D', categoryId: 1 }).id).toBe(12);
  });

  it('refuses a seed whose ids do not ascend', () => {
    expect(() => createPetStore([{ id: 5, name: 'A', categoryId: 1 }, { id: 5, name: 'B', categoryId: 1 }])).toThrow(/ascend/);
  });

  it('refuses a seed id past 2^53-1, given or assigned, naming it', () => {
    const last = { id: Number.MAX_SAFE_INTEGER, name: 'Last', categoryId: 1 };
    expect(() => createPetStore([{ ...last, id: 2 ** 53 }])).toThrow('seed id 9007199254740992 is not an integer from 1 to 9007199254740991');
    expect(() => createPetStore([last, { name: 'Over', categoryId: 1 }])).toThrow('seed id 9007199254740992 is not');
    expect(() => createPetStore([{ ...last, id: 0 }])).toThrow('seed id 0 is not');
  });

  it('refuses a create once the last id is 2^53-1 (409 id_space_exhausted), storing nothing, until a reset', () => {
    const store = createPetStore([{ id: 1, name: 'First', categoryId: 1 }], [{ id: Number.MAX_SAFE_INTEGER, name: 'Last', categoryId: 1 }]);
    for (let attempt = 0; attempt < 2; attempt++) {
      const error = (() => {
        try {
          store.create({ name: 'Over', categoryId: 1 });
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ code: 'id_space_exhausted', status: 409 });
    }
    expect(store.size).toBe(1);
    expect(store.list({ limit: 10 }).map((pet) => pet.id)).toEqual([Number.MAX_SAFE_INTEGER]);
    store.reset();
    expect(store.create({ name: 'Next', categoryId: 1 }).id).toBe(2);
  });

  it('stores made from one loaded seed share its animals and keep only what each adds, listed after the seed in id order', () => {
    const seed = loadSeed(generateSeed(6));
    const one = createPetStore(seed);
    const two = createPetStore(seed);
    expect(one.get(3)).toBe(two.get(3));
    one.create({ name: 'Pending one', categoryId: 1, status: 'pending' });
    one.create({ name: 'Sold one', categoryId: 1, status: 'sold' });
    expect(one.list({ limit: 100, status: 'pending' }).map((pet) => pet.id)).toEqual([3, 7]);
    expect(one.list({ limit: 7 }).map((pet) => pet.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(one.list({ limit: 2, status: 'sold' }).map((pet) => pet.id)).toEqual([4, 8]);
    expect(one.get(8)?.name).toBe('Sold one');
    expect([two.size, two.get(7), seed.animals.pets.length]).toEqual([6, undefined, 6]);
    // A seed of its own, then the shared one again.
    one.reset([{ id: 100, name: 'Own', categoryId: 1 }]);
    expect(one.create({ name: 'After own', categoryId: 1 }).id).toBe(101);
    one.reset();
    expect([one.size, one.get(3)]).toEqual([6, two.get(3)]);
    expect(one.create({ name: 'Again', categoryId: 1 }).id).toBe(7);
  });

  it('a reset to a seed it refuses leaves the store as it was', () => {
    const store = createPetStore(generateSeed(2));
    store.create({ name: 'Kept', categoryId: 1 });
    expect(() => store.reset([{ id: 5, name: 'A', categoryId: 1 }, { id: 4, name: 'B', categoryId: 1 }])).toThrow(/ascend/);
    expect(store.list({ limit: 10 }).map((pet) => pet.name)).toEqual(['Rex', 'Whiskers', 'Kept']);
  });

  it('reset restores the seed and restarts ids after it', () => {
    const store = createPetStore(generateSeed(3));
    store.create({ name: 'Extra', categoryId: 1 });
    store.reset();
    expect(store.size).toBe(3);
    expect(store.create({ name: 'Again', categoryId: 1 }).id).toBe(4);
  });

  it('keeps no reference to the caller’s input object', () => {
    const store = createPetStore();
    const input = { name: 'Rex', categoryId: 1 };
    store.create(input);
    input.name = 'Changed';
    expect(store.get(1)?.name).toBe('Rex');
  });

  it('lists in time that does not grow with the store', () => {
    const store = createPetStore(generateSeed(200_000));
    // A slice of a per-status list: the work is the 20 returned, not the 200,000 stored.
    expect(store.list({ limit: 20, status: 'sold' })).toHaveLength(20);
    expect(store.list({ limit: 20, status: 'sold' })[19]?.id).toBe(80);
  });
});

describe('generateSeed', () => {
  it('is deterministic and covers every status', () => {
    const first = [...generateSeed(12)];
    expect([...generateSeed(12)]).toEqual(first);
    expect(new Set(first.map((pet) => pet.status))).toEqual(new Set(['available', 'pending', 'sold']));
    expect(first[0]).toEqual({ name: 'Rex', categoryId: 1, status: 'available' });
    expect([...generateSeed(13)][12]?.name).toBe('Rex 2');
  });
});
