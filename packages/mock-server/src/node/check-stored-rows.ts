import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { describeIssue, formatIssues, ID_MAX, Pet } from '@petstore/sdk/contract';
import * as z from 'zod/mini';

/** An animal as the file must hold it: the contract's Pet, with no field the contract does not name. */
const StoredRow = /* @__PURE__ */ z.strictObject(Pet.shape);

/** A row the contract refuses: its id, and each field's issue (`name: must be at most 100 characters; status: …`). */
export interface RowOutsideContract {
  id: number;
  issues: string;
}

/**
 * Checks every row of an opened data file against the contract, in id order,
 * and returns the first that breaks it. The table's own CHECK refuses only
 * text that is not JSON and an id that differs from the row's; a row edited by
 * hand (sqlite3) must not be served as if the API had stored it. Rows past
 * the largest id are not the contract's to check: opening drops them.
 */
export function firstRowOutsideContract(rows: StatementSync): RowOutsideContract | undefined {
  for (const row of rows.iterate(ID_MAX) as Iterable<{ id: number; json: string }>) {
    const result = z.safeParse(StoredRow, JSON.parse(row.json), { error: describeIssue });
    if (!result.success) return { id: row.id, issues: formatIssues('', result.error.issues) };
  }
  return undefined;
}

/**
 * Checks the file's record of the last id handed out: one row, an id from 0
 * to the largest, and not below any animal's id, else ids up to it would be
 * handed out again. Returns what is wrong, in words, or undefined.
 */
export function lastIdOutsideContract(db: DatabaseSync): string | undefined {
  // Read only when in range: node:sqlite refuses an integer past 2^53-1. Two plain parameters, not one `?1`
  // named twice: Node.js 22's node:sqlite binds a repeated numbered parameter as "column index out of range".
  const row = db
    .prepare('SELECT (SELECT count(*) FROM last_id) AS rows, (SELECT id FROM last_id WHERE id <= ?) AS lastId, (SELECT coalesce(max(id), 0) FROM pets WHERE id <= ?) AS largest')
    .get(ID_MAX, ID_MAX) as { rows: number; lastId: number | null; largest: number };
  if (row.rows !== 1) return `table last_id holds ${row.rows} rows, not the one of the last id handed out`;
  if (row.lastId === null) return `last_id is past the largest id (2^53-1)`;
  if (row.lastId < row.largest) return `last_id ${row.lastId} is below the largest stored id ${row.largest}: ids up to it would be handed out again`;
  return undefined;
}
