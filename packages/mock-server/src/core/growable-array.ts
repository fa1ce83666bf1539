type NumberArray = Float64Array | Uint32Array | Uint8Array;

/**
 * An append-only typed array that doubles its capacity as it fills. Numbers
 * kept this way live outside the JavaScript heap, one slot each, with nothing
 * for the garbage collector to trace: a million rows cost a few megabytes.
 */
export class GrowableArray<Items extends NumberArray> {
  #items: Items;
  #length = 0;
  readonly #create: (capacity: number) => Items;

  constructor(create: (capacity: number) => Items, initialCapacity = 1024) {
    this.#create = create;
    this.#items = create(initialCapacity);
  }

  get length(): number {
    return this.#length;
  }

  at(index: number): number {
    return this.#items[index] as number;
  }

  push(value: number): void {
    if (this.#length === this.#items.length) {
      const larger = this.#create(this.#items.length * 2);
      larger.set(this.#items);
      this.#items = larger;
    }
    this.#items[this.#length++] = value;
  }
}
