import type { RowResult } from '../import/row-result.js';
import type { RowUnit } from '../import/source-row.js';
import type { Paint } from './colour.js';
import { stringifyJson, terminalSafe, tsvField } from './escape.js';
import { padderFor } from './table.js';

const idOf = (result: RowResult): string => ('id' in result ? String(result.id) : '');
const errorOf = (result: RowResult): string => ('error' in result ? `${result.error.code}: ${result.error.message}` : '');

function resultPaint(paint: Paint, result: RowResult, text: string): string {
  if (result.status === 'added') return paint.green(text);
  if (result.status === 'skipped') return paint.dim(text);
  if (result.status === 'not_sent') return paint.yellow(text);
  return paint.red(text);
}

/**
 * One row of an import's report, printed as it finishes: `ndjson` is the
 * report `--resume` reads (RowResult, one object a line); `tsv` is row,
 * status, id, name, error code and error message, empty where absent.
 */
export function renderImportLine(result: RowResult, format: 'ndjson' | 'tsv'): string {
  if (format === 'ndjson') return `${stringifyJson(result)}\n`;
  const error = 'error' in result ? result.error : undefined;
  const fields = [String(result.row), result.status, idOf(result), tsvField(result.name ?? ''), tsvField(error?.code ?? ''), tsvField(error?.message ?? '')];
  return `${fields.join('\t')}\n`;
}

/** The whole report at the end, in row order: `json` (one array) or a `table` headed LINE or ITEM, RESULT, ID, NAME, ERROR. */
export async function renderImportReport(results: readonly RowResult[], format: 'json' | 'table', unit: RowUnit, paint: Paint): Promise<string> {
  const sorted = results.toSorted((a, b) => a.row - b.row);
  if (format === 'json') return `${stringifyJson(sorted, 2)}\n`;
  const header = [unit.toUpperCase(), 'RESULT', 'ID', 'NAME', 'ERROR'];
  const rows = sorted.map((result) => [String(result.row), result.status.replace('_', ' '), idOf(result), terminalSafe(result.name ?? ''), terminalSafe(errorOf(result))]);
  const pad = await padderFor(header, rows);
  const last = header.length - 1;
  const lines = [header.map((title, column) => paint.bold(column === last ? title : pad(title, column))).join('  ')];
  for (const [index, row] of rows.entries()) {
    const result = sorted[index] as RowResult;
    lines.push(row.map((cell, column) => (column === 1 ? resultPaint(paint, result, pad(cell, column)) : column === last ? cell : pad(cell, column))).join('  ').trimEnd());
  }
  return `${lines.join('\n')}\n`;
}
