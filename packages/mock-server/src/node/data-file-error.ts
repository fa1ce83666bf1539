/**
 * A write to the `--data` file that failed (disk full, file size limit, I/O
 * error): nothing of it was stored. The core answers 500 and logs this message.
 */
export class DataFileError extends Error {
  override name = 'DataFileError' as const;
}
