import { parse } from 'csv-parse/sync';
import { usageError } from '../errors/cli-error.js';
import { terminalSafe } from '../output/escape.js';
import { PET_FIELDS, PET_FIELD_NAMES as FIELDS, type PetField as Field } from '../tables/pet-fields.js';
import { REQUIRED_FIELDS as REQUIRED } from '../commands/required-fields.js';
import type { SourceRow } from './source-row.js';

/** Header names match whatever their case (`Name,CategoryID,Status`), as spreadsheets write them. */
const FIELD_BY_LOWER_CASE: ReadonlyMap<string, Field> = new Map(FIELDS.map((field) => [field.toLowerCase(), field]));

/** What csv-parse returns with `info: true` (its types describe only plain records). */
interface CsvRecord {
  record: string[];
  /** `lines`: the file line the record ends on. */
  info: { lines: number };
}


function checkHeader(header: CsvRecord | undefined, what: string): Field[] {
  const expected = `${FIELDS.join(',')} (${REQUIRED.join(' and ')} required, in any order)`;
  if (header === undefined) throw usageError(`${what}: empty; the first line names the columns: ${expected}`);
  const columns: Field[] = [];
  for (const column of header.record) {
    const field = FIELD_BY_LOWER_CASE.get(column.toLowerCase());
    if (field === undefined) throw usageError(`${what}: line ${header.info.lines}: unknown column "${terminalSafe(column)}"; the columns are ${expected}`);
    if (columns.includes(field)) throw usageError(`${what}: line ${header.info.lines}: column "${field}" appears twice`);
    columns.push(field);
  }
  const missing = REQUIRED.filter((field) => !columns.includes(field));
  if (missing.length > 0) throw usageError(`${what}: line ${header.info.lines}: no ${missing.join(' or ')} column; the columns are ${expected}`);
  return columns;
}

/**
 * CSV (RFC 4180) with a header row naming the columns, in any case. Quoted fields may hold
 * commas, quotes ("") and line breaks; a BOM, CRLF and blank lines are fine.
 * An empty cell of an optional column is an absent field (an empty status
 * means the default); of a required one, empty text for the contract. Rows
 * are numbered by the file line they start on. A quote out of place is a
 * usage error: the rest of the file cannot be read reliably.
 */
export function parseCsv(text: string, maxRows: number, what: string): SourceRow[] {
  let records: CsvRecord[];
  try {
    // CRLF becomes LF first: csv-parse counts a CRLF inside a quoted field as two lines.
    records = parse(text.replace(/\r\n/g, '\n'), {
      bom: true,
      info: true,
      record_delimiter: '\n',
      skip_empty_lines: true,
      // Rows with the wrong number of fields are reported one by one, below.
      relax_column_count: true,
      // The header and one row past the bound: enough to know it is exceeded.
      to: maxRows + 2,
    }) as unknown as CsvRecord[];
  } catch (error) {
    throw usageError(`${what}: not valid CSV: ${(error as Error).message}`);
  }
  const [header, ...data] = records;
  const columns = checkHeader(header, what);
  if (data.length > maxRows) throw usageError(`${what}: more than ${maxRows.toLocaleString('en-US')} rows; split the input`);
  return data.map(({ record, info }): SourceRow => {
    const row = info.lines - record.reduce((breaks, cell) => breaks + cell.split('\n').length - 1, 0);
    if (record.length !== columns.length) {
      return { row, problem: `${record.length} field${record.length === 1 ? '' : 's'}, but the header has ${columns.length} (${columns.join(',')})` };
    }
    const value: Record<string, unknown> = {};
    for (const [index, field] of columns.entries()) {
      const cell = record[index] ?? '';
      if (cell !== '' || REQUIRED.includes(field)) value[field] = PET_FIELDS[field].read(cell);
    }
    return { row, value };
  });
}
