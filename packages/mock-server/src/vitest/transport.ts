import type { RefusedRequest } from '../core/index.js';

/** What the vitest hooks ask of a transport, whichever it is: useMockApi() is the same for all three. */
export interface Transport {
  /** Before the file's first test: listen (MSW), or nothing. */
  start(): Promise<void>;
  /** Before each test: the state back to its seed, and the refusals forgotten. */
  reset(): Promise<void>;
  /** After each test: what the mock refused since the last reset. */
  refused(): Promise<RefusedRequest[]>;
  /** After the file's last test. */
  stop(): Promise<void>;
}
