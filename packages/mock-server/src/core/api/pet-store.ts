import { DEFAULT_PET_STATUS, ID_MAX, type NewPet, type Pet, type PetStatus } from '@petstore/sdk/contract';
import { HttpError } from './http-error.js';

/** An animal to put in the store, with or without an id of its own. */
export type SeedPet = NewPet & { id?: number };

/** An animal as the store holds and serves it: the mock always has a status. */
export type StoredPet = Omit<Pet, 'status'> & { status: PetStatus };

/** What `list` takes: an optional status filter and a page size. */
export interface ListOptions {
  status?: PetStatus | undefined;
  limit: number;
}

/**
 * The animal store behind the mock server and the MSW handlers: this one in
 * memory, or the Node server's SQLite file with `--data`. Synchronous, so
 * that a create is stored (or refused) before its answer is built.
 */
export interface PetStore {
  /** Adds an animal, assigning the next id; throws `id_space_exhausted` (409), storing nothing, once the last id is `ID_MAX`. */
  create(input: NewPet): StoredPet;
  get(id: number): StoredPet | undefined;
  /** The first `limit` animals (with `status`, if given) in ascending id order. */
  list(options: ListOptions): StoredPet[];
  /** Empties the store and loads its seed again, or `seed` when given; ids continue after the seed. */
  reset(seed?: Iterable<SeedPet>): void;
  readonly size: number;
}

/**
 * Creates a store from plain structures: the animals in an array in id order
 * (the API never changes or removes one, so it only grows at the end), and one
 * such array per status. A list is a slice of one of them: O(limit), whatever
 * the store's size; a get is a binary search. `seed` is iterated again on every
 * reset, so pass an array or a re-iterable object. `initial`, if given, is what
 * the store starts with instead of the seed.
 */
export function createPetStore(seed: Iterable<SeedPet> = [], initial?: Iterable<SeedPet>): PetStore {
  let pets: StoredPet[] = [];
  let byStatus = new Map<PetStatus, StoredPet[]>();

  function insert(pet: StoredPet): StoredPet {
    pets.push(pet);
    const same = byStatus.get(pet.status);
    if (same) same.push(pet);
    else byStatus.set(pet.status, [pet]);
    return pet;
  }

  function load(animals: Iterable<SeedPet>): void {
    pets = [];
    byStatus = new Map();
    for (const pet of seedPets(animals)) insert(pet);
  }

  load(initial ?? seed);

  return {
    create: (input) => insert(toStoredPet(nextPetId(pets.at(-1)?.id ?? 0), input)),
    get: (id) => findById(pets, id),
    list: ({ status, limit }) => (status === undefined ? pets : (byStatus.get(status) ?? [])).slice(0, limit),
    reset: (other) => load(other ?? seed),
    get size() {
      return pets.length;
    },
  };
}

/** Binary search of animals in ascending id order. */
function findById(pets: readonly StoredPet[], id: number): StoredPet | undefined {
  let low = 0;
  let high = pets.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const pet = pets[middle] as StoredPet;
    if (pet.id === id) return pet;
    if (pet.id < id) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}

/**
 * An animal as stored: a new object, the id first, then the input's fields as
 * the contract gave them (validated inputs list them in the schema's order),
 * the default status where the input has none. Spread rather than listed field
 * by field, so a field the contract gains is stored with no edit here.
 */
export function toStoredPet(id: number, input: SeedPet): StoredPet {
  return { id, ...input, status: input.status ?? DEFAULT_PET_STATUS };
}

/**
 * The id a create takes after `lastId`. Ids are never reused and never pass
 * the contract's largest (2^53−1, beyond which JSON numbers round): past it
 * the store is full, a conflict with its state that a reset resolves, not a
 * failure a retry would cure.
 */
export function nextPetId(lastId: number): number {
  if (lastId >= ID_MAX) {
    throw new HttpError(
      'id_space_exhausted',
      `No id is left for a new animal: the last one has id ${lastId}, the largest an id can be (2^53-1). Nothing was stored; reset the store (POST /__admin/reset) to add more.`,
    );
  }
  return lastId + 1;
}

/**
 * A seed as the animals a store holds: an id after the previous one where the
 * seed gives none, the default status. Lazy, so a million-animal seed is never
 * all in memory at once. Throws a `RangeError` naming the id at the first id
 * that is not from 1 to `ID_MAX` or does not ascend.
 */
export function* seedPets(seed: Iterable<SeedPet>): Generator<StoredPet> {
  let lastId = 0;
  for (const input of seed) {
    const id = input.id ?? lastId + 1;
    if (!Number.isInteger(id) || id < 1 || id > ID_MAX) throw new RangeError(`seed id ${id} is not an integer from 1 to ${ID_MAX} (2^53-1)`);
    if (id <= lastId) throw new RangeError(`seed ids must ascend: ${id} follows ${lastId}`);
    const pet = toStoredPet(id, input);
    lastId = id;
    yield pet;
  }
}
