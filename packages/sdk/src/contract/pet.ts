import * as z from 'zod/mini';
import { ID_MAX, NAME_MAX_LENGTH } from './limits.js';
import { PET_STATUSES } from './statuses.js';


/** Availability status of an animal. */
export const PetStatus = /* @__PURE__ */ z.enum(PET_STATUSES, {
  error: `must be one of ${PET_STATUSES.join(', ')}`,
});
export type PetStatus = z.infer<typeof PetStatus>;

const ID_RANGE_MESSAGE = `must be an integer from 1 to ${ID_MAX} (2^53-1); larger int64 values cannot be represented exactly and are not accepted`;

/**
 * An identifier: an integer from 1 to 2^53−1. `z.int()` already stops at the
 * safe range; the custom message says why larger int64 values are refused.
 * (Below −2^53 both range checks fail with this same message; `formatIssues`
 * prints it once.)
 */
export const Id = /* @__PURE__ */ z
  .int({ error: (issue) => (issue.code === 'invalid_type' ? 'must be an integer' : ID_RANGE_MESSAGE) })
  .check(z.minimum(1, ID_RANGE_MESSAGE));
export type Id = z.infer<typeof Id>;

/** An animal's name: 1 to {@link NAME_MAX_LENGTH} characters, not only whitespace, stored as given. */
export const PetName = /* @__PURE__ */ z.string({ error: 'must be a string' }).check(
  // An empty name is only reported as empty, not also as whitespace.
  z.minLength(1, { error: 'must not be empty', abort: true }),
  z.maxLength(NAME_MAX_LENGTH, `must be at most ${NAME_MAX_LENGTH} characters`),
  // A pattern rather than a refinement, so the OpenAPI document can state it too.
  z.regex(/\S/, 'must not be only whitespace'),
);

/**
 * The fields of an animal that a client gives: the one place they are listed.
 * NewPet is these; Pet is these plus `id`; the "allowed fields" message, the
 * OpenAPI document, the mock server's store and examples all follow from them.
 */
const newPetFields = {
  name: PetName,
  categoryId: Id,
  status: /* @__PURE__ */ z.exactOptional(PetStatus),
};

/** Message for fields a create body may not carry. */
export function unknownFieldsMessage(keys: readonly string[]): string {
  const names = keys.join(', ');
  const idNote = keys.includes('id') ? ' (id is assigned by the service)' : '';
  return `unknown field${keys.length === 1 ? '' : 's'}: ${names}${idNote}; allowed fields are ${Object.keys(newPetFields).join(', ')}`;
}

/** Body of `POST /pets`. Unknown fields, `id` included, are refused. */
export const NewPet = /* @__PURE__ */ z.strictObject(
  newPetFields,
  {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys') return unknownFieldsMessage(issue.keys);
      if (issue.code === 'invalid_type') return 'must be a JSON object';
      return undefined;
    },
  },
);
// Interfaces, not aliases, so that editors show the name (`NewPet`), not the expanded object.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the schema is the one definition; the interface names it.
export interface NewPet extends z.infer<typeof NewPet> {}

/**
 * An animal as the service returns it: the specification's NewPet plus `id`.
 * `status` is optional there too, so a conformant service may leave it out
 * (the mock server always sends it).
 */
export const Pet = /* @__PURE__ */ z.object({ id: Id, ...newPetFields });
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- as NewPet.
export interface Pet extends z.infer<typeof Pet> {}

/**
 * An animal as the examples of the OpenAPI document show it (and, without its
 * id, a create body): beside the schema, so that a new field gets its example
 * in the same place.
 */
export const PET_EXAMPLE = { id: 1, name: 'Rex', categoryId: 1, status: 'available' } as const satisfies Pet;

/** Body of a successful `GET /pets`. */
export const Pets = /* @__PURE__ */ z.array(Pet);
export type Pets = z.infer<typeof Pets>;
