import * as z from 'zod/mini';
import { Id } from './pet.js';
import { QueryValue } from './query-value.js';

const PET_ID_MESSAGE = 'must be a positive integer';

/**
 * The `{petId}` path segment of `GET /pets/{petId}`, as text. Malformed ids
 * (`abc`, `1.5`, `-1`, `0`, beyond 2^53−1) are refused with 400, so that 404 always
 * means "well-formed, but no such animal".
 */
export const PetIdParam = /* @__PURE__ */ z.pipe(
  QueryValue.check(z.regex(/^[0-9]+$/, PET_ID_MESSAGE)),
  z.pipe(
    z.transform((value: string) => Number(value)),
    Id,
  ),
);
