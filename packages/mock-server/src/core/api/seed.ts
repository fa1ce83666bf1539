import { describeIssue, formatIssues, Id, ID_MAX, NewPet, PET_STATUSES } from '@petstore/sdk/contract';
import * as z from 'zod/mini';
import type { SeedPet } from './pet-store.js';

/** How many animals a server starts with unless told otherwise: enough for a first `pets list`. */
export const DEFAULT_SEED_COUNT = 12;

const NAMES = ['Rex', 'Whiskers', 'Bella', 'Max', 'Luna', 'Charlie', 'Coco', 'Milo', 'Daisy', 'Rocky', 'Nala', 'Oscar'];

/** The animals a `seed` option names: `seed` generated ones (generateSeed), or the list as given. */
export function seedAnimals(seed: number | Iterable<SeedPet>): Iterable<SeedPet> {
  return typeof seed === 'number' ? generateSeed(seed) : seed;
}

/**
 * `count` animals, the same every time: names cycle through a fixed list (with a
 * number once it repeats), categories through 1..4, statuses through
 * available, available, pending, sold, so every filter finds something.
 * Lazy and re-iterable, so a million-animal seed never exists twice in memory.
 */
export function generateSeed(count: number): Iterable<NewPet> {
  const statuses = [PET_STATUSES[0], PET_STATUSES[0], PET_STATUSES[1], PET_STATUSES[2]] as const;
  return {
    *[Symbol.iterator]() {
      for (let index = 0; index < count; index++) {
        const base = NAMES[index % NAMES.length] as string;
        const round = Math.floor(index / NAMES.length);
        yield {
          // join() builds a flat string; a template literal would keep a rope of
          // its parts alive for every one of a million names.
          name: round === 0 ? base : [base, round + 1].join(' '),
          categoryId: (index % 4) + 1,
          status: statuses[index % statuses.length] ?? 'available',
        };
      }
    },
  };
}

/** Animals to start from, as `POST /pets` takes them, each optionally with its own `id`. */
export const SeedAnimals = /* @__PURE__ */ z.array(z.extend(NewPet, { id: z.exactOptional(Id) }), { error: 'must be a JSON array of animals' });

/**
 * Checks a list of seed animals: the schema, then ids that ascend (where an
 * animal gives none, it gets the one after the previous). The problem comes in
 * words, paths relative to the list (`[0].name: must not be empty`): the
 * caller puts its own location before it.
 */
export function checkSeedAnimals(value: unknown): { animals: SeedPet[] } | { error: string } {
  const result = z.safeParse(SeedAnimals, value, { error: describeIssue });
  if (!result.success) return { error: formatIssues('', result.error.issues) };
  let lastId = 0;
  for (const [index, pet] of result.data.entries()) {
    const id = pet.id ?? lastId + 1;
    // An animal without an id after one with the largest would get the id past it.
    if (id > ID_MAX) return { error: `[${index}].id: would be ${id}, after ${lastId}, the largest an id can be (2^53-1); give the animals lower ids` };
    if (id <= lastId) return { error: `[${index}].id ${id} must be greater than ${lastId}: ids ascend` };
    lastId = id;
  }
  return { animals: result.data };
}
