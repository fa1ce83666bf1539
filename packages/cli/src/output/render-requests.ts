import { OPERATIONS, type OperationId, type OperationInput } from '@petstore/sdk/contract';
import type { RowUnit } from '../import/source-row.js';
import type { Paint } from './colour.js';
import { stringifyJson, terminalSafe, tsvField } from './escape.js';
import type { Format } from './render-pets.js';
import { padderFor } from './table.js';

/** A request a dry run would have sent: never its headers, so never the key. */
export interface PlannedRequest {
  /** The input row it comes from (`pets import`); absent for a single command. */
  row?: number;
  method: string;
  url: string;
  /** Absent where the operation takes no body. */
  body?: unknown;
}

/**
 * The request of `operationId` at `baseUrl` as the SDK sends it: the method and
 * path from the contract's OPERATIONS, each `{name}` of the path filled from
 * `input`, and its body where the operation takes one.
 */
export function plannedRequest<Op extends OperationId>(operationId: Op, baseUrl: string, input: OperationInput<Op>, row?: number): PlannedRequest {
  const { method, path } = OPERATIONS[operationId];
  const fields = input as Readonly<Record<string, unknown>>;
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(fields[name])));
  return { ...(row === undefined ? {} : { row }), method, url: `${baseUrl}${filled}`, ...('body' in fields && { body: fields['body'] }) };
}

/**
 * The requests of a dry run, in the output format: JSON (one object for `pets
 * create`, an array for `pets import`) or one object a line; TSV rows (the row,
 * when there is one, then method, URL and the body as compact JSON, empty where
 * there is none); or a table
 * with a header on a terminal. Every format carries every request.
 */
export async function renderRequests(requests: readonly PlannedRequest[], format: Format, paint: Paint, unit?: RowUnit): Promise<string> {
  if (format === 'json') return `${stringifyJson(unit === undefined ? requests[0] : requests, 2)}\n`;
  if (format === 'ndjson') return requests.map((request) => `${stringifyJson(request)}\n`).join('');
  const cells = (request: PlannedRequest) => [...(unit === undefined ? [] : [String(request.row)]), request.method, request.url, request.body === undefined ? '' : stringifyJson(request.body)];
  if (format === 'tsv') return requests.map((request) => `${cells(request).map(tsvField).join('\t')}\n`).join('');
  const header = [...(unit === undefined ? [] : [unit.toUpperCase()]), 'METHOD', 'URL', 'BODY'];
  const rows = requests.map((request) => cells(request).map(terminalSafe));
  const pad = await padderFor(header, rows);
  // The last column is not padded, and an empty one leaves no gap: no line ends in spaces.
  const line = (row: readonly string[]) => row.map((cell, column) => (column === row.length - 1 ? cell : pad(cell, column))).join('  ').trimEnd();
  return `${[paint.bold(line(header)), ...rows.map(line)].join('\n')}\n`;
}
