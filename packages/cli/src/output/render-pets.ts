import type { Pet } from '@petstore/sdk';
import type { Paint } from './colour.js';
import { stringifyJson, terminalSafe, tsvField } from './escape.js';
import { columnWidths, padTo } from './table.js';

/** How data is printed: `table` for people, `tsv` when piped, `json`/`ndjson` for programs. */
export type Format = 'table' | 'tsv' | 'json' | 'ndjson';
export const FORMATS: readonly Format[] = ['table', 'tsv', 'json', 'ndjson'];


function statusPaint(paint: Paint, status: string): string {
  if (status === 'available') return paint.green(status);
  if (status === 'pending') return paint.yellow(status);
  return paint.dim(status);
}

/**
 * Animals as text. The layout depends on the format, the content never does:
 * every format carries the same fields of the same animals.
 */
export function renderPets(pets: readonly Pet[], format: Format, paint: Paint, single: boolean): string {
  if (format === 'json') return `${stringifyJson(single ? pets[0] : pets, 2)}\n`;
  if (format === 'ndjson') return pets.map((pet) => `${stringifyJson(pet)}\n`).join('');
  if (format === 'tsv') return pets.map((pet) => `${pet.id}\t${tsvField(pet.name)}\t${pet.categoryId}\t${tsvField(pet.status ?? '')}\n`).join('');
  const rows = pets.map((pet) => [String(pet.id), terminalSafe(pet.name), String(pet.categoryId), terminalSafe(pet.status ?? '')]);
  const header = ['ID', 'NAME', 'CATEGORY', 'STATUS'];
  const pad = padTo(columnWidths(header, rows));
  const lines = [header.map((title, column) => paint.bold(column === 3 ? title : pad(title, column))).join('  ')];
  for (const row of rows) {
    lines.push(row.map((cell, column) => (column === 3 ? statusPaint(paint, cell) : pad(cell, column))).join('  '));
  }
  return `${lines.join('\n')}\n`;
}
