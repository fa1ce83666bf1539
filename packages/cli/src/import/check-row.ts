import { describeIssue, formatIssues, NewPet } from '@petstore/sdk/contract';
import * as z from 'zod/mini';
import type { SourceRow } from './source-row.js';

/** A row checked against the contract: an animal to send, or why not. */
export type CheckedRow = { row: number; pet: NewPet } | { row: number; name?: string; problem: string };

/** The row's name, when it has one that is text (for reports and for matching a report to its input). */
export function nameOf(source: SourceRow): string | undefined {
  if (!('value' in source) || typeof source.value !== 'object' || source.value === null) return undefined;
  const { name } = source.value as { name?: unknown };
  return typeof name === 'string' ? name : undefined;
}

/** Checks a row with the contract's NewPet, as the service would; messages name the field (`categoryId: is required`). */
export function checkRow(source: SourceRow): CheckedRow {
  const name = nameOf(source);
  const named = name === undefined ? {} : { name };
  if ('problem' in source) return { row: source.row, ...named, problem: source.problem };
  const result = z.safeParse(NewPet, source.value, { error: describeIssue });
  if (result.success) return { row: source.row, pet: result.data };
  return { row: source.row, ...named, problem: formatIssues('', result.error.issues) };
}
