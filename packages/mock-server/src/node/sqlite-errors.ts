/** SQLite's primary result codes (the low byte of an extended one) that the data file tells apart. */
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;

/** SQLite's primary result code of `error`, if it is one of node:sqlite's. */
function sqliteCode(error: unknown): number | undefined {
  const errcode = (error as { errcode?: unknown } | null)?.errcode;
  return typeof errcode === 'number' ? errcode & 0xff : undefined;
}

/** Whether SQLite refused because another connection holds the file. */
export const isBusy = (error: unknown): boolean => {
  const code = sqliteCode(error);
  return code === SQLITE_BUSY || code === SQLITE_LOCKED;
};

export const isSqliteError = (error: unknown): error is Error & { errstr?: string } =>
  error instanceof Error && (error as NodeJS.ErrnoException).code === 'ERR_SQLITE_ERROR';

/** SQLite's words for what went wrong ("database or disk is full"), else the error's message. */
export const reason = (error: unknown): string => (isSqliteError(error) ? (error.errstr ?? error.message) : String(error));
