import * as z from 'zod/mini';
import { ID_MAX, Id } from '../contract/index.js';

type JsonObject = Record<string, unknown>;

const ID_DESCRIPTION = `int64 in the specification, limited to 1 to ${ID_MAX} (2^53-1): JSON numbers beyond 2^53-1 lose precision in JavaScript parsers, so the service refuses larger int64 values (400) rather than round them.`;

/**
 * Every use of the contract's `Id` (Pet.id, categoryId, petId) says int64, as
 * the specification does, and why the range stops at 2^53-1. Keyed on the
 * schema itself, so a new field typed `Id` gets it without being listed here.
 */
const describeIds: NonNullable<z.core.ToJSONSchemaParams['override']> = ({ zodSchema, jsonSchema }) => {
  if (zodSchema !== Id) return;
  jsonSchema.format = 'int64';
  jsonSchema.description = ID_DESCRIPTION;
};

/** What every schema in the document is generated with. */
export const jsonSchemaOptions = { target: 'draft-2020-12', override: describeIds } as const satisfies z.core.ToJSONSchemaParams;

/** A schema written inline (a parameter's), without the `$schema` dialect marker OpenAPI 3.1 sets itself. */
export function inlineSchema(schema: z.core.$ZodType, io: 'input' | 'output' = 'output'): JsonObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { ...jsonSchemaOptions, io }) as JsonObject;
  return rest;
}
