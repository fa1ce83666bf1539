/** What the queue needs of an entry: what V8 keeps for it. */
interface Sized {
  readonly bytes: number;
}

/**
 * Entries bounded twice: past `size` of them or `maxBytes` in all, the oldest
 * go (the newest is kept even alone past `maxBytes`). An array with a moving
 * head, compacted once half of it is gone, so a push costs O(1).
 */
export class RecordQueue<T extends Sized> {
  #entries: (T | undefined)[] = [];
  // Index of the oldest entry still kept.
  #head = 0;
  #bytes = 0;

  constructor(
    readonly size: number,
    readonly maxBytes: number,
  ) {}

  get count(): number {
    return this.#entries.length - this.#head;
  }

  push(entry: T): void {
    this.#entries.push(entry);
    this.#bytes += entry.bytes;
    while (this.count > this.size || (this.#bytes > this.maxBytes && this.count > 1)) {
      this.#bytes -= (this.#entries[this.#head] as T).bytes;
      this.#entries[this.#head] = undefined;
      this.#head += 1;
    }
    if (this.#head > 1024 && this.#head * 2 > this.#entries.length) {
      this.#entries = this.#entries.slice(this.#head);
      this.#head = 0;
    }
  }

  /** The newest `limit` entries that `matches` (all, without a limit), oldest first: walked newest first, so a limit stops early. */
  select(matches: (entry: T) => boolean, limit?: number): T[] {
    const matching: T[] = [];
    for (let index = this.#entries.length - 1; index >= this.#head && (limit === undefined || matching.length < limit); index -= 1) {
      const entry = this.#entries[index] as T;
      if (matches(entry)) matching.push(entry);
    }
    return matching.reverse();
  }

  clear(): void {
    this.#entries = [];
    this.#head = 0;
    this.#bytes = 0;
  }
}
