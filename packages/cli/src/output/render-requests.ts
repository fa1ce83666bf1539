import { OPERATIONS, type NewPet } from '@petstore/sdk/contract';
import type { RowUnit } from '../import/source-row.js';
import type { Paint } from './colour.js';
import { stringifyJson, terminalSafe, tsvField } from './escape.js';
import type { Format } from './render-pets.js';
import { padderFor } from './table.js';

/** A request a dry run would have sent: never its headers, so never the key. */
export interface PlannedRequest {
  /** The input row it comes from (`pets import`); absent for `pets create`. */
  row?: number;
  method: string;
  url: string;
  body: unknown;
}

/** The create of `pet` at `baseUrl`, as the SDK's `pets.create` sends it: method and path from the contract's OPERATIONS. */
export function plannedCreate(baseUrl: string, pet: NewPet, row?: number): PlannedRequest {
  const { method, path } = OPERATIONS.createPet;
  return { ...(row === undefined ? {} : { row }), method, url: `${baseUrl}${path}`, body: pet };
}

/**
 * The requests of a dry run, in the output format: JSON (one object for `pets
 * create`, an array for `pets import`) or one object a line; TSV rows (the row,
 * when there is one, then method, URL and the body as compact JSON); or a table
 * with a header on a terminal. Every format carries every request.
 */
export async function renderRequests(requests: readonly PlannedRequest[], format: Format, paint: Paint, unit?: RowUnit): Promise<string> {
  if (format === 'json') return `${stringifyJson(unit === undefined ? requests[0] : requests, 2)}\n`;
  if (format === 'ndjson') return requests.map((request) => `${stringifyJson(request)}\n`).join('');
  const cells = (request: PlannedRequest) => [...(unit === undefined ? [] : [String(request.row)]), request.method, request.url, stringifyJson(request.body)];
  if (format === 'tsv') return requests.map((request) => `${cells(request).map(tsvField).join('\t')}\n`).join('');
  const header = [...(unit === undefined ? [] : [unit.toUpperCase()]), 'METHOD', 'URL', 'BODY'];
  const rows = requests.map((request) => cells(request).map(terminalSafe));
  const pad = await padderFor(header, rows);
  // The last column is not padded: no line ends in spaces.
  const line = (row: readonly string[]) => row.map((cell, column) => (column === row.length - 1 ? cell : pad(cell, column))).join('  ');
  return `${[paint.bold(line(header)), ...rows.map(line)].join('\n')}\n`;
}
