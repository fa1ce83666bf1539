/** The API's operations, by their OpenAPI `operationId`. */
export const OPERATION_IDS = ['listPets', 'createPet', 'getPet'] as const;

/** One of the API's operations. */
export type OperationId = (typeof OPERATION_IDS)[number];
