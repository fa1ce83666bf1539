import {
  formatIssues,
  ListPetsQueryParams,
  NewPet,
  OPERATION_IDS,
  definitionOf,
  type InputLocation,
  type OperationId,
  type OperationInput,
  type QueryParams,
  type ServiceChoices,
  type SuccessBody,
} from '@petstore/sdk/contract';
import * as z from 'zod/mini';
import type { MockRequest } from './exchange.js';
import { HttpError } from './http-error.js';
import type { PetStore } from './pet-store.js';
import { readJsonBody } from './parse-json-body.js';
import { parseQuery } from './parse-query.js';
import { fieldOfIssue, quoteReceived } from './quote-received.js';
import { createBodyAsChosen, listQueryAsChosen, unmatchedStatus, withoutParam } from './service-choices.js';

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
  /** The service's choices where the specification is silent: a profile's, else the kit's. */
  choices: ServiceChoices;
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

/** What an operation reads of a request: the contract's input, and a `status` filter the profile lets match nothing. */
type ChosenInput<Op extends OperationId> = OperationInput<Op> & { unmatchedStatus?: string };

/**
 * Reads a request of `operationId` as the contract's table says: its path
 * parameters, then its query, then its body, each refused with a 400 naming
 * the field, except where the service's choices read it otherwise
 * (service-choices.ts): the list query and a create body wherever they are
 * read, `getPet`'s malformed id.
 */
async function readInput<Op extends OperationId>(operationId: Op, { request, params, choices }: OperationContext): Promise<ChosenInput<Op>> {
  const { query, body } = definitionOf(operationId);
  const pathSchema = PATH_SCHEMAS.get(operationId);
  return {
    ...(pathSchema && readPath(operationId, pathSchema, params, choices)),
    ...(query && readQuery(query, parseQuery(request.query), choices)),
    ...(body && { body: readBody(body, await readJsonBody(request), choices) }),
  } as ChosenInput<Op>;
}

function readPath(operationId: OperationId, schema: z.ZodMiniType, params: Readonly<Record<string, string>>, choices: ServiceChoices): object {
  // A service that takes any text for an id finds no animal of a malformed one.
  if (operationId === 'getPet' && choices.malformedPetId === 404 && !z.safeParse(schema, params).success) {
    throw new HttpError('not_found', `No animal has id ${quoteReceived(params['petId'] ?? '', LONGEST_PET_ID)}`);
  }
  return validate(schema, params, 'path') as object;
}

/** The longest id is 16 digits (2^53-1): a longer path segment is told by its length only. */
const LONGEST_PET_ID = z.string().check(z.maxLength(16));

function readQuery(schema: z.ZodMiniType, raw: QueryParams, choices: ServiceChoices): { query: unknown; unmatchedStatus?: string } {
  if (schema !== ListPetsQueryParams) return { query: validate(schema, raw, 'query') };
  const chosen = listQueryAsChosen(raw, choices);
  const unmatched = unmatchedStatus(chosen, choices);
  // The rest of the query is still the contract's to read: `status=lost&limit=abc` is a 400.
  if (unmatched === undefined) return { query: validate(schema, chosen, 'query') };
  return { query: validate(schema, withoutParam(chosen, 'status'), 'query'), unmatchedStatus: unmatched };
}

function readBody(schema: z.ZodMiniType, raw: unknown, choices: ServiceChoices): unknown {
  if (schema !== NewPet) return validate(schema, raw, 'body');
  const pet = validate(NewPet, createBodyAsChosen(raw, choices), 'body');
  if (pet.name.length > choices.nameMaxLength) validate(nameOfAtMost(choices.nameMaxLength), pet, 'body');
  return pet;
}

/** A create body whose name is at most `max` characters: the profile's bound, worded as the contract's. */
const nameOfAtMost = (max: number) => z.object({ name: z.string().check(z.maxLength(max, `must be at most ${max} characters`)) });

/**
 * What each operation does with a request the contract accepted: the one
 * place an operation meets the store. A new operation in the contract's table
 * does not compile until it has its entry.
 */
const ANSWERS: { [Op in OperationId]: (input: ChosenInput<Op>, store: PetStore, choices: ServiceChoices) => SuccessBody<Op> } = {
  listPets: ({ query, unmatchedStatus }, store, choices) => (unmatchedStatus === undefined ? store.list({ ...query, order: choices.listOrder }) : []),
  createPet: ({ body }, store, choices) => store.create(body.status === undefined ? { ...body, status: choices.defaultStatus } : body),
  getPet: ({ petId }, store) => {
    const pet = store.get(petId);
    if (pet === undefined) throw new HttpError('not_found', `No animal has id ${petId}`);
    return pet;
  },
};

/**
 * The operation `operationId` runs: it reads the request, then answers with
 * its success status from the table and what {@link ANSWERS} gives, as JSON
 * text; no body where the table's success has none.
 */
function operation<Op extends OperationId>(operationId: Op): Operation {
  const answer = ANSWERS[operationId] as (input: ChosenInput<Op>, store: PetStore, choices: ServiceChoices) => SuccessBody<Op>;
  const { status, body } = definitionOf(operationId).success;
  return async (context) => {
    const input = await readInput(operationId, context);
    return () => {
      const answered = answer(input, context.store, context.choices);
      return { status, body: body === undefined ? undefined : JSON.stringify(answered) };
    };
  };
}

/** Every operation of the API, by its id. */
export const OPERATION_RUNS = Object.fromEntries(OPERATION_IDS.map((id) => [id, operation(id)])) as Record<OperationId, Operation>;
