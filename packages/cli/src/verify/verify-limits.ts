/**
 * The most requests one `petstore verify` run sends (its help and the README
 * state it). The table needs about 31; the bound is what a deployment's
 * operators can count on, whatever the table grows to.
 */
export const VERIFY_MAX_REQUESTS = 100;

/**
 * The default and the bounds of `verify --total-timeout`, in milliseconds (its
 * help states them). Each request has --timeout; this bounds the run, so that a
 * service answering every request just within it cannot hold a CI job for
 * --timeout × the requests. Two minutes: a run takes about 31 requests, a few
 * seconds against a service that answers.
 */
export const VERIFY_TOTAL_TIMEOUT = { default: 120_000, min: 1, max: 3_600_000 } as const;
