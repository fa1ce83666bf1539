import * as z from 'zod/mini';
import {
  GET_PET_LINK,
  GET_PET_REMOVAL_DATE,
  GET_PET_REPLACEMENT,
  GET_PET_SUNSET,
  LIST_LIMIT_DEFAULT,
  ListLimit,
  Id,
} from '../contract/index.js';
import { createComponentRegistry } from './components.js';
import { errorExamples, newPetExample, petExample, petsExample } from './examples.js';

type JsonObject = Record<string, unknown>;

const ref = (name: string): JsonObject => ({ $ref: `#/components/schemas/${name}` });

/** Schemas of the components, each with its `$schema` dialect marker removed (OpenAPI 3.1 sets it). */
function componentSchemas(): Record<string, unknown> {
  const { schemas } = z.toJSONSchema(createComponentRegistry(), {
    target: 'draft-2020-12',
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

function inlineSchema(schema: z.core.$ZodType): JsonObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12' }) as JsonObject;
  return rest;
}

const json = (schema: JsonObject, example: unknown): JsonObject => ({
  'application/json': { schema, example },
});

const requestIdHeader = { 'X-Request-Id': { $ref: '#/components/headers/RequestId' } };

/** A response with a JSON body of component `schema`, its example, and the headers every response has. */
function response(description: string, schema: string, example: unknown, headers: JsonObject = {}): JsonObject {
  return { description, headers: { ...requestIdHeader, ...headers }, content: json(ref(schema), example) };
}

const errorResponse = (description: string, example: unknown): JsonObject => response(description, 'Error', example);

const unauthorized = errorResponse('Missing or invalid API key.', errorExamples.unauthorized);

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
          parameters: [
            {
              name: 'limit',
              in: 'query',
              required: false,
              description: 'Maximum number of animals returned.',
              schema: { ...inlineSchema(ListLimit), default: LIST_LIMIT_DEFAULT },
            },
            {
              name: 'status',
              in: 'query',
              required: false,
              description: 'Returns only animals with this status.',
              schema: ref('PetStatus'),
            },
          ],
          responses: {
            '200': response('The list of animals.', 'Pets', petsExample),
            '400': errorResponse('A query parameter is invalid or repeated.', errorExamples.invalidQuery),
            '401': unauthorized,
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
            '413': errorResponse('The body is larger than 1 MiB.', errorExamples.payloadTooLarge),
            '415': errorResponse('The body is not sent as application/json.', errorExamples.unsupportedMediaType),
          },
        },
      },
      '/pets/{petId}': {
        get: {
          operationId: 'getPet',
          tags: ['pets'],
          summary: 'Get an animal (deprecated)',
          description: `Deprecated: removed on ${GET_PET_REMOVAL_DATE}. Use ${GET_PET_REPLACEMENT} instead. Responses carry \`Deprecation\`, \`Sunset\` and \`Link\` headers.`,
          deprecated: true,
          security: [{ bearerAuth: [] }],
          parameters: [
            {
              name: 'petId',
              in: 'path',
              required: true,
              description: 'Identifier of the animal.',
              schema: inlineSchema(Id),
            },
          ],
          responses: {
            '200': response('The requested animal.', 'Pet', petExample, {
              Deprecation: {
                description: 'RFC 9745: this operation is deprecated.',
                schema: { type: 'string' },
              },
              Sunset: {
                description: 'RFC 8594: when this operation will be removed.',
                schema: { type: 'string', const: GET_PET_SUNSET },
              },
              Link: {
                description: 'The replacement operation (rel="successor-version").',
                schema: { type: 'string', const: GET_PET_LINK },
              },
            }),
            '400': errorResponse('`petId` is not a positive integer.', errorExamples.invalidPetId),
            '401': unauthorized,
            '404': errorResponse('No animal has this id.', errorExamples.notFound),
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
      headers: {
        RequestId: {
          description: 'Identifier of this request, for logs and support.',
          schema: { type: 'string' },
        },
      },
    },
  };
}
