import * as z from 'zod/mini';
import {
  describeIssue,
  formatIssues,
  GET_PET_REMOVAL_DATE,
  GET_PET_REPLACEMENT,
  Id,
  LIST_LIMIT_DEFAULT,
  ListPetsQuery,
  NewPet,
  type InputLocation,
  type Pet,
} from '../contract/index.js';
import { ApiPromise, type WithResponse } from './api-promise.js';
import { checkOptions } from './check-option.js';
import type { Warning } from './deprecation-warning.js';
import { RequestValidationError } from './errors/validation-errors.js';
import type { Call } from './call.js';
import type { RequestOptions } from './options.js';
import { withoutUndefined, type PetCreateParams, type PetListParams } from './params.js';

/** What the resource needs from its client. */
export interface ResourceContext {
  send<T>(call: Call<T>): Promise<WithResponse<T>>;
  /** Checks one animal of a response, per the client's validation mode. */
  parsePet(body: unknown, rawBody: string, label: string): Pet;
  /** Checks a list of animals, per the client's validation mode; `limit` is what the call asked for. */
  parsePets(body: unknown, rawBody: string, label: string, limit: number): Pet[];
  /** Called when a deprecated method is used: warns once per process and operation. */
  deprecated(operationId: string, warning: Warning): void;
}

/** `pets.get`'s path, checked as the contract's `Id` (made once: a zod schema is costly to build). */
const GetPetPath = /* @__PURE__ */ z.object({ petId: Id });

/** `value` checked against the contract; its `undefined` fields are left out first (not given). */
function checked<Schema extends z.ZodMiniType>(schema: Schema, value: unknown, location: InputLocation): z.output<Schema> {
  const result = z.safeParse(schema, withoutUndefined(value), { error: describeIssue });
  if (!result.success) throw new RequestValidationError(formatIssues(location, result.error.issues), result.error.issues);
  return result.data;
}

/** Checks the arguments first: invalid input is refused before anything is sent. */
function call<T>(context: ResourceContext, build: () => Call<T>): ApiPromise<T> {
  // `build` runs at once (a deprecation warning with it); what it throws rejects the call, before anything is sent.
  return new ApiPromise(
    (async () => {
      const prepared = build();
      if (prepared.options) checkOptions(prepared.options);
      return context.send(prepared);
    })(),
  );
}

/** `client.pets`: the animals in the catalogue. */
export class PetsResource {
  readonly #context: ResourceContext;

  /** @internal The client makes its resource: `client.pets`. */
  constructor(context: ResourceContext) {
    this.#context = context;
  }

  /**
   * Lists animals in ascending id order: the first `limit` (in the range
   * {@link ListPetsQuery} allows, {@link LIST_LIMIT_DEFAULT} if not given),
   * only those with `status` if given (an option that is `undefined` is not given).
   * @throws {RequestValidationError} `limit` or `status` is invalid (nothing is sent).
   */
  list(query: PetListParams = {}, options?: RequestOptions): ApiPromise<Pet[]> {
    return call(this.#context, () => {
      // Absent (or undefined) options stay absent, so the parsed query is the query string.
      const searchParams = checked(ListPetsQuery, query, 'query');
      const limit = searchParams.limit ?? LIST_LIMIT_DEFAULT;
      return {
        operationId: 'listPets',
        method: 'GET',
        path: 'pets',
        effect: 'reads',
        searchParams,
        parse: (body, rawBody, label) => this.#context.parsePets(body, rawBody, label, limit),
        options,
      };
    });
  }

  /**
   * Adds an animal; `status` defaults to `available` (`undefined` is not given). Never retried automatically:
   * the API has no idempotency key, so a retried create could store it twice.
   * @throws {RequestValidationError} `name`, `categoryId` or `status` is invalid (nothing is sent).
   */
  create(pet: PetCreateParams, options?: RequestOptions): ApiPromise<Pet> {
    return call(this.#context, () => ({
      operationId: 'createPet',
      method: 'POST',
      path: 'pets',
      effect: 'adds',
      json: checked(NewPet, pet, 'body'),
      parse: this.#context.parsePet,
      options,
    }));
  }

  /**
   * Fetches one animal by id.
   * @deprecated `GET /pets/{petId}` is removed on 5 December 2030. Use
   * `pets.list({ status })` instead. The first call in the process warns, once
   * (`deprecationWarnings: false` silences it).
   * @throws {NotFoundError} no animal has this id.
   * @throws {RequestValidationError} `id` is not an integer from 1 to 2^53−1 (nothing is sent).
   */
  get(id: number, options?: RequestOptions): ApiPromise<Pet> {
    return call(this.#context, () => {
      const petId = checked(GetPetPath, { petId: id }, 'path').petId;
      this.#context.deprecated('getPet', () => [
        `pets.get() (GET /pets/{petId}) is deprecated and will be removed on ${GET_PET_REMOVAL_DATE}; use pets.list() (${GET_PET_REPLACEMENT}) instead.`,
      ]);
      return {
        operationId: 'getPet',
        method: 'GET',
        path: `pets/${petId}`,
        effect: 'reads',
        parse: this.#context.parsePet,
        options,
      };
    });
  }
}
