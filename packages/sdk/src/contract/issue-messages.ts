import type * as z from 'zod/mini';

const typeOf = (input: unknown): string => (input === null ? 'null' : Array.isArray(input) ? 'array' : typeof input);

/**
 * Words for the issues whose schema gives none. zod/mini ships no locale, so
 * without this a missing field would read only "Invalid input". Passed to each
 * parse (`z.safeParse(schema, value, { error: describeIssue })`): the contract's
 * own messages still win, and no global zod setting is touched.
 */
export const describeIssue: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'is required' : `expected ${issue.expected}, got ${typeOf(issue.input)}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map(String).join(', ')}`;
    case 'too_small':
      return `must be at least ${String(issue.minimum)}${issue.origin === 'string' ? ' characters' : ''}`;
    case 'too_big':
      return `must be at most ${String(issue.maximum)}${issue.origin === 'string' ? ' characters' : ''}`;
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}`;
    case 'invalid_format':
      return `must match the format ${issue.format}`;
    default:
      return `is invalid (${issue.code})`;
  }
};
