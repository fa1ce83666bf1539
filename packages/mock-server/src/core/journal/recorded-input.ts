import { ListPetsQueryParams, NewPet, PetIdParam, type OperationId } from '@petstore/sdk/contract';
import * as z from 'zod/mini';
import { parseQuery } from '../api/parse-query.js';

/** What a recorded request offers to be read: its path and raw query as sent, its body as JSON (or text). */
export interface ReadableRequest {
  path: string;
  query: string;
  body: unknown;
}

/** The value when `schema` accepts it, else undefined. */
function accepted<Schema extends z.ZodMiniType>(schema: Schema, value: unknown): z.output<Schema> | undefined {
  const result = z.safeParse(schema, value);
  return result.success ? result.data : undefined;
}

/** The last path segment, percent-decoded (getPet's id), or undefined when it cannot be decoded. */
function lastSegment(path: string): string | undefined {
  try {
    return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
  } catch {
    return undefined;
  }
}

/**
 * How the contract reads each operation's request, one row per operation: a
 * new operation is a compile error here until it is handled. Each gives the
 * values the operation ran with (its schemas' output, defaults applied), or
 * undefined when the request broke the contract or its body was never read.
 */
const readers = {
  listPets: ({ query }: ReadableRequest) => {
    const read = accepted(ListPetsQueryParams, parseQuery(query));
    return read && { query: read };
  },
  createPet: ({ body }: ReadableRequest) => {
    const read = body === undefined ? undefined : accepted(NewPet, body);
    return read && { body: read };
  },
  getPet: ({ path }: ReadableRequest) => {
    const read = accepted(PetIdParam, lastSegment(path));
    return read === undefined ? undefined : { petId: read };
  },
} satisfies Record<OperationId, (request: ReadableRequest) => object | undefined>;

/** The request of each operation as the contract reads it: `createPet` → `{ body: NewPet }`, `listPets` → `{ query }`, `getPet` → `{ petId }`. */
export type RecordedInput = { [Op in OperationId]: NonNullable<ReturnType<(typeof readers)[Op]>> };

/** `request` as the contract reads it for `operation`, or undefined where it breaks the contract. */
export function readRecordedInput(operation: OperationId, request: ReadableRequest): RecordedInput[OperationId] | undefined {
  return readers[operation](request);
}
