import type { ClientOptions, Logger, NewPet, PetstoreClient } from '@petstore/sdk';
import type { MockAdmin } from './mock-admin.js';

/** What each client case gets: a fresh client per call, the mock's controls, and the store it starts from. */
export interface ClientContext {
  /** A client of the mock with an accepted key and a silent logger, unless `options` say otherwise. */
  client(options?: ClientOptions): PetstoreClient;
  admin: MockAdmin;
  /** The store every case starts from (ids 1, 2, … in this order). */
  seed: readonly NewPet[];
}

/**
 * One behaviour of the SDK's client (its errors, retries, aborts, warnings),
 * checked the same way in every runtime. The API's own cases are not these:
 * they are the table of `@petstore/sdk/conformance`, which the suite runs too.
 */
export interface ClientCase {
  /** States the behaviour: `a create that meets 503 fails with ServerError after one request`. */
  name: string;
  run(context: ClientContext): Promise<void>;
}

/** Warnings and debug lines a client gave, kept for a case to look at. */
export function recordingLogger(): Logger & { warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, warn: (message) => warnings.push(message), debug: () => {} };
}

/** Waits without relying on Node.js timers' extras: workerd and browsers have only `setTimeout`. */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
