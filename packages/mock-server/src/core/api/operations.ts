import {
  ListPetsQueryParams,
  NewPet,
  PetIdParam,
  formatIssues,
  type InputLocation,
} from '@petstore/sdk/contract';
import * as z from 'zod/mini';
import type { MockRequest } from './exchange.js';
import { HttpError } from './http-error.js';
import type { PetStore } from './pet-store.js';
import { readJsonBody } from './parse-json-body.js';
import { parseQuery } from './parse-query.js';

/** What an operation answers before the shared headers are added. */
export interface OperationResult {
  status: number;
  /** JSON text. */
  body: string | undefined;
  headers?: Readonly<Record<string, string>>;
  /** A fault below HTTP the adapter stages instead of (or, for `stall`, halfway through) this answer. */
  fault?: 'reset' | 'empty' | 'stall' | undefined;
}

export interface OperationContext {
  request: MockRequest;
  /** Path parameters, percent-decoded. */
  params: readonly string[];
  store: PetStore;
}

/**
 * One operation in two steps: it reads the request as the contract does (a
 * request it refuses throws the HttpError the service answers with), then the
 * function it returns answers from the store. Staged answers come between the
 * two (staged.ts): a staged success answers only a request the contract accepts.
 */
export type Operation = (context: OperationContext) => Promise<() => OperationResult>;

const GetPetParams = z.object({ petId: PetIdParam });

function validate<Schema extends z.ZodMiniType>(schema: Schema, value: unknown, location: InputLocation): z.output<Schema> {
  const result = z.safeParse(schema, value, { reportInput: true });
  if (!result.success) throw new HttpError('invalid_request', formatIssues(location, result.error.issues.map(withReceived)));
  return result.data;
}

/** Most characters of a received value a 400 quotes: the client sent it, and the log and journal repeat it. */
const QUOTED_CHARACTERS = 40;

/**
 * An issue that says what came besides what was expected (`must be one of
 * available, pending, sold, got "lost"`); a missing field is required, whatever
 * type its schema names. Unknown fields name themselves.
 */
function withReceived(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code === 'unrecognized_keys') return issue;
  if (issue.input === undefined) return issue.code === 'invalid_type' ? { ...issue, message: 'is required' } : issue;
  // An integer past 2^53 - 1 was rounded when parsed: quoting it would misquote what came.
  if (typeof issue.input === 'number' && Number.isInteger(issue.input) && !Number.isSafeInteger(issue.input)) return issue;
  return { ...issue, message: `${issue.message}, got ${quoted(issue.input)}` };
}

/** What came, in a few words: a text's first characters as JSON, a number as it is, an array or object by its kind (never serialised whole: it may be a megabyte). */
function quoted(input: unknown): string {
  if (typeof input === 'string') return input.length > QUOTED_CHARACTERS ? `${JSON.stringify(input.slice(0, QUOTED_CHARACTERS - 1))}…` : JSON.stringify(input);
  if (Array.isArray(input)) return input.length === 0 ? '[]' : `an array of ${input.length}`;
  if (typeof input === 'object' && input !== null) return 'an object';
  return String(input);
}

export const listPets: Operation = async ({ request, store }) => {
  const query = validate(ListPetsQueryParams, parseQuery(request.query), 'query');
  return () => ({ status: 200, body: JSON.stringify(store.list(query)) });
};

export const createPet: Operation = async ({ request, store }) => {
  const input = validate(NewPet, await readJsonBody(request), 'body');
  return () => ({ status: 201, body: JSON.stringify(store.create(input)) });
};

export const getPet: Operation = async ({ params, store }) => {
  const id = validate(GetPetParams, { petId: params[0] ?? '' }, 'path').petId;
  return () => {
    const pet = store.get(id);
    if (pet === undefined) throw new HttpError('not_found', `No animal has id ${id}`);
    return { status: 200, body: JSON.stringify(pet) };
  };
};
