import type { StoredPet } from './pet-store.js';

/**
 * Where the store's changes are made durable (the Node server's `--data FILE`).
 * The core only calls it; the file handling lives with the transport.
 */
export interface Journal {
  /** Keeps a created animal; the create's 201 waits for the promise. */
  record(pet: StoredPet): Promise<void>;
  /** The store was reset to its seed: keep exactly these animals from now on. */
  reset(pets: readonly StoredPet[]): Promise<void>;
}
