import {
  formatIssues,
  OPERATION_IDS,
  OPERATIONS,
  definitionOf,
  type InputLocation,
  type OperationId,
  type OperationInput,
  type SuccessBody,
} from '@petstore/sdk/contract';
import * as z from 'zod/mini';
import type { MockRequest } from './exchange.js';
import { HttpError } from './http-error.js';
import type { PetStore } from './pet-store.js';
import { readJsonBody } from './parse-json-body.js';
import { parseQuery } from './parse-query.js';
import { fieldOfIssue, quoteReceived } from './quote-received.js';

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
  /** Path parameters by name, percent-decoded. */
  params: Readonly<Record<string, string>>;
  store: PetStore;
}

/**
 * One operation in two steps: it reads the request as the contract does (a
 * request it refuses throws the HttpError the service answers with), then the
 * function it returns answers from the store. Staged answers come between the
 * two (staged.ts): a staged success answers only a request the contract accepts.
 */
export type Operation = (context: OperationContext) => Promise<() => OperationResult>;

function validate<Schema extends z.ZodMiniType>(schema: Schema, value: unknown, location: InputLocation): z.output<Schema> {
  const result = z.safeParse(schema, value, { reportInput: true });
  if (!result.success) throw new HttpError('invalid_request', formatIssues(location, result.error.issues.map((issue) => withReceived(schema, issue))));
  return result.data;
}

/**
 * An issue that says what came besides what was expected (`must be one of
 * available, pending, sold, got "lost"`), within what the field holds
 * (quote-received.ts); a missing field is required, whatever type its schema
 * names. Unknown fields name themselves.
 */
function withReceived(schema: z.ZodMiniType, issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code === 'unrecognized_keys') return issue;
  if (issue.input === undefined) return issue.code === 'invalid_type' ? { ...issue, message: 'is required' } : issue;
  // An integer past 2^53 - 1 was rounded when parsed: quoting it would misquote what came.
  if (typeof issue.input === 'number' && Number.isInteger(issue.input) && !Number.isSafeInteger(issue.input)) return issue;
  return { ...issue, message: `${issue.message}, got ${quoteReceived(issue.input, fieldOfIssue(schema, issue))}` };
}

/** Each operation's path parameters as one object schema, built once: `{ petId }` for `getPet`. */
const PATH_SCHEMAS = new Map(
  OPERATION_IDS.flatMap((id) => {
    const { pathParams } = definitionOf(id);
    return pathParams ? [[id, z.object(pathParams)] as const] : [];
  }),
);

/**
 * Reads a request of `operationId` as the contract's table says: its path
 * parameters, then its query, then its body, each refused with a 400 naming the field.
 */
async function readInput<Op extends OperationId>(operationId: Op, { request, params }: OperationContext): Promise<OperationInput<Op>> {
  const { query, body } = definitionOf(operationId);
  const pathSchema = PATH_SCHEMAS.get(operationId);
  return {
    ...(pathSchema && validate(pathSchema, params, 'path')),
    ...(query && { query: validate(query, parseQuery(request.query), 'query') }),
    ...(body && { body: validate(body, await readJsonBody(request), 'body') }),
  } as OperationInput<Op>;
}

/**
 * What each operation does with a request the contract accepted: the one
 * place an operation meets the store. A new operation in the contract's table
 * does not compile until it has its entry.
 */
const ANSWERS: { [Op in OperationId]: (input: OperationInput<Op>, store: PetStore) => SuccessBody<Op> } = {
  listPets: ({ query }, store) => store.list(query),
  createPet: ({ body }, store) => store.create(body),
  getPet: ({ petId }, store) => {
    const pet = store.get(petId);
    if (pet === undefined) throw new HttpError('not_found', `No animal has id ${petId}`);
    return pet;
  },
};

/** The operation `operationId` runs: it reads the request, then answers with its success status and what {@link ANSWERS} gives. */
function operation<Op extends OperationId>(operationId: Op): Operation {
  const answer = ANSWERS[operationId] as (input: OperationInput<Op>, store: PetStore) => SuccessBody<Op>;
  const { status } = OPERATIONS[operationId].success;
  return async (context) => {
    const input = await readInput(operationId, context);
    return () => ({ status, body: JSON.stringify(answer(input, context.store)) });
  };
}

/** Every operation of the API, by its id. */
export const OPERATION_RUNS = Object.fromEntries(OPERATION_IDS.map((id) => [id, operation(id)])) as Record<OperationId, Operation>;
