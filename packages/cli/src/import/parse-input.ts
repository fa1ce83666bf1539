import type { ImportFormat } from '../tables/import-flags.js';
import { IMPORT_LIMITS } from './import-limits.js';
import { parseJsonArray } from './parse-json-array.js';
import { parseNdjson } from './parse-ndjson.js';
import type { SourceRows } from './source-row.js';

/** The rows of an input in `format`; `what` leads error messages (the file, or `-`). */
export async function parseInput(format: ImportFormat, text: string, what: string): Promise<SourceRows> {
  if (format === 'ndjson') return { unit: 'line', rows: parseNdjson(text, IMPORT_LIMITS.rows, what) };
  if (format === 'json') return { unit: 'item', rows: parseJsonArray(text, IMPORT_LIMITS.rows, what) };
  // The CSV parser is a chunk of its own, loaded only for CSV.
  const { parseCsv } = await import('./parse-csv.js');
  return { unit: 'line', rows: parseCsv(text, IMPORT_LIMITS.rows, what) };
}
