import type { Pet } from '@petstore/sdk';
import { PET_FIELDS, PET_FIELD_NAMES } from '../tables/pet-fields.js';
import type { Paint } from './colour.js';
import { stringifyJson, terminalSafe, tsvField } from './escape.js';
import { padderFor } from './table.js';

/** How data is printed: `table` for people, `tsv` when piped, `json`/`ndjson` for programs. */
export type Format = 'table' | 'tsv' | 'json' | 'ndjson';
export const FORMATS: readonly Format[] = ['table', 'tsv', 'json', 'ndjson'];

/** The columns of the table and of TSV: the id, then each field of PET_FIELDS in its order. */
const COLUMNS: readonly { title: string; cell(pet: Pet): string; paint?(paint: Paint, cell: string): string }[] = [
  { title: 'ID', cell: (pet) => String(pet.id) },
  ...PET_FIELD_NAMES.map((field) => {
    const { column, cell, paint } = PET_FIELDS[field] as { column: string; cell(value: unknown): string; paint?(paint: Paint, cell: string): string };
    // An optional field the service left out is an empty cell.
    return { title: column, cell: (pet: Pet) => (pet[field] === undefined ? '' : cell(pet[field])), ...(paint ? { paint } : {}) };
  }),
];

/** The titles of the table's columns, which TSV has in the same order. */
export const COLUMN_TITLES: readonly string[] = COLUMNS.map((column) => column.title);

/**
 * One animal as `field: value` lines, for a person (`pets get` on a terminal):
 * the table's columns, titles in lower case, values aligned and escaped.
 */
export function renderPetFields(pet: Pet, paint: Paint): string {
  const labels = COLUMN_TITLES.map((title) => `${title.toLowerCase()}:`);
  const width = Math.max(...labels.map((label) => label.length));
  return COLUMNS.map((column, index) => {
    const cell = terminalSafe(column.cell(pet));
    return `${paint.bold((labels[index] ?? '').padEnd(width))}  ${column.paint ? column.paint(paint, cell) : cell}\n`;
  }).join('');
}

/**
 * Animals as text. The layout depends on the format, the content never does:
 * every format carries the same fields of the same animals.
 */
export async function renderPets(pets: readonly Pet[], format: Format, paint: Paint, single: boolean): Promise<string> {
  if (format === 'json') return `${stringifyJson(single ? pets[0] : pets, 2)}\n`;
  if (format === 'ndjson') return pets.map((pet) => `${stringifyJson(pet)}\n`).join('');
  if (format === 'tsv') return pets.map((pet) => `${COLUMNS.map((column) => tsvField(column.cell(pet))).join('\t')}\n`).join('');
  const rows = pets.map((pet) => COLUMNS.map((column) => terminalSafe(column.cell(pet))));
  const pad = await padderFor(COLUMN_TITLES, rows);
  // The last column is not padded: no line ends in spaces.
  const last = COLUMNS.length - 1;
  const lines = [COLUMN_TITLES.map((title, index) => paint.bold(index === last ? title : pad(title, index))).join('  ')];
  for (const row of rows) {
    lines.push(row.map((cell, index) => {
      const padded = index === last ? cell : pad(cell, index);
      const painter = COLUMNS[index]?.paint;
      // Painted before padding is added, so the colour codes do not count towards the width.
      return painter ? painter(paint, cell) + padded.slice(cell.length) : padded;
    }).join('  '));
  }
  return `${lines.join('\n')}\n`;
}
