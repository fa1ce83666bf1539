import { describeIssue, formatIssues } from '@petstore/sdk/contract';
import * as z from 'zod/mini';

/** What `schema` refuses of `value`, each issue led by `location` (`body` for the admin API); undefined if nothing. */
export const issuesOf = (schema: z.ZodMiniType, value: unknown, location: 'body' | ''): string | undefined => {
  const result = z.safeParse(schema, value, { error: describeIssue });
  return result.success ? undefined : formatIssues(location, result.error.issues);
};

/** The issues of a staged answer's body, named from the override (`body[0].id: …`). */
export const bodyIssues = (schema: z.ZodMiniType, body: unknown, location: 'body' | ''): string | undefined =>
  issuesOf(z.object({ body: schema }), { body }, location);
