/** The default and the bounds of `--timeout`, in milliseconds (its help states them). */
export const TIMEOUT = { default: 10_000, min: 1, max: 600_000 } as const;
