/**
 * The most the CLI reads from a pipe or a file it is given: an endless or
 * oversized input fails with a message naming it, instead of filling memory.
 * Documented in the README ("Limits").
 */
export const INPUT_LIMITS = {
  /** `pets create --data -` / `--data @file`: one animal is a few hundred bytes. */
  data: 1024 * 1024,
  /** `pets import FILE|-`: about a million rows. */
  import: 64 * 1024 * 1024,
  /** `auth login --with-token`: a key is a line. */
  token: 64 * 1024,
  /** The NODE_EXTRA_CA_CERTS file `doctor` checks: a whole system bundle is about 200 KiB. */
  caCerts: 4 * 1024 * 1024,
} as const;
