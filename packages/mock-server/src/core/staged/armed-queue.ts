/** What every armed entry keeps: how many more requests it answers. */
export interface Spendable {
  remaining: number | 'always';
}

/** The queue of what a test armed (faults, overrides), as the core uses it. */
export interface ArmedQueue<Entry> {
  /** Arms `entry`, costing `bytes`; a RangeError saying why past the count or the bytes, nothing armed dropped. */
  push(entry: Entry, bytes?: number): void;
  /** The oldest entry that `matches`, one of its requests spent (gone at 0); undefined if none. */
  take(matches: (entry: Entry) => boolean): Entry | undefined;
  /** Oldest first. */
  entries(): readonly Entry[];
  /** How many are armed. */
  readonly size: number;
  clear(): void;
}

/**
 * The one queue behind faults and overrides, whichever way they were armed
 * (admin API, code): at most `maxCount` entries and `maxBytes` of their cost at
 * once, refused past either with the words given; the oldest match answers and
 * spends one of its `remaining`.
 */
export function createArmedQueue<Entry>(
  remainingOf: (entry: Entry) => Spendable,
  limits: { maxCount: number; tooMany: string; maxBytes?: number; tooLarge?: (held: number, cost: number) => string },
): ArmedQueue<Entry> {
  let armed: { entry: Entry; bytes: number }[] = [];
  let held = 0;
  return {
    push(entry, bytes = 0) {
      if (armed.length >= limits.maxCount) throw new RangeError(limits.tooMany);
      if (limits.maxBytes !== undefined && held + bytes > limits.maxBytes) throw new RangeError(limits.tooLarge?.(held, bytes) ?? limits.tooMany);
      armed.push({ entry, bytes });
      held += bytes;
    },
    take(matches) {
      const found = armed.find(({ entry }) => matches(entry));
      if (!found) return undefined;
      const spendable = remainingOf(found.entry);
      if (spendable.remaining !== 'always') {
        spendable.remaining -= 1;
        if (spendable.remaining === 0) {
          armed = armed.filter((candidate) => candidate !== found);
          held -= found.bytes;
        }
      }
      return found.entry;
    },
    entries: () => armed.map(({ entry }) => entry),
    get size() {
      return armed.length;
    },
    clear() {
      armed = [];
      held = 0;
    },
  };
}
