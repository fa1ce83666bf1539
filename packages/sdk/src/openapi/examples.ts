import { LIST_LIMIT_MAX, LIST_LIMIT_MIN, PET_EXAMPLE, type ErrorBody, type NewPet, type Pet } from '../contract/index.js';

// Every example is the contract's own, so a field added there shows up here.
export const petExample: Pet = PET_EXAMPLE;

const { id: _id, ...newPet } = PET_EXAMPLE;
export const newPetExample: NewPet = newPet;

export const petsExample: Pet[] = [petExample, { ...petExample, id: 2, name: 'Whiskers', categoryId: 2 }];

export const errorExamples = {
  invalidQuery: {
    code: 'invalid_request',
    message: `query.limit: must be an integer from ${LIST_LIMIT_MIN} to ${LIST_LIMIT_MAX}`,
    status: 400,
  },
  invalidBody: {
    code: 'invalid_request',
    message: 'body.name: must not be empty',
    status: 400,
  },
  invalidPetId: {
    code: 'invalid_request',
    message: 'path.petId: must be a positive integer',
    status: 400,
  },
  unauthorized: {
    code: 'unauthorized',
    message: 'Missing or invalid API key: send Authorization: Bearer <API_KEY>',
    status: 401,
  },
  notFound: { code: 'not_found', message: 'No animal has id 42', status: 404 },
  idSpaceExhausted: {
    code: 'id_space_exhausted',
    message: 'No id is left for a new animal: the last one has id 9007199254740991, the largest an id can be (2^53-1). Nothing was stored.',
    status: 409,
  },
  payloadTooLarge: {
    code: 'payload_too_large',
    message: 'Request body exceeds 1048576 bytes',
    status: 413,
  },
  unsupportedMediaType: {
    code: 'unsupported_media_type',
    message: 'Content-Type must be application/json',
    status: 415,
  },
  internalError: {
    code: 'internal_error',
    message: 'An unexpected error occurred; quote the X-Request-Id header when reporting it',
    status: 500,
  },
} as const satisfies Record<string, ErrorBody>;
