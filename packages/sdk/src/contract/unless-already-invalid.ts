import type * as z from 'zod/mini';

const noIssuesYet = (payload: z.core.ParsePayload): boolean => payload.issues.length === 0;

/**
 * Parameters for a range check that repeats what `z.int()`'s own safe-range
 * check says: it runs only if that check passed, so a value gets one message,
 * not two. `when` belongs to every check's definition (core `$ZodCheckDef`) but
 * is missing from the parameter types of `z.minimum`/`z.maximum`, hence the cast.
 */
export function unlessAlreadyInvalid<Params extends object>(params: Params): Params {
  return { ...params, when: noIssuesYet } as Params;
}
