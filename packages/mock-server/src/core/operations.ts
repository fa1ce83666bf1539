import {
  ListPetsQueryParams,
  NewPet,
  PetIdParam,
  formatIssues,
  type InputLocation,
} from '@petstore/sdk/contract';
import * as z from 'zod/mini';
import type { MockRequest } from './exchange.js';
import { boundedMemo } from './bounded-memo.js';
import { HttpError } from './http-error.js';
import type { Journal } from './journal.js';
import type { PetStore } from './pet-store.js';
import { readJsonBody } from './parse-json-body.js';
import { parseQuery } from './parse-query.js';

/** What an operation answers before the shared headers are added. */
export interface OperationResult {
  status: number;
  /** JSON, as text or already encoded as UTF-8. */
  body: string | Uint8Array | undefined;
  headers?: Readonly<Record<string, string>>;
  /** A fault below HTTP the adapter stages instead of (or, for `stall`, halfway through) this answer. */
  fault?: 'reset' | 'empty' | 'stall' | undefined;
}

export interface OperationContext {
  request: MockRequest;
  /** Path parameters, percent-decoded. */
  params: readonly string[];
  store: PetStore;
  journal: Journal | undefined;
}

export type Operation = (context: OperationContext) => OperationResult | Promise<OperationResult>;

const GetPetParams = z.object({ petId: PetIdParam });

function validate<Schema extends z.ZodMiniType>(schema: Schema, value: unknown, location: InputLocation): z.output<Schema> {
  const result = z.safeParse(schema, value);
  if (!result.success) throw new HttpError('invalid_request', formatIssues(location, result.error.issues));
  return result.data;
}

// Validation is the costliest step of a list or a get, and clients repeat the
// same query strings and ids: remember what each one validated to.
const listQueryOf = boundedMemo((query) => validate(ListPetsQueryParams, parseQuery(query), 'query'));
const petIdOf = boundedMemo((petId) => validate(GetPetParams, { petId }, 'path').petId);

export const listPets: Operation = ({ request, store }) => ({ status: 200, body: store.listBody(listQueryOf(request.query)) });

// zod's ahead-of-time compiled fast path: valid bodies skip the general parser;
// an invalid one falls back to it, so the issues and messages are the same.
// (Where `new Function` is not allowed, compile() returns the schema as it is.)
let compiledNewPet: typeof NewPet | undefined;

export const createPet: Operation = ({ request, store, journal }) =>
  readJsonBody(request, (body) => {
    compiledNewPet ??= z.compile(NewPet);
    const pet = store.create(validate(compiledNewPet, body, 'body'));
    const result: OperationResult = { status: 201, body: JSON.stringify(pet) };
    // Durable before acknowledged: with a journal, the 201 waits until it has the animal.
    return journal ? journal.record(pet).then(() => result) : result;
  });

export const getPet: Operation = ({ params, store }) => {
  const id = petIdOf(params[0] ?? '');
  const body = store.getJson(id);
  if (body === undefined) throw new HttpError('not_found', `No animal has id ${id}`);
  return { status: 200, body };
};
