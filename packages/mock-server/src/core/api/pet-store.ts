import { DEFAULT_PET_STATUS, ID_MAX, type NewPet, type Pet, type PetStatus, type ServiceChoices } from '@petstore/sdk/contract';
import { HttpError } from './http-error.js';

/** An animal to put in the store, with or without an id of its own. */
export type SeedPet = NewPet & { id?: number };

/**
 * An animal as the store holds and serves it: the mock always has a status.
 * Read-only: the API never changes an animal, and stores made from one
 * `LoadedSeed` share its animals, so a change to one would show in each.
 */
export type StoredPet = Readonly<Omit<Pet, 'status'> & { status: PetStatus }>;

/** What `list` takes: an optional status filter, a page size and the order (default ascending ids). */
export interface ListOptions {
  status?: PetStatus | undefined;
  limit: number;
  order?: ServiceChoices['listOrder'] | undefined;
}

/**
 * The animal store behind the mock server and the MSW handlers: this one in
 * memory, or the Node server's SQLite file with `--data`. Synchronous, so
 * that a create is stored (or refused) before its answer is built.
 */
export interface PetStore {
  /**
   * Adds an animal with the id after the last one handed out, never one handed out before (even if
   * that animal is gone since); throws `id_space_exhausted` (409), storing nothing, once the last id is `ID_MAX`.
   */
  create(input: NewPet): StoredPet;
  get(id: number): StoredPet | undefined;
  /** The first `limit` animals (with `status`, if given) in ascending id order, or in descending order (the newest first). */
  list(options: ListOptions): StoredPet[];
  /** Empties the store and loads its seed again, or `seed` when given; ids continue after the seed's last. */
  reset(seed?: Iterable<SeedPet>): void;
  readonly size: number;
}

/** Animals in ascending id order, all of them and by status. */
interface Animals {
  readonly pets: StoredPet[];
  readonly byStatus: Map<PetStatus, StoredPet[]>;
}

/** Animals as a store shares them: never changed. */
interface SharedAnimals {
  readonly pets: readonly StoredPet[];
  readonly byStatus: ReadonlyMap<PetStatus, readonly StoredPet[]>;
}

/**
 * A seed's animals as a store holds them, loaded once and never changed
 * afterwards: every store made from it (`createPetStore(loaded)`) shares them
 * and keeps only the animals it adds, so a store costs what it adds, not a copy
 * of the seed. What a server's sessions start from.
 */
export interface LoadedSeed {
  readonly animals: SharedAnimals;
}

/** Loads `seed` (checked as `seedPets` does) for stores to share. */
export function loadSeed(seed: Iterable<SeedPet>): LoadedSeed {
  const animals = noAnimals();
  for (const pet of seedPets(seed)) append(animals, pet);
  return { animals };
}

const noAnimals = (): Animals => ({ pets: [], byStatus: new Map() });

function append(animals: Animals, pet: StoredPet): StoredPet {
  animals.pets.push(pet);
  const same = animals.byStatus.get(pet.status);
  if (same) same.push(pet);
  else animals.byStatus.set(pet.status, [pet]);
  return pet;
}

/** The first `limit` of `first` then `then`, each in id order: O(limit), whatever their sizes. */
function firstOf(first: readonly StoredPet[], then: readonly StoredPet[], limit: number): StoredPet[] {
  const page = first.slice(0, limit);
  return page.length < limit && then.length > 0 ? page.concat(then.slice(0, limit - page.length)) : page;
}

/** The last `limit` of `first` then `then`, newest first: O(limit), whatever their sizes. */
function lastOf(first: readonly StoredPet[], then: readonly StoredPet[], limit: number): StoredPet[] {
  const page = then.slice(Math.max(then.length - limit, 0)).reverse();
  return page.length < limit && first.length > 0 ? page.concat(first.slice(Math.max(first.length - (limit - page.length), 0)).reverse()) : page;
}

/**
 * Creates a store from plain structures: the seed's animals (a `LoadedSeed`,
 * shared and never changed) and the animals added since, each an array in id
 * order with one such array per status (the API never changes or removes an
 * animal, and every id added is past the seed's, so both only grow at the
 * end). A list is a slice of the seed's array then of the added: O(limit),
 * whatever the store's size; a get is a binary search. A `seed` given as a
 * `LoadedSeed` is shared by every store made from it and by each reset; one
 * given as animals is loaded on every reset (pass an array or a re-iterable
 * object), so a store reset to other animals does not keep it meanwhile.
 * `initial`, if given, is what the store starts with instead of the seed.
 */
export function createPetStore(seed: Iterable<SeedPet> | LoadedSeed = [], initial?: Iterable<SeedPet>): PetStore {
  const fromSeed = (): SharedAnimals => ('animals' in seed ? seed.animals : loadSeed(seed).animals);
  let base: SharedAnimals = initial === undefined ? fromSeed() : loadSeed(initial).animals;
  let added = noAnimals();
  // The last id handed out: only a create moves it, and only up, so an id is
  // never handed out twice, whatever leaves the store later; a reset starts it
  // again after the seed.
  let lastId = lastIdOf(base);

  return {
    create: (input) => {
      const pet = append(added, toStoredPet(nextPetId(lastId), input));
      lastId = pet.id;
      return pet;
    },
    get: (id) => (id <= lastIdOf(base) ? findById(base.pets, id) : findById(added.pets, id)),
    list: ({ status, limit, order }) => {
      const page = order === 'id-descending' ? lastOf : firstOf;
      return status === undefined ? page(base.pets, added.pets, limit) : page(base.byStatus.get(status) ?? [], added.byStatus.get(status) ?? [], limit);
    },
    reset: (other) => {
      // Loaded before anything changes: a seed it refuses leaves the store as it was.
      base = other === undefined ? fromSeed() : loadSeed(other).animals;
      added = noAnimals();
      lastId = lastIdOf(base);
    },
    get size() {
      return base.pets.length + added.pets.length;
    },
  };
}

const lastIdOf = (animals: SharedAnimals): number => animals.pets.at(-1)?.id ?? 0;

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
