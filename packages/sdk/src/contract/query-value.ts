import * as z from 'zod/mini';

/**
 * One query-string or path value. A repeated query parameter arrives as an array
 * and is refused: which of two limits the caller meant is a guess we don't make.
 */
export const QueryValue = /* @__PURE__ */ z.string({
  error: (issue) => (Array.isArray(issue.input) ? 'must be given only once' : 'must be a string'),
});
