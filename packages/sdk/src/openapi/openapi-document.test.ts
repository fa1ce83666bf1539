import { readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { GET_PET_DEPRECATION, GET_PET_LINK, GET_PET_SUNSET, ID_MAX, OPERATION_IDS, OPERATIONS } from '../contract/index.js';
import { createOpenApiDocument } from './create-openapi-document.js';

const committedPath = new URL('../../openapi.json', import.meta.url);

type Reference = { $ref: string };
type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; required?: string[] };
type Header = { required?: boolean; schema: Schema };
type Response = {
  headers?: Record<string, Reference>;
  content?: Record<string, { schema?: unknown; example?: unknown }>;
};
type Parameter = { name: string; schema: Schema; example?: unknown };
type Operation = {
  operationId: string;
  deprecated?: boolean;
  security?: unknown[];
  parameters?: Parameter[];
  responses: Record<string, Response>;
};
type Components = { schemas: Record<string, Schema>; headers: Record<string, Header> };

const DEPRECATION_HEADERS = ['Deprecation', 'Sunset', 'Link'];

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

  it('has every operation of the contract table, each at its method and path, deprecated where the table says', () => {
    expect(operations.map((op) => op.operationId).sort()).toEqual([...OPERATION_IDS].sort());
    const paths = document['paths'] as Record<string, Record<string, Operation>>;
    for (const id of OPERATION_IDS) expect(paths[OPERATIONS[id].path]?.[OPERATIONS[id].method.toLowerCase()]?.operationId, id).toBe(id);
    expect(operations.filter((op) => op.deprecated).map((op) => op.operationId)).toEqual(OPERATION_IDS.filter((id) => 'deprecated' in OPERATIONS[id]));
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

  it('documents each status of the table, the 400 and 500 the decisions added among them', () => {
    const byId = Object.fromEntries(operations.map((op) => [op.operationId, Object.keys(op.responses)]));
    expect(byId).toEqual(Object.fromEntries(OPERATION_IDS.map((id) => [id, [OPERATIONS[id].success.status, ...OPERATIONS[id].errors].map(String)])));
    for (const id of OPERATION_IDS) expect(OPERATIONS[id].errors, id).toEqual(expect.arrayContaining([400, 401, 500]));
  });

  const components = document['components'] as Components;
  const operation = (id: string): Operation => operations.find((op) => op.operationId === id) as Operation;
  /** A response's headers, each resolved to its component. */
  const headersOf = (response: Response): Record<string, Header> =>
    Object.fromEntries(
      Object.entries(response.headers ?? {}).map(([name, { $ref }]) => {
        const component = components.headers[$ref.replace('#/components/headers/', '')];
        expect(component, $ref).toBeDefined();
        return [name, component as Header];
      }),
    );

  it('gives every operation a 500 internal_error with an Error body', () => {
    for (const op of operations) {
      const media = op.responses['500']?.content?.['application/json'];
      expect(media?.schema, op.operationId).toEqual({ $ref: '#/components/schemas/Error' });
      expect(media?.example, op.operationId).toMatchObject({ code: 'internal_error', status: 500 });
    }
  });

  it('sends the Bearer challenge with every 401', () => {
    for (const op of operations) {
      const challenge = headersOf(op.responses['401'] as Response)['WWW-Authenticate'];
      expect(challenge?.required, op.operationId).toBe(true);
      expect(challenge?.schema['enum'], op.operationId).toEqual(['Bearer', 'Bearer error="invalid_token"']);
    }
  });

  it('sends the deprecation headers with every getPet response but the 401 (authentication comes before routing)', () => {
    for (const [status, response] of Object.entries(operation('getPet').responses)) {
      const names = Object.keys(headersOf(response)).filter((name) => DEPRECATION_HEADERS.includes(name));
      expect(names, status).toEqual(status === '401' ? [] : DEPRECATION_HEADERS);
    }
    const values = Object.fromEntries(DEPRECATION_HEADERS.map((name) => [name, components.headers[name]?.schema['const']]));
    expect(values).toEqual({ Deprecation: GET_PET_DEPRECATION, Sunset: GET_PET_SUNSET, Link: GET_PET_LINK });
  });

  it('sends the deprecation headers with no other operation', () => {
    for (const op of operations.filter((op) => op.operationId !== 'getPet')) {
      for (const [status, response] of Object.entries(op.responses)) {
        expect(Object.keys(response.headers ?? {}).filter((name) => DEPRECATION_HEADERS.includes(name)), `${op.operationId} ${status}`).toEqual([]);
      }
    }
  });

  it('types every id as int64 up to 2^53-1, and says why larger ones are refused', () => {
    const { Pet, NewPet } = components.schemas as Record<string, Schema>;
    const petId = operation('getPet').parameters?.find((parameter) => parameter.name === 'petId');
    const ids = { 'Pet.id': Pet?.properties?.['id'], 'Pet.categoryId': Pet?.properties?.['categoryId'], 'NewPet.categoryId': NewPet?.properties?.['categoryId'], petId: petId?.schema };
    for (const [where, schema] of Object.entries(ids)) {
      expect(schema, where).toMatchObject({ type: 'integer', format: 'int64', minimum: 1, maximum: ID_MAX });
      expect(schema?.['description'], where).toMatch(/2\^53-1.*lose precision/);
    }
  });

  it('allows only decimal digits in limit and petId', () => {
    const limit = operation('listPets').parameters?.find((parameter) => parameter.name === 'limit');
    const petId = operation('getPet').parameters?.find((parameter) => parameter.name === 'petId');
    expect(limit?.schema['pattern']).toBe('^[0-9]+$');
    expect(petId?.schema['pattern']).toBe('^[0-9]+$');
    expect(petId?.example).toBe(1);
  });

  it('leaves Pet.status optional, as the specification does', () => {
    expect(components.schemas['Pet']?.required).toEqual(['id', 'name', 'categoryId']);
  });

  it('names its license and a contact', () => {
    const info = document['info'] as { license?: unknown; contact?: { name?: unknown; url?: unknown } };
    expect(info.license).toEqual({ name: 'MIT', identifier: 'MIT' });
    expect(info.contact?.name).toEqual(expect.any(String));
    expect(info.contact?.url).toMatch(/^https:\/\//);
  });

  it('names no real host: the environments are server variables', () => {
    const servers = document['servers'] as { url: string; variables?: Record<string, { default: string }> }[];
    expect(servers.slice(0, 2).map((server) => server.url)).toEqual(['https://{host}/v1', 'https://{host}/v1']);
    for (const server of servers.slice(0, 2)) expect(server.variables?.['host']?.default).toMatch(/\.invalid$/);
  });
});
