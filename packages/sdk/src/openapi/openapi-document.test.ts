import { readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { createOpenApiDocument } from './create-openapi-document.js';

const committedPath = new URL('../../openapi.json', import.meta.url);

type Operation = {
  operationId: string;
  deprecated?: boolean;
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema?: unknown; example?: unknown }> }>;
};

describe('OpenAPI document', () => {
  const document = createOpenApiDocument();

  it('matches the committed openapi.json (run `pnpm openapi` after changing the contract)', () => {
    const committed = JSON.parse(readFileSync(committedPath, 'utf8')) as unknown;
    expect(committed).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it('passes a third-party OpenAPI 3.1 validator', async () => {
    // validate() mutates its argument while dereferencing: give it a copy.
    const copy = structuredClone(document) as unknown as Parameters<typeof SwaggerParser.validate>[0];
    await expect(SwaggerParser.validate(copy)).resolves.toBeDefined();
  });

  const operations = Object.values(document['paths'] as Record<string, Record<string, Operation>>).flatMap((item) =>
    Object.values(item),
  );

  it('has exactly listPets, createPet and getPet, with getPet deprecated', () => {
    expect(operations.map((op) => op.operationId).sort()).toEqual(['createPet', 'getPet', 'listPets']);
    expect(operations.filter((op) => op.deprecated).map((op) => op.operationId)).toEqual(['getPet']);
  });

  it('requires bearer authentication on every operation', () => {
    for (const op of operations) expect(op.security, op.operationId).toEqual([{ bearerAuth: [] }]);
  });

  it('gives every response a schema and an example', () => {
    for (const op of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        const media = response.content?.['application/json'];
        expect(media?.schema, `${op.operationId} ${status}`).toBeDefined();
        expect(media?.example, `${op.operationId} ${status}`).toBeDefined();
      }
    }
  });

  it('documents the 400 responses the decisions added', () => {
    const byId = Object.fromEntries(operations.map((op) => [op.operationId, Object.keys(op.responses)]));
    expect(byId).toEqual({
      listPets: ['200', '400', '401'],
      createPet: ['201', '400', '401', '413', '415'],
      getPet: ['200', '400', '401', '404'],
    });
  });

  it('names no real host: the environments are server variables', () => {
    const servers = document['servers'] as { url: string; variables?: Record<string, { default: string }> }[];
    expect(servers.slice(0, 2).map((server) => server.url)).toEqual(['https://{host}/v1', 'https://{host}/v1']);
    for (const server of servers.slice(0, 2)) expect(server.variables?.['host']?.default).toMatch(/\.invalid$/);
  });
});
