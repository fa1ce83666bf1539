import { definitionOf, ErrorBody, OPERATION_IDS, successBodyOf, type ErrorStatus, type OperationId, type OperationWithBody, type SuccessBody, type SuccessStatus } from '@petstore/sdk/contract';
import * as z from 'zod/mini';
import type { DocumentedResponses } from '../api/documented-responses.js';
import { createArmedQueue } from './armed-queue.js';
import { bodyIssues, issuesOf } from './body-issues.js';
import { HttpError } from '../api/http-error.js';
import { heapBytesOf } from '../api/heap-bytes.js';
import { FAULT_KINDS, type FaultKind } from './staged-outcome.js';
import { checkMatch, createMatcher, MatchSpec, type CheckedMatch, type OverrideMatch } from './override-match.js';
import { between, MAX_PREFERRED_DELAY_MS } from './limits.js';
import type { StagedOutcome } from './staged-outcome.js';
import { checkSuccess, refusedKind, type SuccessShape } from './success-check.js';

/** Most requests one override answers (beyond it, `times: 'always'`), and most overrides armed at once. */
const MAX_TIMES = 1_000;
export const MAX_ARMED_OVERRIDES = 1_000;
const CLEAR_THEM = 'clear them (DELETE …/__admin/overrides, overrides.clear()) or let requests spend them';
/** Why an arm past the cap is refused: the admin API's 400 and the RangeError in code say the same. */
export const TOO_MANY_OVERRIDES = `at most ${MAX_ARMED_OVERRIDES} overrides may be armed at once; ${CLEAR_THEM}`;
/** Most bytes the overrides of one API hold at once unless told otherwise, as V8 keeps them: 16 MiB, as its journal. */
export const MAX_OVERRIDE_BYTES = 16 * 1024 * 1024;
/** What an armed override costs besides its body's JSON text (counted as V8 keeps it: two bytes a character past U+00FF): its objects and other fields, rounded up. */
const OVERRIDE_BYTES = 256;

const MiB = 1024 * 1024;
/** `16 MiB`, `900 KiB` (rounded up): for the refusal's message. */
const sizeOf = (bytes: number): string => (bytes >= MiB && bytes % MiB === 0 ? `${bytes / MiB} MiB` : `${Math.ceil(bytes / 1024)} KiB`);

/** Why an arm past the byte budget is refused; an override larger than the whole budget is told so, for clearing would not help. */
function overridesFull(maxBytes: number, held: number, cost: number): string {
  const limit = `the overrides armed at once may hold at most ${sizeOf(maxBytes)} of bodies`;
  if (cost > maxBytes) return `${limit}, and this one's body alone is ${sizeOf(cost)}: stage a smaller body`;
  return `${limit}; ${sizeOf(held)} are armed and this one needs ${sizeOf(cost)}: ${CLEAR_THEM}`;
}

/**
 * One staged answer for `Op`, typed by the contract's table: its success (a
 * body, its status defaulting to the operation's; a bodiless success is its
 * status alone), one of the error statuses it documents with an optional body
 * (the documented example without one), a failure below HTTP, or only a delay
 * before the real answer.
 */
export type OverrideAnswer<Op extends OperationId> =
  | SuccessAnswer<Op>
  | { status: ErrorStatus<Op>; body?: ErrorBody; kind?: never; delayMs?: number }
  // A kind fails below HTTP: no status, no body (`never` makes the compiler say so, not only the run-time check).
  | { kind: KindOf<Op>; status?: never; body?: never; delayMs?: number }
  | { delayMs: number; status?: never; body?: never; kind?: never };

/** `Op`'s success as an override stages it: a body where the table gives one, else the status alone. */
type SuccessAnswer<Op extends OperationId> = Op extends OperationWithBody
  ? { status?: SuccessStatus<Op>; body: SuccessBody<Op>; kind?: never; delayMs?: number }
  : { status: SuccessStatus<Op>; body?: never; kind?: never; delayMs?: number };

/** The failures below HTTP `Op` can stage: a malformed or stalled answer is cut from a success body. */
type KindOf<Op extends OperationId> = Op extends OperationWithBody ? FaultKind : Exclude<FaultKind, 'malformed' | 'stall'>;

export interface OverrideOptions<Op extends OperationId = OperationId> {
  /** How many matching requests it answers (default 1), or `'always'` until cleared. */
  times?: number | 'always';
  /** Only requests that match: a path id (`getPet`), query values as the contract reads them (`listPets`). */
  match?: OverrideMatch<Op>;
}

