import { PET_STATUSES, type NewPet } from '@petstore/sdk/contract';

/** How many animals a server starts with unless told otherwise: enough for a first `pets list`. */
export const DEFAULT_SEED_COUNT = 12;

const NAMES = ['Rex', 'Whiskers', 'Bella', 'Max', 'Luna', 'Charlie', 'Coco', 'Milo', 'Daisy', 'Rocky', 'Nala', 'Oscar'];

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
