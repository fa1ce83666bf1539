// Plain values, no zod: a program that only needs the names (a CLI's --help,
// a select box) loads nothing else.

/** Every status an animal can have. */
export const PET_STATUSES = ['available', 'pending', 'sold'] as const;

/** Status a new animal gets when `POST /pets` omits `status`. */
export const DEFAULT_PET_STATUS = 'available' satisfies (typeof PET_STATUSES)[number];
