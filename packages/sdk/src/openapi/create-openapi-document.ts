import * as z from 'zod/mini';
import { definitionOf, OPERATION_IDS, OPERATIONS, type OperationDefinition, type OperationId } from '../contract/index.js';
import { componentHeaders, createComponentRegistry, type HeaderName } from './components.js';
import { inlineSchema, jsonSchemaOptions } from './json-schema.js';
import { OPERATION_PROSE, type AnyOperationProse } from './operation-prose.js';

type JsonObject = Record<string, unknown>;

/** Where the developer kit lives: the document's contact. A placeholder until the repository is published. */
const PROJECT_URL = 'https://github.com/petstore-kit/petstore-kit';

const ref = (name: string): JsonObject => ({ $ref: `#/components/schemas/${name}` });

const headerRef = (name: HeaderName): JsonObject => ({ $ref: `#/components/headers/${name}` });

/** Schemas of the components, each with its `$schema` dialect marker removed (OpenAPI 3.1 sets it). */
function componentSchemas(): Record<string, unknown> {
  const { schemas } = z.toJSONSchema(createComponentRegistry(), {
    ...jsonSchemaOptions,
    // Input mode: response objects stay open to fields a later version adds,
    // while NewPet, a strict object, still says additionalProperties: false.
    io: 'input',
    uri: (id) => `#/components/schemas/${id}`,
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => {
      const { $schema: _dialect, $id: _id, ...rest } = schema as JsonObject;
      return [name, rest];
    }),
  );
}

const json = (schema: JsonObject, example: unknown): JsonObject => ({
  'application/json': { schema, example },
});

/** A response with `X-Request-Id` (every response has it) plus `headers`, and a JSON body of `schema` with its example where it has one. */
function response(description: string, schema: JsonObject | undefined, example: unknown, headers: JsonObject = {}): JsonObject {
  return { description, headers: { 'X-Request-Id': headerRef('RequestId'), ...headers }, ...(schema && { content: json(schema, example) }) };
}

/**
 * A deprecated operation's notice. Sent on every response once the request is
 * authenticated, errors included; a 401 is answered before routing, without it.
 */
const deprecationHeaders = { Deprecation: headerRef('Deprecation'), Sunset: headerRef('Sunset'), Link: headerRef('Link') };

/** Every 401 carries the challenge. */
const unauthorizedHeaders = { 'WWW-Authenticate': headerRef('WwwAuthenticate') };

/**
 * A parameter's schema: the value the contract reads (its output, default
 * included), with the spelling it accepts in the URL (the text's pattern).
 */
function parameterSchema(schema: z.core.$ZodType): JsonObject {
  const { pattern } = inlineSchema(schema, 'input');
  return { ...inlineSchema(schema), ...(typeof pattern === 'string' && { pattern }) };
}

/** The path and query parameters of an operation, from the contract's table, with their words. */
function parameters(operation: OperationDefinition, prose: Readonly<Record<string, { description: string; example?: unknown }>>): JsonObject[] {
  const path = Object.entries(operation.pathParams ?? {}).map(([name, schema]) => ({ name, in: 'path', required: true, schema }));
  const query = Object.entries(operation.query?.shape ?? {}).map(([name, schema]) => ({ name, in: 'query', required: false, schema }));
  return [...path, ...query].map(({ name, schema, ...where }) => ({
    name,
    ...where,
    description: prose[name]?.description ?? name,
    schema: parameterSchema(schema),
    ...(prose[name]?.example !== undefined && { example: prose[name].example }),
  }));
}

/** One operation of the document: the table's structure with the operation's words. */
function operationObject(operationId: OperationId, schemaOf: (schema: z.core.$ZodType) => JsonObject): JsonObject {
  const operation = definitionOf(operationId);
  const prose: AnyOperationProse = OPERATION_PROSE[operationId];
  const { deprecated } = operation;
  const responses = Object.fromEntries(
    [operation.success.status, ...operation.errors].map((status) => {
      const { description, example } = prose.responses[status] ?? { description: String(status), example: undefined };
      const headers = status === 401 ? unauthorizedHeaders : deprecated ? deprecationHeaders : {};
      // A success without a body (a 204) documents none.
      const { body } = operation.success;
      const schema = status !== operation.success.status ? ref('Error') : body && schemaOf(body);
      return [String(status), response(description, schema, example, headers)];
    }),
  );
  const params = parameters(operation, prose.parameters);
  return {
    operationId,
    tags: ['pets'],
    summary: prose.summary,
    description: deprecated ? `Deprecated: removed on ${deprecated.removalDate}. Use ${deprecated.replacement} instead. ${prose.description}` : prose.description,
    ...(deprecated && { deprecated: true }),
    security: [{ bearerAuth: [] }],
    ...(params.length > 0 && { parameters: params }),
    ...(operation.body && { requestBody: { required: true, content: json(schemaOf(operation.body), prose.requestBody?.example) } }),
    responses,
  };
}

/** The document's paths, one per path template of the table, each method in the table's order. */
function paths(): Record<string, JsonObject> {
  const registry = createComponentRegistry();
  // A component where the contract's schema is one (components.ts), else written
  // in place: a new operation's own body needs no entry there.
  const schemaOf = (schema: z.core.$ZodType): JsonObject => {
    const name = registry.get(schema)?.id;
    return name === undefined ? inlineSchema(schema, 'input') : ref(name);
  };
  const byPath: Record<string, JsonObject> = {};
  for (const operationId of OPERATION_IDS) {
    const { path, method } = OPERATIONS[operationId];
    (byPath[path] ??= {})[method.toLowerCase()] = operationObject(operationId, schemaOf);
  }
  return byPath;
}

/**
 * The OpenAPI 3.1 document of the Animal Store API, generated from the contract's
 * zod schemas so that it cannot disagree with what the SDK and the mock server check.
 */
export function createOpenApiDocument(): JsonObject {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Animal Store API',
      version: '1.0.0',
      description:
        'An HTTP/JSON service for a catalogue of animals. Every operation needs `Authorization: Bearer <API_KEY>`; every error body is `{code, message, status}`. Choices the specification leaves open are documented in docs/decisions.md of the developer kit.',
      contact: { name: 'Animal Store developer kit', url: PROJECT_URL },
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [
      {
        url: 'https://{host}/v1',
        description: 'Production. The specification does not publish its host: set `host` to it.',
        variables: { host: { default: 'production.invalid' } },
      },
      {
        url: 'https://{host}/v1',
        description: 'Staging. The specification does not publish its host: set `host` to it.',
        variables: { host: { default: 'staging.invalid' } },
      },
      { url: 'http://127.0.0.1:4010/v1', description: 'The local mock server (petstore-mock).' },
    ],
    security: [{ bearerAuth: [] }],
    tags: [{ name: 'pets', description: 'Animals in the catalogue.' }],
    paths: paths(),
    components: {
      schemas: componentSchemas(),
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'The API key, sent as `Authorization: Bearer <API_KEY>`.',
        },
      },
      headers: componentHeaders,
    },
  };
}
