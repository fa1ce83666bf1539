import * as z from 'zod/mini';
import { describeIssue, formatIssues, PET_STATUSES, type Pet } from '../contract/index.js';
import { ResponseValidationError } from './errors/validation-errors.js';
import { parseExactJson } from './exact-json.js';
import type { Logger, ResponseValidation } from './options.js';
import { StrictPet, TolerantPet } from './response-schemas.js';

/** What every check of a client reads: its mode, the animal's schema for it, and its warnings (once each). */
interface Checks {
  mode: ResponseValidation;
  schema: typeof StrictPet | typeof TolerantPet;
  warnOnce: (key: string, message: string) => void;
}

/**
 * The checks of response bodies, per validation mode, with their warnings
 * (to `logger`, once per client). They return the body itself, not zod's copy:
 * fields a later API version adds reach the caller.
 */
export function createResponseParsers(mode: ResponseValidation, logger: Logger) {
  const warned = new Set<string>();
  const checks: Checks = {
    mode,
    schema: mode === 'strict' ? StrictPet : TolerantPet,
    warnOnce: (key, message) => {
      if (warned.has(key)) return;
      warned.add(key);
      logger.warn(message);
    },
  };
  return {
    // Strict: JSON.parse must not round a fraction into an integer field (in a strict body every number is one).
    parseJson: (mode === 'strict' ? parseExactJson : JSON.parse) as (text: string) => unknown,
    parseNone: (rawBody: string, status: number, label: string) => checkNone(mode, rawBody, status, label),
    parsePet: (body: unknown, rawBody: string, label: string) => checkPet(checks, body, rawBody, label),
    parsePets: (body: unknown, rawBody: string, label: string, limit: number) => checkPets(checks, body, rawBody, label, limit),
  };
}

/** A success that has no body gives `undefined`; a body that came anyway breaks the contract (unchecked with `off`). */
function checkNone(mode: ResponseValidation, rawBody: string, status: number, label: string): undefined {
  if (mode !== 'off' && rawBody !== '') throw new ResponseValidationError(`${label}: the ${status} response has a body; none was expected`, [], rawBody);
  return undefined;
}

function checkPet(checks: Checks, body: unknown, rawBody: string, label: string): Pet {
  if (checks.mode === 'off') return body as Pet;
  refuse(issuesOf(checks, body), rawBody, label);
  warnUnknownStatus(checks, (body as Pet).status);
  return body as Pet;
}

/** `limit` is what the call asked for: a longer list breaks the contract (strict) or is warned about (tolerant). */
function checkPets(checks: Checks, body: unknown, rawBody: string, label: string, limit: number): Pet[] {
  // Even unchecked, a list is an array: callers iterate it.
  if (!Array.isArray(body)) throw new ResponseValidationError(`${label}: the response body is not a JSON array`, [], rawBody);
  if (checks.mode === 'off') return body as Pet[];
  refuse(body.flatMap((pet, index) => issuesOf(checks, pet, [index])), rawBody, label);
  const pets = body as Pet[];
  if (pets.length > limit) {
    const message = `${label}: the service returned ${pets.length} animals, more than the limit of ${limit}`;
    if (checks.mode === 'strict') throw new ResponseValidationError(message, [], rawBody);
    checks.warnOnce('over-limit', `${message}; they are passed through.`);
  }
  for (const pet of pets) warnUnknownStatus(checks, pet.status);
  return pets;
}

/**
 * The issues of one animal, each path led by `at`: its index in a list
 * (`body[1].name`), as z.array would put it. (A list is checked animal by
 * animal rather than by z.array, whose code the browser bundle would carry
 * for this one use: docs/decisions.md, "The browser budget's headroom".)
 */
function issuesOf(checks: Checks, pet: unknown, at: number[] = []): z.core.$ZodIssue[] {
  const result = z.safeParse(checks.schema, pet, { error: describeIssue });
  return result.success ? [] : result.error.issues.map((issue) => ({ ...issue, path: [...at, ...issue.path] }));
}

function refuse(issues: z.core.$ZodIssue[], rawBody: string, label: string): void {
  if (issues.length > 0) {
    throw new ResponseValidationError(`${label}: the response breaks the contract: ${formatIssues('body', issues)}`, issues, rawBody);
  }
}

function warnUnknownStatus(checks: Checks, status: string | undefined): void {
  if (status !== undefined && !(PET_STATUSES as readonly string[]).includes(status)) {
    checks.warnOnce(`status:${status}`, `The service returned the status "${status}", which this SDK version does not know; it is passed through.`);
  }
}
