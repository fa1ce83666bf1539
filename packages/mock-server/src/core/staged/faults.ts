import { definitionOf, describeIssue, formatIssues, OPERATION_IDS, type OperationId } from '@petstore/sdk/contract';
import * as z from 'zod/mini';
import { HttpError } from '../api/http-error.js';
import { createArmedQueue } from './armed-queue.js';
import { between, MAX_PREFERRED_DELAY_MS, MAX_PREFERRED_RETRY_AFTER_S } from './limits.js';
import { FAULT_KINDS, type FaultKind, type StagedOutcome } from './staged-outcome.js';
import { refusedKind, type SuccessShape } from './success-check.js';

export { FAULT_KINDS, type FaultKind } from './staged-outcome.js';

/** Most requests one fault may fail. */
const MAX_TIMES = 1_000;
/** Most faults armed at once: a test needs a handful, and each request walks the armed ones. */
export const MAX_ARMED_FAULTS = 1_000;
/** Why an arm past the cap is refused: the admin API's 400 and the RangeError in code say the same. */
export const TOO_MANY_FAULTS = `at most ${MAX_ARMED_FAULTS} faults may be armed at once; disarm them (DELETE /__admin/faults, faults.clear()) or let requests spend them`;

const faultFields = {
  operation: z.optional(z.enum(OPERATION_IDS, { error: `must be one of ${OPERATION_IDS.join(', ')}` })),
  status: z.optional(between(400, 599)),
  kind: z.optional(z.enum(FAULT_KINDS, { error: `must be one of ${FAULT_KINDS.join(', ')}` })),
  delayMs: z.optional(between(0, MAX_PREFERRED_DELAY_MS)),
  retryAfter: z.optional(between(0, MAX_PREFERRED_RETRY_AFTER_S)),
};

/** What a test arms: which requests fail (`operation`, all of them without it), how, and how many times. */
export const FaultSpec = /* @__PURE__ */ z
  .strictObject({ ...faultFields, times: z.optional(between(1, MAX_TIMES)) })
  .check(
    z.refine((spec) => spec.status !== undefined || spec.kind !== undefined || spec.delayMs !== undefined, 'give a status, a kind or a delayMs'),
    z.refine((spec) => spec.status === undefined || spec.kind === undefined, 'status and kind exclude each other: a kind fails below HTTP'),
  );
export type FaultSpec = z.infer<typeof FaultSpec>;

/** A fault waiting for its requests: `remaining` is how many more it fails. */
export const ArmedFault = /* @__PURE__ */ z.object({ id: z.int(), ...faultFields, remaining: z.int() });
export type ArmedFault = z.infer<typeof ArmedFault>;

/**
 * One fault as code arms it: an HTTP status (any 4xx or 5xx: what a proxy or
 * the platform in front of a service may answer, documented or not) with an
 * optional `Retry-After`, or a failure below HTTP, never both; or only a delay.
 */
export type FaultOptions = { delayMs?: number; times?: number } & (
  | { status: number; retryAfter?: number; kind?: never }
  | { kind: FaultKind; status?: never; retryAfter?: never }
  | { delayMs: number; status?: never; kind?: never; retryAfter?: never }
);

/** Faults armed from outside the app: by the admin API, or in code on the server or handlers object. */
export interface Faults {
  /** Makes the next `times` (default 1) matching requests fail as `spec` says (every operation's, without `operation`). Throws a TypeError naming a bad field, a RangeError past 1,000 armed faults. */
  arm(spec: FaultOptions & { operation?: OperationId }): ArmedFault;
  /** `arm` for one operation: `faults.next('listPets', { status: 503, retryAfter: 1 })`. */
  next(operation: OperationId, fault: FaultOptions): ArmedFault;
  /** What is armed, oldest first. */
  list(): ArmedFault[];
  /** Disarms everything. */
  clear(): void;
}

/** Checks a fault as it arrives: `location` leads each message (`body` for the admin API); `successOf` gives an operation's success (the table's). */
export function parseFaultSpec(value: unknown, location: 'body' | '', successOf: (operation: OperationId) => SuccessShape = tableSuccess): { spec: FaultSpec } | { error: string } {
  const result = z.safeParse(FaultSpec, value, { error: describeIssue });
  if (!result.success) return { error: formatIssues(location, result.error.issues) };
  const { operation, kind } = result.data;
  const refused = operation === undefined ? undefined : refusedKind(operation, successOf(operation), kind, location);
  return refused === undefined ? { spec: result.data } : { error: refused };
}

/** An operation's success in the contract's table. */
const tableSuccess = (operation: OperationId): SuccessShape => definitionOf(operation).success;

/**
 * The faults of one mock API. `take` is the core's: it spends one request of
 * the oldest fault armed for the operation (or for all) and gives its outcome.
 * `armAt` is `faults.arm` whose messages name fields from `location`: `body`
 * for the admin API, whose refusal is then its 400. `successOf` gives each
 * operation's success (default: the contract's table's): a bodiless one cannot
 * be armed to answer malformed or stall.
 */
export function createFaults(successOf: (operation: OperationId) => SuccessShape = tableSuccess): {
  faults: Faults;
  take: (operationId: OperationId) => StagedOutcome | undefined;
  armAt: (value: unknown, location: 'body' | '') => ArmedFault;
} {
  const armed = createArmedQueue((fault: ArmedFault) => fault, { maxCount: MAX_ARMED_FAULTS, tooMany: TOO_MANY_FAULTS });
  let lastId = 0;

  const armAt = (value: unknown, location: 'body' | ''): ArmedFault => {
    const parsed = parseFaultSpec(value, location, successOf);
    // The admin API answers the check's own words as a 400; code gets a TypeError saying what was refused.
    if ('error' in parsed) throw location === 'body' ? new HttpError('invalid_request', parsed.error) : new TypeError(`Invalid fault: ${parsed.error}`);
    const { times = 1, ...rest } = parsed.spec;
    // The id is spent only once the queue took it: a refused arm leaves no gap.
    const fault: ArmedFault = { id: lastId + 1, ...rest, remaining: times };
    armed.push(fault);
    lastId = fault.id;
    return { ...fault };
  };
  const arm = (value: FaultSpec): ArmedFault => armAt(value, '');

  const faults: Faults = {
    arm,
    next: (operation, fault) => arm({ ...fault, operation }),
    list: () => armed.entries().map((fault) => ({ ...fault })),
    clear: () => armed.clear(),
  };

  const take = (operationId: OperationId): StagedOutcome | undefined => {
    const fault = armed.take((candidate) => candidate.operation === undefined || candidate.operation === operationId);
    if (!fault) return undefined;
    const { id: _id, remaining: _remaining, ...outcome } = fault;
    return outcome;
  };

  return { faults, take, armAt };
}
