import { OPERATION_IDS, Pet, Pets, successBodyOf, type OperationId } from '@petstore/sdk/contract';
import * as z from 'zod/mini';
import { bodyIssues } from './body-issues.js';

/** An operation's success as the checks read it: its status, and a body (any value: a schema, an example) or none. */
export interface SuccessShape {
  readonly status: number;
  readonly body?: unknown;
}

// Strict: an answer the real service would not send (an unknown field) is no answer to stage.
const StrictPet = /* @__PURE__ */ z.strictObject(Pet.shape);
/** The contract's success bodies, each made strict. A success body not here fails every import of the mock, naming this file. */
const STRICT_BODIES = new Map<z.ZodMiniType, z.ZodMiniType>([
  [Pet, StrictPet],
  [Pets, z.array(StrictPet)],
]);

/** Each operation's success body as an override must give it: the table's, with no field the contract does not know; none for a bodiless success. */
const SUCCESS_BODIES = Object.fromEntries(
  OPERATION_IDS.flatMap((operation) => {
    const body = successBodyOf(operation);
    if (body === undefined) return [];
    const strict = STRICT_BODIES.get(body);
    if (!strict) throw new TypeError(`${operation}'s success body has no strict form: add it to STRICT_BODIES in staged/success-check.ts`);
    return [[operation, strict] as const];
  }),
) as Partial<Record<OperationId, z.ZodMiniType>>;

/** `at('status')` is `body.status` over the admin API, `status` in code. */
const atOf = (location: 'body' | '') => (field: string) => (location ? `${location}.${field}` : field);

/**
 * A staged success of `operation`, checked against its success in the table:
 * its one status, and a body exactly where the success has one (strict: no
 * field the contract does not know). Gives the body as the JSON text it
 * answers with, undefined for a bodiless success.
 */
export function checkSuccess(
  operation: OperationId,
  success: SuccessShape,
  given: { status: number; body: unknown },
  location: 'body' | '',
): { status: number; body: string | undefined } | { error: string } {
  const at = atOf(location);
  if (given.status !== success.status) return { error: `${at('status')}: ${operation} answers ${success.status} on success, not ${given.status}` };
  if (success.body === undefined) {
    return given.body === undefined ? { status: given.status, body: undefined } : { error: `${at('body')}: ${operation} answers ${success.status} with no body` };
  }
  if (given.body === undefined) return { error: `${at('body')}: a success answer needs a body; ${operation} answers ${success.status} with one` };
  const schema = SUCCESS_BODIES[operation];
  if (schema === undefined) throw new TypeError(`${operation}'s success has a body, but the contract's table gives it none`);
  const issues = bodyIssues(schema, given.body, location);
  return issues === undefined ? { status: given.status, body: JSON.stringify(given.body) } : { error: issues };
}

/**
 * Why a failure below HTTP cannot be staged for `operation`, if it cannot: a
 * malformed or stalled answer is cut from the success's body, so a bodiless
 * success has none to cut. Undefined where the kind may be staged.
 */
export function refusedKind(operation: OperationId, success: SuccessShape, kind: string | undefined, location: 'body' | ''): string | undefined {
  if ((kind !== 'malformed' && kind !== 'stall') || success.body !== undefined) return undefined;
  return `${atOf(location)('kind')}: ${operation} answers ${success.status} with no body, so there is none to cut for "${kind}"; stage "reset" or "empty"`;
}
