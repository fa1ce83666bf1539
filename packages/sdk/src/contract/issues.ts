import type * as z from 'zod/mini';

/** Where a value came from, used as the first segment of a field path. */
export type InputLocation = 'query' | 'path' | 'body';

/**
 * One line per issue, each led by the field path: `body.name: must not be empty`,
 * `body[0].name: …` inside arrays. This is the `message` of an `invalid_request`
 * Error body. With the location `''` paths stand alone (`[0].name: …`, or just
 * the message for the value as a whole).
 */
export function formatIssues(location: InputLocation | '', issues: readonly z.core.$ZodIssue[]): string {
  const lines = issues.map((issue) => {
    const path = issue.path.reduce<string>(
      (text, segment) => (typeof segment === 'number' ? `${text}[${segment}]` : text ? `${text}.${String(segment)}` : String(segment)),
      location,
    );
    return path === '' ? issue.message : `${path}: ${issue.message}`;
  });
  // Two checks can fail with the same words (an int64 beyond range fails both
  // z.int()'s safe range and our bound): say it once.
  return [...new Set(lines)].join('; ');
}