/** What `POST /__admin/overrides` takes, and what `overrides.arm()` checks: the shape only; `checkOverride` checks it against the contract. */
export const OverrideSpec = /* @__PURE__ */ z
  .strictObject({
    operation: z.enum(OPERATION_IDS, { error: `must be one of ${OPERATION_IDS.join(', ')}` }),
    status: z.optional(between(200, 599)),
    body: z.optional(z.unknown()),
    kind: z.optional(z.enum(FAULT_KINDS, { error: `must be one of ${FAULT_KINDS.join(', ')}` })),
    delayMs: z.optional(between(0, MAX_PREFERRED_DELAY_MS)),
    times: z.optional(z.union([between(1, MAX_TIMES, ' or "always"'), z.literal('always')], { error: `must be an integer from 1 to ${MAX_TIMES} or "always"` })),
    match: z.optional(MatchSpec),
  })
  .check(
    z.refine((spec) => spec.status !== undefined || spec.body !== undefined || spec.kind !== undefined || spec.delayMs !== undefined, 'give a status, a body, a kind or a delayMs'),
    z.refine((spec) => spec.kind === undefined || (spec.status === undefined && spec.body === undefined), 'a kind fails below HTTP: it takes no status nor body'),
  );
export type OverrideSpec = z.infer<typeof OverrideSpec>;

/** An override as checked: its match as the contract reads it. */
type CheckedOverrideSpec = Omit<OverrideSpec, 'match'> & { match?: CheckedMatch };

/** An override waiting for its requests: `remaining` is how many more it answers. */
export type ArmedOverride = Omit<OverrideSpec, 'times' | 'match'> & { id: number; remaining: number | 'always'; match?: CheckedMatch };

const StrictErrorBody = /* @__PURE__ */ z.strictObject(ErrorBody.shape);

/**
 * Checks an override against the contract: only what the real service could
 * answer. `location` leads each message (`body` for the admin API); the answer
 * is the outcome the core stages, its body as JSON text. `documented` is the
 * operation's staged responses (the table's success, the documented statuses).
 */
export function checkOverride(
  value: unknown,
  documented: DocumentedResponses | undefined,
  location: 'body' | '',
): { spec: CheckedOverrideSpec; outcome: StagedOutcome } | { error: string } {
  const shape = issuesOf(OverrideSpec, value, location);
  if (shape !== undefined) return { error: shape };
  const { match, ...given } = z.parse(OverrideSpec, value);
  const checkedMatch = checkMatch(given.operation, match, (value as { match?: unknown }).match, location);
  if ('error' in checkedMatch) return checkedMatch;
  const answer = checkAnswer(given, documented, location);
  if ('error' in answer) return answer;
  const spec: CheckedOverrideSpec = { ...given, ...(checkedMatch.match !== undefined && { match: checkedMatch.match }) };
  const outcome: StagedOutcome = { ...(given.kind && { kind: given.kind }), ...(given.delayMs !== undefined && { delayMs: given.delayMs }), ...answer };
  return { spec, outcome };
}

/**
 * What an override answers, checked: a kind the operation's success can fail
 * with; a status (its success's by default) and a body the contract allows at
 * that status; or nothing, for a delay alone.
 */
function checkAnswer(
  { operation, status, body, kind }: Pick<OverrideSpec, 'operation' | 'status' | 'body' | 'kind'>,
  documented: DocumentedResponses | undefined,
  location: 'body' | '',
): { status?: number; body?: string } | { error: string } {
  // Without the documented responses, the table's own success: the check never passes over it.
  const success: SuccessShape = documented?.success ?? { status: definitionOf(operation).success.status, body: successBodyOf(operation) };
  const kindRefused = refusedKind(operation, success, kind, location);
  if (kindRefused !== undefined) return { error: kindRefused };
  if (status === undefined && body === undefined) return {};
  const answered = status ?? success.status;
  if (answered < 400) {
    const checked = checkSuccess(operation, success, { status: answered, body }, location);
    if ('error' in checked) return checked;
    return checked.body === undefined ? { status: answered } : { status: answered, body: checked.body };
  }
  return checkError(operation, documented, { status: answered, body }, location);
}

/** A staged error of `operation`: a status it documents, and an Error body of that status if any. */
function checkError(operation: OperationId, documented: DocumentedResponses | undefined, { status, body }: { status: number; body: unknown }, location: 'body' | ''): { status: number; body?: string } | { error: string } {
  const at = (field: string) => (location ? `${location}.${field}` : field);
  if (documented && !documented.statuses.has(status)) {
    return { error: `${at('status')}: ${operation} does not answer ${status}; it documents ${[...documented.statuses].join(', ')}` };
  }
  if (body === undefined) return { status };
  const issues = bodyIssues(StrictErrorBody, body, location);
  if (issues !== undefined) return { error: issues };
  if ((body as ErrorBody).status !== status) return { error: `${at('body.status')}: must be ${status}, the status of the answer` };
  return { status, body: JSON.stringify(body) };
}

