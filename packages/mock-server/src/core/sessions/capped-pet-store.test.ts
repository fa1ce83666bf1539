import { describe, expect, it } from 'vitest';
import { createPetStore, type PetStore } from '../api/pet-store.js';
import { capPetStore } from './capped-pet-store.js';

/**
 * A store on `seed` shared animals that can lose one of them, as a store with
 * a remove operation would: the capped store is given no way to see it, and
 * must not need one.
 */
function storeThatLosesSeedAnimals(seed: number): PetStore & { loseSeedAnimal(): void } {
  const store = createPetStore(Array.from({ length: seed }, (_, index) => ({ name: `Seed ${index + 1}`, categoryId: 1 })));
  let lost = 0;
  return {
    create: (input) => store.create(input),
    get: (id) => store.get(id),
    list: (options) => store.list(options),
    reset: (other) => {
      lost = 0;
      store.reset(other);
    },
    loseSeedAnimal: () => {
      lost += 1;
    },
    get size() {
      return store.size - lost;
    },
  };
}

const full = expect.objectContaining({ code: 'store_full', status: 409 });

describe('capPetStore', () => {
  it('holds at most max animals of its own: a create past it is a 409 store_full, storing nothing', () => {
    const store = capPetStore(createPetStore([{ name: 'Shared', categoryId: 1 }]), 2, 'Session a');
    store.create({ name: 'One', categoryId: 1 });
    store.create({ name: 'Two', categoryId: 1 });
    expect(() => store.create({ name: 'Three', categoryId: 1 })).toThrow(full);
    expect(store.size).toBe(3);
  });

  it('counts the animals it added, not the store minus the shared seed: one of the seed gone leaves no room for one more', () => {
    const underlying = storeThatLosesSeedAnimals(3);
    const store = capPetStore(underlying, 2, 'Session a');
    store.create({ name: 'One', categoryId: 1 });
    store.create({ name: 'Two', categoryId: 1 });
    underlying.loseSeedAnimal();
    expect(() => store.create({ name: 'Three', categoryId: 1 })).toThrow(full);
  });

  it("counts a seed of its own as its own, and none after a reset to the shared seed", () => {
    const store = capPetStore(createPetStore([{ name: 'Shared', categoryId: 1 }]), 2, 'Session a');
    store.reset([{ name: 'Own seed', categoryId: 1 }]);
    store.create({ name: 'Own', categoryId: 1 });
    expect(() => store.create({ name: 'Past', categoryId: 1 })).toThrow(full);
    expect(() => store.reset([1, 2, 3].map((index) => ({ name: `Seed ${index}`, categoryId: 1 })))).toThrow(expect.objectContaining({ code: 'invalid_request' }));
    store.reset();
    store.create({ name: 'One', categoryId: 1 });
    store.create({ name: 'Two', categoryId: 1 });
    expect(() => store.create({ name: 'Three', categoryId: 1 })).toThrow(full);
  });
});
