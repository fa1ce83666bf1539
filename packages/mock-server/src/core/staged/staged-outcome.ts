import type { OperationId } from '@petstore/sdk/contract';

/**
 * Failures below HTTP: `reset` closes the connection with a reset before any
 * answer, `empty` closes it without one, `malformed` answers the operation's
 * success status (200, createPet's 201) with half its body, which is not JSON,
 * `stall` sends the headers and half the body, then nothing. A success without
 * a body has none to cut: `malformed` and `stall` are refused for it.
 */
export const FAULT_KINDS = ['reset', 'empty', 'malformed', 'stall'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/**
 * What a test stages instead of (or besides) an operation's own answer, however
 * it was armed: an override or a fault (admin API, or `overrides.next(...)` and
 * `faults.next(...)` in code), the request's `Prefer` header, or the server's
 * `delay` option. `status` answers with `body` (an override's, checked against
 * the contract), else the documented example, else an Error body, and
 * `retryAfter` goes with it; `kind` fails below HTTP; `delayMs` waits before
 * answering; `operation` says which requests an armed one stages.
 */
export interface StagedOutcome {
  operation?: OperationId | undefined;
  /** An error status, or (an override's) the operation's success status. */
  status?: number | undefined;
  kind?: FaultKind | undefined;
  delayMs?: number | undefined;
  retryAfter?: number | undefined;
  /** JSON text answered with `status`: only overrides give one; none for a bodiless success. */
  body?: string;
  /** The `Preference-Applied` header of an answer the `Prefer` header staged. */
  preferenceApplied?: string;
}
