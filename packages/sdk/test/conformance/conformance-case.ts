import type { ClientOptions, Logger, NewPet, PetstoreClient } from '@petstore/sdk';
import type { MockAdmin } from './mock-admin.js';

/** What each case gets: a fresh client per call, the mock's controls, and the store it starts from. */
export interface ConformanceContext {
  /** A client of the mock with an accepted key and a silent logger, unless `options` say otherwise. */
  client(options?: ClientOptions): PetstoreClient;
  admin: MockAdmin;
  /** The store every case starts from (ids 1, 2, … in this order). */
  seed: readonly NewPet[];
}

/** One behaviour, checked the same way in every runtime. */
export interface ConformanceCase {
  /** States the behaviour: `a create that meets 503 fails with ServerError after one request`. */
  name: string;
  run(context: ConformanceContext): Promise<void>;
}

/** Warnings and debug lines a client gave, kept for a case to look at. */
export function recordingLogger(): Logger & { warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, warn: (message) => warnings.push(message), debug: () => {} };
}

/** Waits without relying on Node.js timers' extras: workerd and browsers have only `setTimeout`. */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
