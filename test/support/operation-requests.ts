import { readFileSync } from 'node:fs';
import { DEV_API_KEY } from '@petstore/mock-server';
import { requestTo } from '@petstore/sdk/conformance';
import { definitionOf, OPERATIONS, type OperationId, type OperationOf } from '@petstore/sdk/contract';
import type * as z from 'zod/mini';

/**
 * What the operation guards send: for each operation of the contract, one
 * request its contract accepts, built from the table (method, path with each
 * parameter filled) and a body of its own where the table has one.
 */

/** A request body the contract accepts, for each operation that takes one (`undefined` for the others). */
type AcceptedBodies = { [Op in OperationId]: OperationOf<Op> extends { body: infer Body extends z.ZodMiniType } ? z.input<Body> : undefined };

// Keyed by every operation: a new one does not compile until it says what it sends.
const ACCEPTED_BODIES: AcceptedBodies = {
  listPets: undefined,
  createPet: { name: 'Guard', categoryId: 1 },
  getPet: undefined,
};

/** A request as `fetch` takes it, its path relative to the API's base (`/pets/1`). */
export interface OperationRequest {
  method: string;
  path: string;
  init: RequestInit;
}

/** A request of `operation` the contract accepts, each path parameter `id` (an animal the store holds). */
export function acceptedRequest(operation: OperationId, id: number): OperationRequest {
  const definition = definitionOf(operation);
  const params = Object.fromEntries(Object.keys(definition.pathParams ?? {}).map((name) => [name, id]));
  const { method, path } = requestTo(operation, params);
  const body = ACCEPTED_BODIES[operation];
  const headers: Record<string, string> = { authorization: `Bearer ${DEV_API_KEY}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return { method, path, init: { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) } };
}

/** Every status `operation` documents: its success, then its errors, as the table lists them. */
export const documentedStatuses = (operation: OperationId): number[] => [OPERATIONS[operation].success.status, ...OPERATIONS[operation].errors];

const document = JSON.parse(readFileSync(new URL('../../packages/sdk/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { example?: unknown }> }> }>>;
};

/** The body the OpenAPI document (generated from the table) gives as `operation`'s example at `status`. */
export function documentedExample(operation: OperationId, status: number): unknown {
  const { method, path } = OPERATIONS[operation];
  const example = document.paths[path]?.[method.toLowerCase()]?.responses[String(status)]?.content?.['application/json']?.example;
  if (example === undefined) throw new TypeError(`openapi.json has no example for ${operation} ${status}: run pnpm openapi`);
  return example;
}
