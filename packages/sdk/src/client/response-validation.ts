import * as z from 'zod/mini';
import { describeIssue, formatIssues, PET_STATUSES, type Pet } from '../contract/index.js';
import { ResponseValidationError } from './errors/validation-errors.js';
import { parseExactJson } from './exact-json.js';
import type { Logger, ResponseValidation } from './options.js';
import { StrictPet, TolerantPet } from './response-schemas.js';

/**
 * The checks of response bodies, per validation mode, with their warnings
 * (to `logger`, once per client). Both return the body itself, not zod's copy:
 * fields a later API version adds reach the caller.
 */
export function createResponseParsers(mode: ResponseValidation, logger: Logger) {
  const warned = new Set<string>();
  const warnOnce = (key: string, message: string) => {
    if (warned.has(key)) return;
    warned.add(key);
    logger.warn(message);
  };
  const schema = mode === 'strict' ? StrictPet : TolerantPet;
  /**
   * The issues of one animal, each path led by `at`: its index in a list
   * (`body[1].name`), as z.array would put it. (A list is checked animal by
   * animal rather than by z.array, whose code the browser bundle would carry
   * for this one use: docs/decisions.md, "The browser budget's headroom".)
   */
  const issuesOf = (pet: unknown, at: number[] = []): z.core.$ZodIssue[] => {
    const result = z.safeParse(schema, pet, { error: describeIssue });
    return result.success ? [] : result.error.issues.map((issue) => ({ ...issue, path: [...at, ...issue.path] }));
  };
  const refuse = (issues: z.core.$ZodIssue[], rawBody: string, label: string): void => {
    if (issues.length > 0) {
      throw new ResponseValidationError(`${label}: the response breaks the contract: ${formatIssues('body', issues)}`, issues, rawBody);
    }
  };
  const warnUnknownStatus = (status: string | undefined) => {
    if (status !== undefined && !(PET_STATUSES as readonly string[]).includes(status)) {
      warnOnce(`status:${status}`, `The service returned the status "${status}", which this SDK version does not know; it is passed through.`);
    }
  };

  const parsePet = (body: unknown, rawBody: string, label: string): Pet => {
    if (mode === 'off') return body as Pet;
    refuse(issuesOf(body), rawBody, label);
    warnUnknownStatus((body as Pet).status);
    return body as Pet;
  };

  /** `limit` is what the call asked for: a longer list breaks the contract (strict) or is warned about (tolerant). */
  const parsePets = (body: unknown, rawBody: string, label: string, limit: number): Pet[] => {
    // Even unchecked, a list is an array: callers iterate it.
    if (!Array.isArray(body)) throw new ResponseValidationError(`${label}: the response body is not a JSON array`, [], rawBody);
    if (mode === 'off') return body as Pet[];
    refuse(body.flatMap((pet, index) => issuesOf(pet, [index])), rawBody, label);
    const pets = body as Pet[];
    if (pets.length > limit) {
      const message = `${label}: the service returned ${pets.length} animals, more than the limit of ${limit}`;
      if (mode === 'strict') throw new ResponseValidationError(message, [], rawBody);
      warnOnce('over-limit', `${message}; they are passed through.`);
    }
    for (const pet of pets) warnUnknownStatus(pet.status);
    return pets;
  };

  // Strict: JSON.parse must not round a fraction into an integer field (in a strict body every number is one).
  const parseJson: (text: string) => unknown = mode === 'strict' ? parseExactJson : JSON.parse;

  /** A success that has no body gives `undefined`; a body that came anyway breaks the contract (unchecked with `off`). */
  const parseNone = (rawBody: string, status: number, label: string): undefined => {
    if (mode !== 'off' && rawBody !== '') throw new ResponseValidationError(`${label}: the ${status} response has a body; none was expected`, [], rawBody);
    return undefined;
  };

  return { parseJson, parseNone, parsePet, parsePets };
}
