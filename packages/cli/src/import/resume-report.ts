import { describeIssue, formatIssues } from '@petstore/sdk/contract';
import * as z from 'zod/mini';
import { usageError } from '../errors/cli-error.js';
import { terminalSafe } from '../output/escape.js';
import { nameOf } from './check-row.js';
import { IMPORT_LIMITS } from './import-limits.js';
import { readRegularFile } from '../io/read-regular-file.js';
import { RowResult } from './row-result.js';
import { rowLabel, withoutBom, type SourceRows } from './source-row.js';

/** A row an earlier run added: its id, its name then, and where the report says so. */
export interface AddedBefore {
  id: number;
  name: string;
  reportLine: number;
}

/**
 * The rows a report says were added (`added`, or `skipped` by a resumed run),
 * by row number. Every line must be a report line: a broken or foreign report
 * is a usage error naming its line, never a guess that could add a row twice.
 * Reports may be concatenated (`cat run-1.ndjson run-2.ndjson`): added wins.
 */
export function parseReport(text: string, what: string): Map<number, AddedBefore> {
  const added = new Map<number, AddedBefore>();
  const hint = 'give the NDJSON report of an earlier `pets import --format ndjson`';
  for (const [index, line] of withoutBom(text).split('\n').entries()) {
    if (line.trim() === '') continue;
    const reportLine = index + 1;
    let value: unknown;
    try {
      value = JSON.parse(line) as unknown;
    } catch (error) {
      throw usageError(`${what}: line ${reportLine}: not JSON (${(error as Error).message}); ${hint}`);
    }
    const result = z.safeParse(RowResult, value, { error: describeIssue });
    if (!result.success) throw usageError(`${what}: line ${reportLine}: not a report line (${formatIssues('', result.error.issues)}); ${hint}`);
    const entry = result.data;
    if ((entry.status === 'added' || entry.status === 'skipped') && !added.has(entry.row)) {
      added.set(entry.row, { id: entry.id, name: entry.name, reportLine });
    }
  }
  return added;
}

/** `--resume REPORT`: a regular file of at most IMPORT_LIMITS.reportBytes, parsed as above. */
export async function readReport(path: string): Promise<Map<number, AddedBefore>> {
  const what = `--resume ${path}`;
  return parseReport(await readRegularFile(path, IMPORT_LIMITS.reportBytes, what), what);
}

/**
 * Checks that a report belongs to the input: every row it says was added is
 * there, with the same name. Otherwise resuming would skip the wrong rows.
 */
export function checkReportFits(added: ReadonlyMap<number, AddedBefore>, source: SourceRows, report: string, input: string): void {
  const names = new Map(source.rows.map((row) => [row.row, nameOf(row)]));
  for (const [row, before] of added) {
    const where = `--resume ${report}: line ${before.reportLine}`;
    if (!names.has(row)) throw usageError(`${where}: ${rowLabel(source.unit, row)} is not in ${input}; is this the report of another input?`);
    const name = names.get(row);
    if (name !== before.name) {
      const now = name === undefined ? 'unnamed' : `"${terminalSafe(name)}"`;
      throw usageError(`${where}: ${rowLabel(source.unit, row)} was "${terminalSafe(before.name)}" when added, but is ${now} in ${input}; is this the report of another input?`);
    }
  }
}
