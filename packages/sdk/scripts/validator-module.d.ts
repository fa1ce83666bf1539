import type { $ZodType } from 'zod/v4/core';

/** The TypeScript source of a module exporting `functionName`: zod's compiled validator of `schema`. */
export function renderValidatorModule(functionName: string, schemaName: string, schema: $ZodType): string;
