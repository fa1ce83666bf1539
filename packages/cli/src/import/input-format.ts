import { extname } from 'node:path';
import { usageError } from '../errors/cli-error.js';
import { IMPORT_FORMATS, type ImportFormat } from '../tables/import-flags.js';

const BY_EXTENSION: Readonly<Record<string, ImportFormat>> = { '.ndjson': 'ndjson', '.jsonl': 'ndjson', '.json': 'json', '.csv': 'csv' };

const choices = `--input-format ${IMPORT_FORMATS.join('|')}`;

/**
 * The input format: `--input-format`, else the file's extension. Stdin and
 * other extensions need the flag: guessing from the content could send a
 * file read the wrong way.
 */
export function inputFormat(file: string, flag: ImportFormat | undefined): ImportFormat {
  if (flag !== undefined) return flag;
  if (file === '-') throw usageError(`pets import -: stdin has no extension to tell its format; give ${choices}`);
  const format = BY_EXTENSION[extname(file).toLowerCase()];
  if (format === undefined) {
    throw usageError(`pets import ${file}: cannot tell the format from the extension (.ndjson, .jsonl, .json or .csv); give ${choices}`);
  }
  return format;
}
