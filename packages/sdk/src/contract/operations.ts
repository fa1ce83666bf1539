import type * as z from 'zod/mini';
import { GET_PET_DEPRECATION, GET_PET_LINK, GET_PET_REMOVAL_DATE, GET_PET_REPLACEMENT, GET_PET_SUNSET } from './deprecation.js';
import { ListPetsQueryParams } from './list-query.js';
import { PetIdParam } from './pet-id.js';
import { NewPet, Pet, Pets } from './pet.js';

/** The HTTP methods an operation may use. */
export type OperationMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How a deprecated operation says so: the headers on its every answer, and what replaces it. */
export interface OperationDeprecation {
  /** RFC 9745 `Deprecation` value. */
  deprecation: string;
  /** RFC 8594 `Sunset` value: the removal date. */
  sunset: string;
  /** `Link` to the successor, relative to the base address. */
  link: string;
  /** The removal date as an ISO 8601 day, for messages. */
  removalDate: string;
  /** What replaces it, in words. */
  replacement: string;
}

/** An operation's one success: its status, and its body's schema, or none where the answer has no body. */
export interface OperationSuccess {
  status: 200 | 201 | 202 | 204;
  /** Absent: the success has no body (its `Content-Length` is 0, or it is a 204). */
  body?: z.ZodMiniType;
}

/**
 * What a success does to the stored animals: `reads` changes nothing; `adds`
 * stores the animal its body answers, under an id never handed out before;
 * `removes` takes away the animal its path names (its id is never handed out
 * again); `changes` rewrites the animal its path names. Every effect but
 * `reads` is a write: never retried, and counted against a session's cap
 * where it adds.
 */
export type OperationEffect = 'reads' | 'adds' | 'removes' | 'changes';

/**
 * One operation of the API: everything about it that is structure, not prose.
 * The mock server routes and reads requests with it, the OpenAPI document's
 * paths, the conformance cases, CORS and every `Allow` list derive from it.
 */
export interface OperationDefinition {
  method: OperationMethod;
  /** Relative to the base path, as the OpenAPI document writes it: `/pets/{petId}`. */
  path: `/${string}`;
  /** Each `{name}` of the path, read from the segment's text (percent-decoded). */
  pathParams?: Readonly<Record<string, z.ZodMiniType>>;
  /** The query string as HTTP carries it (each value a string; defaults applied). */
  query?: z.ZodMiniObject;
  /** The JSON body it requires. */
  body?: z.ZodMiniType;
  /** Its one success: the status, and the body's schema (none: the success has no body, as a 204). */
  success: OperationSuccess;
  /** What a success does to the stored animals. */
  effect: OperationEffect;
  /** The error statuses it documents (401 for every operation: each needs the key). */
  errors: readonly number[];
  /** Present when the operation is deprecated. */
  deprecated?: OperationDeprecation;
}

/**
 * The API's operations, the one table of them, by their OpenAPI `operationId`:
 * {@link OperationId} is its keys, so every `Record<OperationId, …>` in the kit
 * is a compile error until it has the new operation's entry.
 */
export const OPERATIONS = {
  listPets: {
    method: 'GET',
    path: '/pets',
    query: ListPetsQueryParams,
    success: { status: 200, body: Pets },
    effect: 'reads',
    errors: [400, 401, 500],
  },
  createPet: {
    method: 'POST',
    path: '/pets',
    body: NewPet,
    success: { status: 201, body: Pet },
    effect: 'adds',
    errors: [400, 401, 409, 413, 415, 500],
  },
  getPet: {
    method: 'GET',
    path: '/pets/{petId}',
    pathParams: { petId: PetIdParam },
    success: { status: 200, body: Pet },
    effect: 'reads',
    errors: [400, 401, 404, 500],
    deprecated: {
      deprecation: GET_PET_DEPRECATION,
      sunset: GET_PET_SUNSET,
      link: GET_PET_LINK,
      removalDate: GET_PET_REMOVAL_DATE,
      replacement: GET_PET_REPLACEMENT,
    },
  },
} as const satisfies Record<string, OperationDefinition>;

