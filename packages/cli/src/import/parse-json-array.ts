import { usageError } from '../errors/cli-error.js';
import { withoutBom, type SourceRow } from './source-row.js';

const typeOf = (value: unknown): string => (value === null ? 'null' : typeof value);

/** A JSON array of animals, numbered by item from 1 (`jq '.[N-1]'` shows item N). */
export function parseJsonArray(text: string, maxRows: number, what: string): SourceRow[] {
  let value: unknown;
  try {
    value = JSON.parse(withoutBom(text)) as unknown;
  } catch (error) {
    throw usageError(`${what}: not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(value)) throw usageError(`${what}: expected a JSON array of animals, got ${typeOf(value)}`);
  if (value.length > maxRows) throw usageError(`${what}: more than ${maxRows.toLocaleString('en-US')} rows; split the input`);
  return value.map((item: unknown, index) => ({ row: index + 1, value: item }));
}
