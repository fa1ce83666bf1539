/**
 * How rows are numbered, so that a person finds them: by file line (from 1,
 * the header included) in NDJSON and CSV, by item (from 1) in a JSON array.
 */
export type RowUnit = 'line' | 'item';

/** One row of the input as read: a value to check against the contract, or why it could not be read. */
export type SourceRow = { row: number; value: unknown } | { row: number; problem: string };

/** The rows of one input. */
export interface SourceRows {
  unit: RowUnit;
  rows: SourceRow[];
}

/** `line 4`, `item 3`. */
export const rowLabel = (unit: RowUnit, row: number): string => `${unit} ${row}`;

/** Text without the byte-order mark some editors put first. */
export const withoutBom = (text: string): string => (text.startsWith('\uFEFF') ? text.slice(1) : text);
