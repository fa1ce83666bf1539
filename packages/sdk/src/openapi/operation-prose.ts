import { DEFAULT_PET_STATUS, type DocumentedStatus, type OperationId, type OperationOf, type OperationWithBody, type SuccessStatus } from '../contract/index.js';
import { errorExamples, newPetExample, petExample, petsExample } from './examples.js';

/** The names of `Op`'s path and query parameters, from the contract's table. */
type ParameterName<Op extends OperationId> =
  | (OperationOf<Op> extends { pathParams: infer Params } ? keyof Params & string : never)
  | (OperationOf<Op> extends { query: { shape: infer Shape } } ? keyof Shape & string : never);

/** What a parameter is for, in words (its structure comes from the contract), and an example where one helps. */
interface ParameterProse {
  description: string;
  example?: unknown;
}

/**
 * The words of one operation: the table in the contract gives its structure
 * (method, path, schemas, statuses); this gives what people read. Keyed by the
 * table, so a new operation, parameter or documented status without its words
 * does not compile.
 */
export type OperationProse<Op extends OperationId> = {
  summary: string;
  description: string;
  parameters: Record<ParameterName<Op>, ParameterProse>;
  /**
   * Each documented status: what it means, and the example body the document shows (the mock answers it to
   * `Prefer: code=`); a success without a body (the table's) has no example.
   */
  responses: { [Status in DocumentedStatus<Op>]: Status extends SuccessStatus<Op> ? (Op extends OperationWithBody ? ResponseProse : { description: string; example?: never }) : ResponseProse };
} & (OperationOf<Op> extends { body: object } ? { requestBody: { example: unknown } } : { requestBody?: never });

/** What a documented status means, and its example body. */
interface ResponseProse {
  description: string;
  example: unknown;
}

/** Any operation's words, as the document's builder reads them. */
export interface AnyOperationProse {
  summary: string;
  description: string;
  parameters: Readonly<Record<string, ParameterProse>>;
  requestBody?: { example: unknown };
  responses: Readonly<Partial<Record<number, { description: string; example?: unknown }>>>;
}

const unauthorized = { description: 'Missing or invalid API key.', example: errorExamples.unauthorized };
const internalError = { description: 'An unexpected failure; the message reveals nothing of its cause.', example: errorExamples.internalError };

export const OPERATION_PROSE: { [Op in OperationId]: OperationProse<Op> } = {
  listPets: {
    summary: 'List animals',
    description:
      'Returns up to `limit` animals in ascending id order, optionally only those with a given status. Values outside the documented ranges are refused with 400, never clamped; unknown query parameters are ignored.',
    parameters: {
      limit: { description: 'Maximum number of animals returned, in decimal digits only (`1e1`, `+5`, `5.0` are refused).' },
      status: { description: 'Returns only animals with this status.' },
    },
    responses: {
      200: { description: 'The list of animals.', example: petsExample },
      400: { description: 'A query parameter is invalid or repeated.', example: errorExamples.invalidQuery },
      401: unauthorized,
      500: internalError,
    },
  },
  createPet: {
    summary: 'Add an animal',
    description:
      `Stores a new animal and returns it with its assigned \`id\`. \`status\` defaults to \`${DEFAULT_PET_STATUS}\`. Not idempotent: clients must not retry it blindly.`,
    parameters: {},
    requestBody: { example: newPetExample },
    responses: {
      201: { description: 'Animal added; the body includes the assigned `id`.', example: petExample },
      400: { description: 'The body is not valid JSON, misses required fields, holds invalid values or unknown fields.', example: errorExamples.invalidBody },
      401: unauthorized,
      409: { description: 'No id is left: the last animal has the largest id, 2^53-1. Nothing was stored.', example: errorExamples.idSpaceExhausted },
      413: { description: 'The body is larger than 1 MiB.', example: errorExamples.payloadTooLarge },
      415: { description: 'The body is not sent as application/json.', example: errorExamples.unsupportedMediaType },
      500: internalError,
    },
  },
  getPet: {
    summary: 'Get an animal (deprecated)',
    description:
      'Every authenticated response, errors included, carries `Deprecation`, `Sunset` and `Link` headers; a 401 does not (authentication comes before routing).',
    parameters: {
      petId: { description: 'Identifier of the animal, in decimal digits only.', example: petExample.id },
    },
    responses: {
      200: { description: 'The requested animal.', example: petExample },
      400: { description: '`petId` is not a positive integer.', example: errorExamples.invalidPetId },
      401: unauthorized,
      404: { description: 'No animal has this id.', example: errorExamples.notFound },
      500: internalError,
    },
  },
};
