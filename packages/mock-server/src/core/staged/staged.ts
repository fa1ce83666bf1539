import { KIT_CHOICES } from '@petstore/sdk/contract';
import type { DocumentedResponses } from '../api/documented-responses.js';
import type { StagedOutcome } from './staged-outcome.js';
import type { OperationResult } from '../api/operations.js';
import { stagedErrorBody } from './staged-error.js';

export type { StagedOutcome } from './staged-outcome.js';

/**
 * Where outcomes come from, in the order they win: overrides, then armed
 * faults, then the request's `Prefer`, then the server's option.
 */
export type StagedSources = readonly [
  override: StagedOutcome | undefined,
  armed: StagedOutcome | undefined,
  preferred: StagedOutcome | undefined,
  server: StagedOutcome | undefined,
];

export const answers = (outcome: StagedOutcome | undefined): outcome is StagedOutcome =>
  outcome !== undefined && (outcome.status !== undefined || outcome.kind !== undefined);

/**
 * The one matching rule: the answer (a status with its retry-after, or a kind)
 * comes from the first source that stages one, and so does the delay; both may
 * come from different sources (an armed delay and a `Prefer: code=503`).
 */
export function pickStaged(sources: StagedSources): StagedOutcome | undefined {
  const answer = sources.find(answers);
  const delayMs = sources.find((outcome) => outcome?.delayMs !== undefined)?.delayMs;
  if (answer === undefined) return delayMs === undefined ? undefined : { delayMs };
  const { delayMs: _own, ...rest } = answer;
  return delayMs === undefined ? rest : { ...rest, delayMs };
}

/**
 * The one place an outcome becomes an answer. The operation reads the request
 * first, as the service would. A staged failure (an error status, or a kind
 * below HTTP) is what the test armed: it answers whatever the request was, and
 * the request is read only so that the journal keeps what was sent. Anything
 * else answers only a request the contract accepts: a refused one throws its
 * refusal here, a staged success (an override's body) stands in for the
 * operation's answer, and without one the operation answers. The delay is the
 * caller's to wait, once the answer is recorded. A staged 401 carries
 * `challenge` (the service's for a missing key).
 */
export async function applyStaged(
  outcome: StagedOutcome | undefined,
  documented: () => DocumentedResponses | undefined,
  read: () => Promise<() => OperationResult>,
  challenge: string | null = KIT_CHOICES.challenge.missingKey,
): Promise<OperationResult> {
  if (outcome?.kind !== undefined) {
    await read().catch(ignore);
    return stagedKind(outcome.kind, documented());
  }
  if (outcome?.status !== undefined && outcome.status >= 400) {
    await read().catch(ignore);
    return stagedStatus(outcome.status, outcome, documented(), challenge);
  }
  const answer = await read();
  return outcome?.status !== undefined ? stagedStatus(outcome.status, outcome, documented(), challenge) : answer();
}

/** A refusal of a request whose answer the test staged itself: not the test's failure. */
const ignore = (): undefined => undefined;

/**
 * What a staged status answers: a success (only an override stages one) its
 * own body, none for a bodiless success; an error the override's body, else
 * the documented example, else a well-formed Error body.
 */
function stagedStatus(status: number, outcome: StagedOutcome, documented: DocumentedResponses | undefined, challenge: string | null): OperationResult {
  const headers: Record<string, string> = {};
  if (outcome.preferenceApplied) headers['preference-applied'] = outcome.preferenceApplied;
  // Every 401 carries its challenge (RFC 9110), staged ones too: the one for a missing key, unless the service sends none.
  if (status === 401 && challenge !== null) headers['www-authenticate'] = challenge;
  if (outcome.retryAfter !== undefined) headers['retry-after'] = String(outcome.retryAfter);
  if (status < 400) return { status, body: outcome.body, headers };
  const body = outcome.body ?? documented?.errors.get(status) ?? JSON.stringify(stagedErrorBody(status));
  return { status, body, headers };
}

/**
 * A failure below HTTP, cut from the operation's documented success, at its
 * success status (createPet's 201). A bodiless success has nothing to cut: a
 * malformed or stalled answer that reaches one (a fault armed for every
 * operation; one armed for it is refused) closes the connection, as `empty`.
 */
function stagedKind(kind: NonNullable<StagedOutcome['kind']>, documented: DocumentedResponses | undefined): OperationResult {
  const { status, body } = documented?.success ?? { status: 200, body: '[]' };
  if (kind === 'reset' || kind === 'empty' || body === undefined) return { status: 0, body: undefined, fault: kind === 'reset' ? 'reset' : 'empty' };
  if (kind === 'malformed') return { status, body: body.slice(0, Math.ceil(body.length / 2)) };
  // The adapter sends half of a stalled body.
  return { status, body, fault: kind };
}