/** One of the API's operations. */
export type OperationId = keyof typeof OPERATIONS;

/** The API's operations, in the table's order. */
export const OPERATION_IDS = /* @__PURE__ */ Object.keys(OPERATIONS) as readonly OperationId[];

/** `operation`'s row as the shape every row has: for code that reads any operation alike. */
export const definitionOf = (operation: OperationId): OperationDefinition => OPERATIONS[operation];

/** The table's row of `Op`, with its literal types. */
export type OperationOf<Op extends OperationId> = (typeof OPERATIONS)[Op];

/** The success status of `Op`: `201` for `createPet`. */
export type SuccessStatus<Op extends OperationId> = OperationOf<Op>['success']['status'];

/** The success body of `Op`, as the contract types it: `undefined` where its success has none. */
export type SuccessBody<Op extends OperationId> = OperationOf<Op>['success'] extends { body: infer Body extends z.ZodMiniType } ? z.output<Body> : undefined;

/** The operations whose success has a body. */
export type OperationWithBody = { [Op in OperationId]: OperationOf<Op>['success'] extends { body: z.ZodMiniType } ? Op : never }[OperationId];

/** The error statuses `Op` documents: `400 | 401 | 404 | 500` for `getPet`. */
export type ErrorStatus<Op extends OperationId> = OperationOf<Op>['errors'][number];

/** Every status `Op` documents. */
export type DocumentedStatus<Op extends OperationId> = SuccessStatus<Op> | ErrorStatus<Op>;

/** The names of `Op`'s path parameters: `'petId'` for `getPet`, `never` where its path has none. */
export type PathParamName<Op extends OperationId> = OperationOf<Op> extends { pathParams: infer Params } ? keyof Params & string : never;

/**
 * What the contract reads of a request of `Op`: each path parameter by its
 * name, the query and the body, each where the table has it (`getPet` →
 * `{ petId: number }`, `listPets` → `{ query }`, `createPet` → `{ body }`).
 */
export type OperationInput<Op extends OperationId> = (OperationOf<Op> extends { pathParams: infer Params extends Record<string, z.ZodMiniType> }
  ? { -readonly [Name in keyof Params]: z.output<Params[Name]> }
  : unknown) &
  (OperationOf<Op> extends { query: infer Query extends z.ZodMiniType } ? { query: z.output<Query> } : unknown) &
  (OperationOf<Op> extends { body: infer Body extends z.ZodMiniType } ? { body: z.output<Body> } : unknown);

/** The operations that read a query: `listPets`. */
export type OperationWithQuery = { [Op in OperationId]: OperationOf<Op> extends { query: object } ? Op : never }[OperationId];

/** A path template with each `{parameter}` filled: `pets/${string}` for `/pets/{petId}`. */
type Filled<Path extends string> = Path extends `${infer Head}{${string}}${infer Tail}` ? `${Head}${string}${Filled<Tail>}` : Path;

/** A path template relative to the base address, parameters filled: `pets/${string}` for `/pets/{petId}`. */
export type RelativeUrlPath<Template extends string> = Template extends `/${infer Relative}` ? Filled<Relative> : never;

/** `Op`'s path relative to the base address, parameters filled: what a client appends to it (`pets/7`). */
export type OperationUrlPath<Op extends OperationId> = RelativeUrlPath<OperationOf<Op>['path']>;

/** Whether `operation` changes data on the service (every effect but `reads`): a write is never retried. */
export const writes = (operation: OperationId): boolean => definitionOf(operation).effect !== 'reads';

/** The schema of `operation`'s success body; `undefined` where its success has none. */
export const successBodyOf = (operation: OperationId): z.ZodMiniType | undefined => definitionOf(operation).success.body;

/** The operations with `effect`, in the table's order: `['createPet']` for `adds`. */
export const operationsThat = (effect: OperationEffect): OperationId[] => OPERATION_IDS.filter((id) => definitionOf(id).effect === effect);

/** The methods the API's operations use, once each, in the table's order. */
export const operationMethods = (): OperationMethod[] => [...new Set(Object.values(OPERATIONS).map((operation) => operation.method))];
