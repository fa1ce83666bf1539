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
import { parseJsonBody } from './parse-json-body.js';
import { parseQuery } from './parse-query.js';

/** What an operation answers before the shared headers are added. */
export interface OperationResult {
  status: number;
  /** JSON, as text or already encoded as UTF-8. */
  body: string | Uint8Array | undefined;
  headers?: Readonly<Record<string, string>>;
}

export interface OperationContext {
  request: MockRequest;
  /** Path parameters, percent-decoded. */
  params: readonly string[];
  store: PetStore;
}

export type Operation = (context: OperationContext) => OperationResult | Promise<OperationResult>;

function validate<Schema extends z.ZodMiniType>(schema: Schema, value: unknown, location: InputLocation): z.output<Schema> {
  const result = z.safeParse(schema, value);
  if (!result.success) throw new HttpError('invalid_request', formatIssues(location, result.error.issues));
  return result.data;
}

export const listPets: Operation = ({ request, store }) => {
  const query = validate(ListPetsQueryParams, parseQuery(request.query), 'query');
  return { status: 200, body: store.listBody(query) };
};

export const createPet: Operation = async ({ request, store }) => {
  const body = await parseJsonBody(request);
  const input = validate(NewPet, body, 'body');
  return { status: 201, body: JSON.stringify(store.create(input)) };
};

const GetPetParams = z.object({ petId: PetIdParam });

export const getPet: Operation = ({ params, store }) => {
  const id = validate(GetPetParams, { petId: params[0] }, 'path').petId;
  const body = store.getJson(id);
  if (body === undefined) throw new HttpError('not_found', `No animal has id ${id}`);
  return { status: 200, body };
};
