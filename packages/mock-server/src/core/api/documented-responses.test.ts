import { OPERATIONS, Pet, type OperationDefinition } from '@petstore/sdk/contract';
import { createOpenApiDocument } from '@petstore/sdk/openapi';
import { describe, expect, it } from 'vitest';
import { documentedResponses } from './documented-responses.js';

/** A table of two operations: one whose success has no body, and one the document's example would misstate. */
const TABLE = {
  deletePet: { method: 'DELETE', path: '/pets/{petId}', success: { status: 204 }, effect: 'removes', errors: [401, 404] },
  createPet: { method: 'POST', path: '/pets', success: { status: 201, body: Pet }, effect: 'adds', errors: [401] },
} as const satisfies Record<string, OperationDefinition>;

const notFound = { code: 'not_found', message: 'gone', status: 404 };
const json = (example: unknown) => ({ content: { 'application/json': { example } } });
/** A document whose examples disagree with the table: a 200 example for the create, an example body for the delete's 204. */
const DOCUMENT = {
  paths: {
    '/pets': { post: { operationId: 'createPet', responses: { '200': json({ id: 9 }), '201': json({ id: 1 }), '401': json({ code: 'unauthorized' }) } } },
    '/pets/{petId}': { parameters: [], delete: { operationId: 'deletePet', responses: { '204': json({ id: 1 }), '401': {}, '404': json(notFound) } } },
  },
};

describe('documentedResponses', () => {
  it("takes each success's status and whether it has a body from the table, the words from the document's examples", () => {
    const documented = documentedResponses(DOCUMENT, TABLE);
    expect(documented.get('createPet')?.success).toEqual({ status: 201, body: '{"id":1}' });
    expect(documented.get('deletePet')).toEqual({ success: { status: 204, body: undefined }, errors: new Map([[404, JSON.stringify(notFound)]]), statuses: new Set([204, 401, 404]) });
  });

  it('refuses a success with a body that the document gives no example, naming it', () => {
    const table = { createPet: { ...TABLE.createPet, success: { status: 202, body: Pet } } } satisfies Record<string, OperationDefinition>;
    expect(() => documentedResponses(DOCUMENT, table)).toThrow("createPet's success 202 has a body, but the OpenAPI document gives it no example");
  });

  it("gives every operation of the kit's table its table's success", () => {
    const documented = documentedResponses(createOpenApiDocument());
    for (const [operation, { success }] of Object.entries(OPERATIONS)) {
      expect(documented.get(operation as keyof typeof OPERATIONS)?.success.status).toBe(success.status);
    }
  });
});
