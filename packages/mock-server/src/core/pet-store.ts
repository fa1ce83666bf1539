import { DEFAULT_PET_STATUS, PET_STATUSES, type NewPet, type Pet, type PetStatus } from '@petstore/sdk/contract';
import { GrowableArray } from './growable-array.js';

/** An animal to put in the store, with or without an id of its own. */
export type SeedPet = NewPet & { id?: number };

/** An animal as the store holds and serves it: the mock always has a status. */
export type StoredPet = Omit<Pet, 'status'> & { status: PetStatus };

/** What `list` takes: an optional status filter and a page size. */
export interface ListOptions {
  status?: PetStatus | undefined;
  limit: number;
}

/** The in-memory animal store behind the mock server and the MSW handlers. */
export interface PetStore {
  /** Adds an animal, assigning the next id. */
  create(input: NewPet): StoredPet;
  get(id: number): StoredPet | undefined;
  /** The first `limit` animals (with `status`, if given) in ascending id order. */
  list(options: ListOptions): StoredPet[];
  /** `list` as UTF-8 JSON, ready to send; repeated lists come from a cache. */
  listBody(options: ListOptions): Uint8Array;
  /** `get` as JSON text, ready to send. */
  getJson(id: number): string | undefined;
  /** Empties the store and loads its seed again, or `seed` when given; ids continue after the seed. */
  reset(seed?: Iterable<SeedPet>): void;
  readonly size: number;
}

const encoder = new TextEncoder();

/** Exactly `JSON.stringify(pet)`, written out for the store's columns. */
function petJson(id: number, name: string, categoryId: number, status: PetStatus): string {
  return `{"id":${id},"name":${JSON.stringify(name)},"categoryId":${categoryId},"status":"${status}"}`;
}

/**
 * Creates a store. The API never changes or removes an animal, so rows are
 * append-only and already in id order. Each column is its own array (ids,
 * category ids and statuses as typed arrays off the JavaScript heap, names as
 * strings), which holds a million animals in well under a hundred megabytes.
 * A list is a slice of the row numbers for its status: O(limit), whatever the
 * store's size. Because a list holds the *first* N matches and rows are only
 * ever appended, a list that was already full cannot change: its encoded body
 * is cached until the store is reset, and a list that was short is rebuilt
 * only once more rows of its status arrive. `seed` is iterated again on every
 * reset, so pass an array or a re-iterable object. `initial`, if given, is what
 * the store starts with instead of the seed (animals replayed from a data file).
 */
export function createPetStore(seed: Iterable<SeedPet> = [], initial?: Iterable<SeedPet>): PetStore {
  let ids = new GrowableArray((capacity) => new Float64Array(capacity));
  let categoryIds = new GrowableArray((capacity) => new Float64Array(capacity));
  let statuses = new GrowableArray((capacity) => new Uint8Array(capacity));
  let names: string[] = [];
  let rowsByStatus = PET_STATUSES.map(() => new GrowableArray((capacity) => new Uint32Array(capacity)));
  // Whether every id equals its row number + 1, as without a seed file: then lookup is direct.
  let dense = true;
  let listCache = new Map<string, { rows: number; body: Uint8Array }>();

  const lastId = (): number => (ids.length === 0 ? 0 : ids.at(ids.length - 1));

  function insert(pet: StoredPet): StoredPet {
    const row = ids.length;
    const status = PET_STATUSES.indexOf(pet.status);
    if (pet.id !== row + 1) dense = false;
    ids.push(pet.id);
    categoryIds.push(pet.categoryId);
    statuses.push(status);
    names.push(pet.name);
    rowsByStatus[status]?.push(row);
    return pet;
  }

  function rowOf(id: number): number {
    if (dense) return Number.isInteger(id) && id >= 1 && id <= ids.length ? id - 1 : -1;
    let low = 0;
    let high = ids.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = ids.at(middle);
      if (found === id) return middle;
      if (found < id) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  const statusOf = (row: number): PetStatus => PET_STATUSES[statuses.at(row)] as PetStatus;
  const petAt = (row: number): StoredPet => ({ id: ids.at(row), name: names[row] as string, categoryId: categoryIds.at(row), status: statusOf(row) });
  const jsonAt = (row: number): string => petJson(ids.at(row), names[row] as string, categoryIds.at(row), statusOf(row));

  /** Row numbers of the first `limit` matches. */
  function rows({ status, limit }: ListOptions): number[] {
    const source = status === undefined ? undefined : rowsByStatus[PET_STATUSES.indexOf(status)];
    const count = Math.min(limit, source ? source.length : ids.length);
    return Array.from({ length: count }, (_, index) => (source ? source.at(index) : index));
  }

  function listBody(options: ListOptions): Uint8Array {
    const key = `${options.status ?? ''}:${options.limit}`;
    const available = options.status === undefined ? ids.length : (rowsByStatus[PET_STATUSES.indexOf(options.status)]?.length ?? 0);
    const cached = listCache.get(key);
    // Valid while full (appends land after it) or while nothing of its status was added.
    if (cached && (cached.rows >= options.limit || cached.rows === available)) return cached.body;
    const body = encoder.encode(`[${rows(options).map(jsonAt).join(',')}]`);
    listCache.set(key, { rows: Math.min(available, options.limit), body });
    return body;
  }

  function load(animals: Iterable<SeedPet> = seed): void {
    ids = new GrowableArray((capacity) => new Float64Array(capacity));
    categoryIds = new GrowableArray((capacity) => new Float64Array(capacity));
    statuses = new GrowableArray((capacity) => new Uint8Array(capacity));
    names = [];
    rowsByStatus = PET_STATUSES.map(() => new GrowableArray((capacity) => new Uint32Array(capacity)));
    dense = true;
    listCache = new Map();
    for (const pet of seedPets(animals)) {
      if (pet.id <= lastId()) throw new RangeError(`seed ids must ascend: ${pet.id} follows ${lastId()}`);
      insert(pet);
    }
  }

  load(initial ?? seed);

  return {
    create: (input) => insert(toPet(lastId() + 1, input)),
    get: (id) => {
      const row = rowOf(id);
      return row === -1 ? undefined : petAt(row);
    },
    list: (options) => rows(options).map(petAt),
    listBody,
    getJson: (id) => {
      const row = rowOf(id);
      return row === -1 ? undefined : jsonAt(row);
    },
    reset: (other) => load(other ?? seed),
    get size() {
      return ids.length;
    },
  };
}

/** Copied field by field in a fixed order: nothing else from the input survives. */
function toPet(id: number, input: NewPet): StoredPet {
  return { id, name: input.name, categoryId: input.categoryId, status: input.status ?? DEFAULT_PET_STATUS };
}

/**
 * A seed as the animals a store holds: an id after the previous one where the
 * seed gives none, the default status. Lazy, so a million-animal seed is never
 * all in memory at once.
 */
export function* seedPets(seed: Iterable<SeedPet>): Generator<StoredPet> {
  let lastId = 0;
  for (const input of seed) {
    const pet = toPet(input.id ?? lastId + 1, input);
    lastId = pet.id;
    yield pet;
  }
}
