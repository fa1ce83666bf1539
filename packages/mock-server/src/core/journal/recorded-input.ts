import { definitionOf, type OperationId, type OperationInput } from '@petstore/sdk/contract';
import * as z from 'zod/mini';
import { parseQuery } from '../api/parse-query.js';

/** What a recorded request offers to be read: its path and raw query as sent, its body as JSON (or text). */
export interface ReadableRequest {
  path: string;
  query: string;
  body: unknown;
}

/** The value when `schema` accepts it, else undefined. */
function accepted(schema: z.ZodMiniType, value: unknown): { value: unknown } | undefined {
  const result = z.safeParse(schema, value);
  return result.success ? { value: result.data } : undefined;
}

/**
 * The path parameters of `template` in `path`, percent-decoded: the path's last
 * segments, as many as the template has (a mount path and the base path come
 * before them). Undefined when one cannot be decoded.
 */
function pathParams(template: string, path: string): Record<string, string> | undefined {
  const names = template.split('/').slice(1);
  const segments = path.split('/').slice(-names.length);
  const params: Record<string, string> = {};
  for (const [index, name] of names.entries()) {
    if (!name.startsWith('{')) continue;
    try {
      params[name.slice(1, -1)] = decodeURIComponent(segments[index] ?? '');
    } catch {
      return undefined;
    }
  }
  return params;
}

/** The request of each operation as the contract reads it: `createPet` → `{ body: NewPet }`, `listPets` → `{ query }`, `getPet` → `{ petId }`. */
export type RecordedInput = { [Op in OperationId]: OperationInput<Op> };

/**
 * `request` as the contract's table reads it for `operation` (its schemas'
 * output, defaults applied), or undefined where it broke the contract or its
 * body was never read.
 */
export function readRecordedInput(operation: OperationId, request: ReadableRequest): RecordedInput[OperationId] | undefined {
  const { path, pathParams: paramSchemas, query, body } = definitionOf(operation);
  const input: Record<string, unknown> = {};
  if (paramSchemas) {
    const params = pathParams(path, request.path);
    if (params === undefined) return undefined;
    for (const [name, schema] of Object.entries(paramSchemas)) {
      const read = accepted(schema, params[name]);
      if (read === undefined) return undefined;
      input[name] = read.value;
    }
  }
  if (query) {
    const read = accepted(query, parseQuery(request.query));
    if (read === undefined) return undefined;
    input['query'] = read.value;
  }
  if (body) {
    const read = request.body === undefined ? undefined : accepted(body, request.body);
    if (read === undefined) return undefined;
    input['body'] = read.value;
  }
  return input as RecordedInput[OperationId];
}
