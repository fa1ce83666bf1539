/**
 * The most requests one `petstore verify` run sends (its help and the README
 * state it). The table needs about 31; the bound is what a deployment's
 * operators can count on, whatever the table grows to.
 */
export const VERIFY_MAX_REQUESTS = 100;
