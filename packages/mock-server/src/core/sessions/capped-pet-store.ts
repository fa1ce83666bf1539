import { HttpError } from '../api/http-error.js';
import type { NewPet } from '@petstore/sdk/contract';
import type { PetStore, SeedPet, StoredPet } from '../api/pet-store.js';

/**
 * `store` holding at most `max` animals of its own: a create past it is a 409
 * `store_full` (nothing stored; a reset makes room), a reset to a larger seed a
 * 400 before anything changes. The `shared` animals it starts with and returns
 * to on a reset without a seed (the server's seed, which every session's store
 * shares) are not its own and not counted. What bounds a session's memory.
 */
export function capPetStore(store: PetStore, max: number, owner: string, shared: number): PetStore {
  let notOwn = shared;
  // Only what the cap changes is written here: every other member is the
  // store's own, so a method added to PetStore passes through unlisted.
  const capped: PetStore = Object.create(store);
  return Object.assign(capped, {
    create(input: NewPet): StoredPet {
      if (store.size - notOwn >= max) {
        throw new HttpError(
          'store_full',
          `${owner} holds at most ${max} animals of its own besides the server's seed, and is full: nothing was stored; reset it (POST …/__admin/reset) to add more`,
        );
      }
      return store.create(input);
    },
    reset(seed?: Iterable<SeedPet>): void {
      store.reset(seed === undefined ? undefined : within(seed, max, owner));
      notOwn = seed === undefined ? shared : 0;
    },
  });
}

/** The seed's animals, read only as far as one past `max`. */
function within(seed: Iterable<SeedPet>, max: number, owner: string): SeedPet[] {
  const animals: SeedPet[] = [];
  for (const pet of seed) {
    if (animals.length === max) throw new HttpError('invalid_request', `seed: ${owner} holds at most ${max} animals; give fewer`);
    animals.push(pet);
  }
  return animals;
}
