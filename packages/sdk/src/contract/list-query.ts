import * as z from 'zod/mini';
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, LIST_LIMIT_MIN } from './limits.js';
import { PetStatus } from './pet.js';
import { QueryValue } from './query-value.js';

const LIMIT_MESSAGE = `must be an integer from ${LIST_LIMIT_MIN} to ${LIST_LIMIT_MAX}`;

/**
 * Page size of `GET /pets`: an integer from {@link LIST_LIMIT_MIN} to {@link LIST_LIMIT_MAX}. Out-of-range values are
 * refused, not clamped. (Beyond 2^53 `z.int()` and the maximum both fail with
 * this same message; `formatIssues` prints it once.)
 */
export const ListLimit = /* @__PURE__ */ z
  .int({ error: LIMIT_MESSAGE })
  .check(
    z.minimum(LIST_LIMIT_MIN, LIMIT_MESSAGE),
    z.maximum(LIST_LIMIT_MAX, LIMIT_MESSAGE),
  );

/** Options of `GET /pets` as a program passes them. Unknown keys are dropped. */
export const ListPetsQuery = /* @__PURE__ */ z.object({
  limit: z.exactOptional(ListLimit),
  status: z.exactOptional(PetStatus),
});
export type ListPetsQuery = z.infer<typeof ListPetsQuery>;

/**
 * The query string of `GET /pets` as it arrives over HTTP: each value a string,
 * or an array when the parameter was repeated (refused). Only decimal digits
 * make a limit, so `1e1`, `+5` and `5.0` are refused rather than guessed at.
 * Unknown parameters are ignored. The output has the default limit applied.
 */
export const ListPetsQueryParams = /* @__PURE__ */ z.object({
  // Each call marked pure, not only the outer one: a bundler then drops the
  // whole schema from apps (the SDK's client) that never use it.
  limit: /* @__PURE__ */ z._default(
    /* @__PURE__ */ z.pipe(
      /* @__PURE__ */ QueryValue.check(/* @__PURE__ */ z.regex(/^[0-9]+$/, LIMIT_MESSAGE)),
      /* @__PURE__ */ z.pipe(
        /* @__PURE__ */ z.transform((value: string) => Number(value)),
        ListLimit,
      ),
    ),
    LIST_LIMIT_DEFAULT,
  ),
  status: /* @__PURE__ */ z.exactOptional(/* @__PURE__ */ z.pipe(QueryValue, PetStatus)),
});
/** Query-string values: a string, or several when a parameter is repeated. */
export type QueryParams = Readonly<Record<string, string | readonly string[]>>;
/** `GET /pets` options after validation, with the default limit applied. */
export type ListPetsParams = z.output<typeof ListPetsQueryParams>;
