// Plain values, no zod: the names alone, for programs that load nothing else
// (the CLI's start-up). operations.ts describes each one.

/** The API's operations, by their OpenAPI `operationId`. */
export const OPERATION_IDS = ['listPets', 'createPet', 'getPet'] as const;

/** One of the API's operations. */
export type OperationId = (typeof OPERATION_IDS)[number];
