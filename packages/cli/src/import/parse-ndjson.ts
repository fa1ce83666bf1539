import { usageError } from '../errors/cli-error.js';
import { withoutBom, type SourceRow } from './source-row.js';

/**
 * NDJSON: one JSON value per line, numbered by file line. Blank lines are
 * skipped; CRLF works (JSON allows the trailing \r). A line that is not JSON is
 * a row with a problem, so the other rows can still be checked and reported.
 */
export function parseNdjson(text: string, maxRows: number, what: string): SourceRow[] {
  const rows: SourceRow[] = [];
  const lines = withoutBom(text).split('\n');
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    if (rows.length === maxRows) throw usageError(`${what}: more than ${maxRows.toLocaleString('en-US')} rows; split the input`);
    const row = index + 1;
    try {
      rows.push({ row, value: JSON.parse(line) as unknown });
    } catch (error) {
      rows.push({ row, problem: `not valid JSON: ${(error as Error).message}` });
    }
  }
  return rows;
}
