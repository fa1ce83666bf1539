import * as z from 'zod/mini';
import {
  GET_PET_REMOVAL_DATE,
  GET_PET_REPLACEMENT,
  ListPetsQuery,
  ListPetsQueryParams,
  Id,
  PetIdParam,
} from '../contract/index.js';
import { componentHeaders, createComponentRegistry, type HeaderName } from './components.js';
import { errorExamples, newPetExample, petExample, petsExample } from './examples.js';
import { inlineSchema, jsonSchemaOptions, textPattern } from './json-schema.js';

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

/** A response with a JSON body of component `schema`, its example, and `X-Request-Id` (every response has it) plus `headers`. */
function response(description: string, schema: string, example: unknown, headers: JsonObject = {}): JsonObject {
  return { description, headers: { 'X-Request-Id': headerRef('RequestId'), ...headers }, content: json(ref(schema), example) };
}

const errorResponse = (description: string, example: unknown, headers: JsonObject = {}): JsonObject =>
  response(description, 'Error', example, headers);

const unauthorized = errorResponse('Missing or invalid API key.', errorExamples.unauthorized, {
  'WWW-Authenticate': headerRef('WwwAuthenticate'),
});

const internalError = (headers: JsonObject = {}): JsonObject =>
  errorResponse('An unexpected failure; the message reveals nothing of its cause.', errorExamples.internalError, headers);

/**
 * getPet's deprecation notice. Sent on every response once the request is
 * authenticated, errors included; a 401 is answered before routing, without it.
 */
const deprecationHeaders = { Deprecation: headerRef('Deprecation'), Sunset: headerRef('Sunset'), Link: headerRef('Link') };

/** What each query parameter of `GET /pets` is for: words, not structure (that comes from the contract). */
const QUERY_DESCRIPTIONS: Readonly<Record<string, string>> = {
  limit: 'Maximum number of animals returned, in decimal digits only (`1e1`, `+5`, `5.0` are refused).',
  status: 'Returns only animals with this status.',
};

/**
 * The query parameters of `GET /pets`, one per field of the contract's
 * `ListPetsQuery`: its schema as a program passes it, the spelling the server
 * accepts in the URL (`ListPetsQueryParams`) and the default that applies.
 */
function queryParameters(): JsonObject[] {
  const defaults = ListPetsQueryParams.parse({}) as Record<string, unknown>;
  return Object.entries(ListPetsQuery.shape).map(([name, schema]: [string, z.core.$ZodType]) => {
    const text = inlineSchema(ListPetsQueryParams.shape[name as keyof typeof ListPetsQueryParams.shape], 'input');
    return {
      name,
      in: 'query',
      required: false,
      description: QUERY_DESCRIPTIONS[name] ?? name,
      schema: {
        ...inlineSchema(schema),
        ...(typeof text['pattern'] === 'string' && { pattern: text['pattern'] }),
        ...(defaults[name] !== undefined && { default: defaults[name] }),
      },
    };
  });
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
    paths: {
      '/pets': {
        get: {
          operationId: 'listPets',
          tags: ['pets'],
          summary: 'List animals',
          description:
            'Returns up to `limit` animals in ascending id order, optionally only those with a given status. Values outside the documented ranges are refused with 400, never clamped; unknown query parameters are ignored.',
          security: [{ bearerAuth: [] }],
          parameters: queryParameters(),
          responses: {
            '200': response('The list of animals.', 'Pets', petsExample),
            '400': errorResponse('A query parameter is invalid or repeated.', errorExamples.invalidQuery),
            '401': unauthorized,
            '500': internalError(),
          },
        },
        post: {
          operationId: 'createPet',
          tags: ['pets'],
          summary: 'Add an animal',
          description:
            'Stores a new animal and returns it with its assigned `id`. `status` defaults to `available`. Not idempotent: clients must not retry it blindly.',
          security: [{ bearerAuth: [] }],
          requestBody: { required: true, content: json(ref('NewPet'), newPetExample) },
          responses: {
            '201': response('Animal added; the body includes the assigned `id`.', 'Pet', petExample),
            '400': errorResponse('The body is not valid JSON, misses required fields, holds invalid values or unknown fields.', errorExamples.invalidBody),
            '401': unauthorized,
            '409': errorResponse('No id is left: the last animal has the largest id, 2^53-1. Nothing was stored.', errorExamples.idSpaceExhausted),
            '413': errorResponse('The body is larger than 1 MiB.', errorExamples.payloadTooLarge),
            '415': errorResponse('The body is not sent as application/json.', errorExamples.unsupportedMediaType),
            '500': internalError(),
          },
        },
      },
      '/pets/{petId}': {
        get: {
          operationId: 'getPet',
          tags: ['pets'],
          summary: 'Get an animal (deprecated)',
          description: `Deprecated: removed on ${GET_PET_REMOVAL_DATE}. Use ${GET_PET_REPLACEMENT} instead. Every authenticated response, errors included, carries \`Deprecation\`, \`Sunset\` and \`Link\` headers; a 401 does not (authentication comes before routing).`,
          deprecated: true,
          security: [{ bearerAuth: [] }],
          parameters: [
            {
              name: 'petId',
              in: 'path',
              required: true,
              description: 'Identifier of the animal, in decimal digits only.',
              schema: { ...inlineSchema(Id), pattern: textPattern(PetIdParam) },
              example: petExample.id,
            },
          ],
          responses: {
            '200': response('The requested animal.', 'Pet', petExample, deprecationHeaders),
            '400': errorResponse('`petId` is not a positive integer.', errorExamples.invalidPetId, deprecationHeaders),
            '401': unauthorized,
            '404': errorResponse('No animal has this id.', errorExamples.notFound, deprecationHeaders),
            '500': internalError(deprecationHeaders),
          },
        },
      },
    },
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
