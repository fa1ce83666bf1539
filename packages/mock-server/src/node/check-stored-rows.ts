import type { StatementSync } from 'node:sqlite';
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
