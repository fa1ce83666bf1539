/** Smallest page size `GET /pets` accepts. */
export const LIST_LIMIT_MIN = 1;
/** Largest page size `GET /pets` accepts. */
export const LIST_LIMIT_MAX = 100;
/** Page size `GET /pets` uses when `limit` is omitted. */
export const LIST_LIMIT_DEFAULT = 20;

/** Longest animal name, in characters: Unicode code points, as JSON Schema's `maxLength` counts them. */
export const NAME_MAX_LENGTH = 100;

/**
 * Largest id or categoryId. The specification says int64, but JSON numbers above
 * 2^53−1 lose precision in JavaScript, so larger values are refused rather than
 * silently rounded.
 */
export const ID_MAX = Number.MAX_SAFE_INTEGER;
