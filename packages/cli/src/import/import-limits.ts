/**
 * The bounds of `pets import`, besides the input's size (INPUT_LIMITS.import).
 * Documented in the README ("Limits").
 */
export const IMPORT_LIMITS = {
  /** `--concurrency`: creates in flight at once. */
  concurrency: { default: 4, min: 1, max: 16 },
  /** Rows in one input: 64 MiB of the shortest rows; beyond, split the input. */
  rows: 1_000_000,
  /** `--resume REPORT`: a million report lines of up to ~250 bytes. */
  reportBytes: 256 * 1024 * 1024,
  /** Resume files kept in the config folder's imports/: the newest ones; older ones go when a new one starts. */
  resumeFiles: 20,
} as const;
