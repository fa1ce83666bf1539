import { HttpError } from '../api/http-error.js';
import type { NewPet } from '@petstore/sdk/contract';
import type { PetStore, SeedPet, StoredPet } from '../api/pet-store.js';

/**
 * `store` holding at most `max` animals of its own: a create past it is a 409
 * `store_full` (nothing stored; a reset makes room), a reset to a larger seed a
 * 400 before anything changes. Its own are the animals it added and a seed it
 * was reset to; the animals it starts with and returns to on a reset without a
 * seed (the server's seed, which every session's store shares) are not. Counted
 * as they are added, not read from the store's size: an animal of the shared
 * seed gone from the store must not make room for one more of its own. What
 * bounds a session's memory.
 */
export function capPetStore(store: PetStore, max: number, owner: string): PetStore {
  let own = 0;
  // Only what the cap changes is written here: every other member is the
  // store's own, so a method added to PetStore passes through unlisted. One that
  // removes animals leaves `own` as it was: the cap then errs towards fewer.
  const capped: PetStore = Object.create(store);
  return Object.assign(capped, {
    create(input: NewPet): StoredPet {
      if (own >= max) {
        throw new HttpError(
          'store_full',
          `${owner} holds at most ${max} animals of its own besides the server's seed, and is full: nothing was stored; reset it (POST …/__admin/reset) to add more`,
        );
      }
      const pet = store.create(input);
      own += 1;
      return pet;
    },
    reset(seed?: Iterable<SeedPet>): void {
      const animals = seed === undefined ? undefined : within(seed, max, owner);
      store.reset(animals);
      own = animals?.length ?? 0;
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
