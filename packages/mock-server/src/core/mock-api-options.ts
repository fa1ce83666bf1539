import type { ServiceProfile } from '@petstore/sdk/contract';
import type { PetStore, SeedPet } from './api/pet-store.js';
import type { SessionDirectory } from './admin/session-admin.js';
import type { OnRefusedRequest } from './journal/refused-requests.js';
import type { DelayOption } from './staged-delay.js';

/** Receives the unexpected errors that became 500 responses. */
export interface MockLogger {
  error(message: string, details: { requestId: string; error: unknown }): void;
}

export interface MockApiOptions {
  /** Accepted API keys. None: only `DEV_API_KEY` is accepted. */
  apiKeys?: readonly string[] | undefined;
  /** Animals to start with: a count of generated ones (default 12) or a list. Ignored when `store` is given. */
  seed?: number | Iterable<SeedPet> | undefined;
  /** A store of your own, e.g. to share one between transports. */
  store?: PetStore | undefined;
  /** Delay before every response (not preflights), unless a fault or `Prefer: delay` stages another. */
  delay?: DelayOption | undefined;
  /**
   * Browser origins allowed by CORS besides the loopback ones (`http://localhost:*`,
   * `http://127.0.0.1:*`, `http://[::1]:*`, https too), which always are; `['*']`: any origin.
   */
  corsOrigins?: readonly string[] | undefined;
  logger?: MockLogger | undefined;
  /** How many answered requests to keep for `requests.list()` and `GET /__admin/requests` (default 1,000); 0 turns recording off. */
  journalSize?: number | undefined;
  /** Most bytes of text the journal keeps (default 16 MiB): past it, the oldest requests go. */
  journalBytes?: number | undefined;
  /** Most bytes of text the armed overrides hold at once (default 16 MiB): past it, arming another is refused. */
  overrideBytes?: number | undefined;
  /** The sessions `GET /__admin/sessions` lists and `DELETE /__admin/sessions/NAME` ends; `startMockServer` passes its own. */
  sessions?: SessionDirectory | undefined;
  /**
   * What to do with a request the contract refuses (unknown route, wrong method,
   * bad key, body, query, size or media type) that no override, fault or `Prefer`
   * staged: `'error'` fails the test that sent it, `'warn'`, `'off'` (default) or
   * a function of your own, as MSW's `onUnhandledRequest`.
   */
  onRefusedRequest?: OnRefusedRequest | undefined;
  /** Where this API is mounted, e.g. a session's `/sessions/NAME`: a 404 names paths as the client sent them. */
  mountPath?: string | undefined;
  /**
   * A service profile (`parseServiceProfile`): the mock answers as that service does where the
   * specification is silent (default status, out-of-range limits, unknown fields, list order, error
   * codes, headers…). Without one, or for a choice it does not name, the kit's own (`KIT_CHOICES`).
   * Staged answers (overrides, faults, `Prefer`) stay as staged.
   */
  profile?: ServiceProfile | undefined;
  /** How to wait; tests replace it. It should settle once `signal` aborts: the request is then answered with nothing done. */
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
}
