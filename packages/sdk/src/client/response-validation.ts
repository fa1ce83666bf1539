import * as z from 'zod/mini';
import { describeIssue, formatIssues, PET_STATUSES, type Pet } from '../contract/index.js';
import { ResponseValidationError } from './errors/validation-errors.js';
import { parseExactJson } from './exact-json.js';
import type { ResponseValidation } from './options.js';
import { StrictPet, StrictPets, TolerantPet, TolerantPets } from './response-schemas.js';

/** Warns once per key and client. */
export type WarnOnce = (key: string, message: string, details?: Record<string, unknown>) => void;

/**
 * The checks of response bodies, per validation mode. Both return the body
 * itself, not zod's copy: fields a later API version adds reach the caller.
 */
export function createResponseParsers(mode: ResponseValidation, warnOnce: WarnOnce) {
  const check = (schema: z.ZodMiniType, body: unknown, rawBody: string, label: string): void => {
    const result = z.safeParse(schema, body, { error: describeIssue });
    if (!result.success) {
      throw new ResponseValidationError(`${label}: the response breaks the contract: ${formatIssues('body', result.error.issues)}`, result.error.issues, rawBody);
    }
  };
  const warnUnknownStatus = (status: string | undefined) => {
    if (status !== undefined && !(PET_STATUSES as readonly string[]).includes(status)) {
      warnOnce(`status:${status}`, `The service returned the status "${status}", which this SDK version does not know; it is passed through.`);
    }
  };

  const parsePet = (body: unknown, rawBody: string, label: string): Pet => {
    if (mode === 'off') return body as Pet;
    check(mode === 'strict' ? StrictPet : TolerantPet, body, rawBody, label);
    warnUnknownStatus((body as Pet).status);
    return body as Pet;
  };

  /** `limit` is what the call asked for: a longer list breaks the contract (strict) or is warned about (tolerant). */
  const parsePets = (body: unknown, rawBody: string, label: string, limit: number): Pet[] => {
    // Even unchecked, a list is an array: callers iterate it.
    if (!Array.isArray(body)) throw new ResponseValidationError(`${label}: the response body is not a JSON array`, [], rawBody);
    if (mode === 'off') return body as Pet[];
    check(mode === 'strict' ? StrictPets : TolerantPets, body, rawBody, label);
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

  return { parseJson, parsePet, parsePets };
}