/** Overrides armed in code or by the admin API: each answers matching requests of one operation instead of the store. */
export interface Overrides {
  /**
   * Stages `answer` for the next request of `operation` (or the next `times`, or `'always'`), optionally only matching ones.
   * Throws a TypeError naming a field the contract refuses, a RangeError past 1,000 armed overrides or past the bytes
   * their bodies may hold (16 MiB; a session's 2 MiB).
   */
  next<Op extends OperationId>(operation: Op, answer: OverrideAnswer<Op>, options?: OverrideOptions<Op>): ArmedOverride;
  /** `next` with `times: 'always'`: answers until cleared. */
  always<Op extends OperationId>(operation: Op, answer: OverrideAnswer<Op>, options?: Omit<OverrideOptions<Op>, 'times'>): ArmedOverride;
  /** `next` for a value not typed in code (what the admin API takes). */
  arm(spec: unknown): ArmedOverride;
  /** What is armed, oldest first. */
  list(): ArmedOverride[];
  /** Clears every override. */
  clear(): void;
}

/** The request an override may match. */
export interface OverrideRequest {
  operationId: OperationId;
  /** Its path parameters as sent, by name (getPet's `petId`). */
  params: Readonly<Record<string, string>>;
  query: string;
}

/** An armed override as kept: its body only once, as the JSON text it answers with (`outcome.body`). */
interface Armed {
  override: Omit<ArmedOverride, 'body' | 'match'> & { match?: CheckedMatch };
  outcome: StagedOutcome;
}

/** The override as `list()` shows it: its body parsed again from the text it answers with. */
const shown = ({ override, outcome }: Armed): ArmedOverride => ({
  ...structuredClone(override),
  ...(outcome.body !== undefined && { body: JSON.parse(outcome.body) as unknown }),
});

/**
 * The overrides of one mock API, holding at most `maxBytes` of text (their
 * bodies' JSON, plus a little for each; default 16 MiB); `take` is the core's:
 * it spends one request of the oldest override matching the request and gives
 * its outcome.
 */
export function createOverrides(
  documentedOf: (operationId: OperationId) => DocumentedResponses | undefined,
  maxBytes = MAX_OVERRIDE_BYTES,
): {
  overrides: Overrides;
  take: (request: OverrideRequest) => StagedOutcome | undefined;
  /** `overrides.arm` whose messages name fields from `location`: `body` for the admin API, whose refusal is then its 400. */
  armAt: (value: unknown, location: 'body' | '') => ArmedOverride;
} {
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) throw new RangeError(`overrideBytes must be an integer of at least 0, got ${maxBytes}`);
  const armed = createArmedQueue(({ override }: Armed) => override, {
    maxCount: MAX_ARMED_OVERRIDES,
    tooMany: TOO_MANY_OVERRIDES,
    maxBytes,
    tooLarge: (held, cost) => overridesFull(maxBytes, held, cost),
  });
  let lastId = 0;

  const armAt = (value: unknown, location: 'body' | ''): ArmedOverride => {
    const operation = (value as { operation?: unknown } | null)?.operation;
    const documented = typeof operation === 'string' && (OPERATION_IDS as readonly string[]).includes(operation) ? documentedOf(operation as OperationId) : undefined;
    const checked = checkOverride(value, documented, location);
    // The admin API answers the check's own words as a 400; code gets a TypeError saying what was refused.
    if ('error' in checked) throw location === 'body' ? new HttpError('invalid_request', checked.error) : new TypeError(`Invalid override: ${checked.error}`);
    const { outcome } = checked;
    const { times = 1, body, match, ...rest } = checked.spec;
    const override: Armed['override'] = { id: lastId + 1, ...rest, ...(match && { match: match as CheckedMatch }), remaining: times };
    armed.push({ override, outcome }, OVERRIDE_BYTES + (outcome.body === undefined ? 0 : heapBytesOf(outcome.body)));
    lastId = override.id;
    // The caller's own body, not a copy: what is armed keeps only its text.
    return { ...structuredClone(override), ...(body !== undefined && { body }) };
  };

  const arm = (value: unknown): ArmedOverride => armAt(value, '');
  const overrides: Overrides = {
    arm,
    next: (operation, answer, options = {}) => arm({ ...answer, ...options, operation }),
    always: (operation, answer, options = {}) => arm({ ...answer, ...options, times: 'always', operation }),
    list: () => armed.entries().map(shown),
    clear: () => armed.clear(),
  };

  const take = (request: OverrideRequest): StagedOutcome | undefined => {
    if (armed.size === 0) return undefined;
    const matches = createMatcher(request);
    return armed.take(({ override }) => override.operation === request.operationId && matches(override.match))?.outcome;
  };

  return { overrides, take, armAt };
}
