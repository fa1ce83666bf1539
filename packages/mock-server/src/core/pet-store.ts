import { DEFAULT_PET_STATUS, PET_STATUSES, type NewPet, type Pet, type PetStatus } from '@petstore/sdk/contract';

/** An animal to put in the store, with or without an id of its own. */
export type SeedPet = NewPet & { id?: number };

/** What `list` takes: an optional status filter and a page size. */
export interface ListOptions {
  status?: PetStatus | undefined;
  limit: number;
}

/** The in-memory animal store behind the mock server and the MSW handlers. */
export interface PetStore {
  /** Adds an animal, assigning the next id. */
  create(input: NewPet): Pet;
  get(id: number): Pet | undefined;
  /** The first `limit` animals (with `status`, if given) in ascending id order. */
  list(options: ListOptions): Pet[];
  /** `list` as JSON text, ready to send. */
  listJson(options: ListOptions): string;
  /** `get` as JSON text, ready to send. */
  getJson(id: number): string | undefined;
  /** Empties the store and loads its seed again; ids continue after the seed. */
  reset(): void;
  readonly size: number;
}

/**
 * Creates a store. The API never changes or removes an animal, so the store
 * keeps each one only as the JSON text it is sent as, in append-only arrays that
 * are already in id order: a list is a slice, O(limit) whatever the store's size,
 * and a million animals fit in about a hundred megabytes. `seed` is iterated
 * again on every reset, so pass an array or a re-iterable object.
 */
export function createPetStore(seed: Iterable<SeedPet> = []): PetStore {
  let ids: number[] = [];
  let texts: string[] = [];
  let textsByStatus = emptyIndexes();

  const lastId = (): number => ids.at(-1) ?? 0;

  function insert(pet: Pet): Pet {
    const text = JSON.stringify(pet);
    ids.push(pet.id);
    texts.push(text);
    textsByStatus[pet.status].push(text);
    return pet;
  }

  function indexOf(id: number): number {
    // Ids ascend, and from a seed without gaps id N sits at N - 1: try that first.
    if (ids[id - 1] === id) return id - 1;
    let low = 0;
    let high = ids.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = ids[middle] as number;
      if (found === id) return middle;
      if (found < id) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  function getJson(id: number): string | undefined {
    const index = indexOf(id);
    return index === -1 ? undefined : texts[index];
  }

  function slice({ status, limit }: ListOptions): string[] {
    return (status ? textsByStatus[status] : texts).slice(0, limit);
  }

  function load(): void {
    ids = [];
    texts = [];
    textsByStatus = emptyIndexes();
    for (const input of seed) {
      const id = input.id ?? lastId() + 1;
      if (id <= lastId()) throw new RangeError(`seed ids must ascend: ${id} follows ${lastId()}`);
      insert(toPet(id, input));
    }
  }

  load();

  return {
    create: (input) => insert(toPet(lastId() + 1, input)),
    get: (id) => {
      const text = getJson(id);
      return text === undefined ? undefined : (JSON.parse(text) as Pet);
    },
    list: (options) => slice(options).map((text) => JSON.parse(text) as Pet),
    listJson: (options) => `[${slice(options).join(',')}]`,
    getJson,
    reset: load,
    get size() {
      return ids.length;
    },
  };
}

function toPet(id: number, input: NewPet): Pet {
  // Copied field by field in a fixed order: nothing else from the input survives.
  return { id, name: input.name, categoryId: input.categoryId, status: input.status ?? DEFAULT_PET_STATUS };
}

function emptyIndexes(): Record<PetStatus, string[]> {
  return Object.fromEntries(PET_STATUSES.map((status) => [status, []])) as unknown as Record<PetStatus, string[]>;
}
