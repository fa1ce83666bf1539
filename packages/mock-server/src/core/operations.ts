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
  const result = z.safeParse(schema, value);
  if (!result.success) throw new HttpError('invalid_request', formatIssues(location, result.error.issues));
  return result.data;
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
