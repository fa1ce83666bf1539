import { OPERATION_IDS, OPERATIONS, type OperationId } from '../contract/operations.js';
import { UNCHECKED_STATUSES, type OperationStatus } from './cases.js';
import type { CaseResult, MatrixCell } from './report.js';

/** Each operation's documented statuses, from the contract's table (the OpenAPI document lists the same). */
export function documentedStatuses(): Map<OperationId, number[]> {
  return new Map(OPERATION_IDS.map((id) => [id, [OPERATIONS[id].success.status, ...OPERATIONS[id].errors]]));
}

/** Operation × documented status, derived from the cases' results: never an empty cell. */
export function coverageMatrix(results: readonly CaseResult[]): MatrixCell[] {
  return [...documentedStatuses()].flatMap(([operation, statuses]) =>
    statuses.map((status): MatrixCell => {
      const mine = results.filter((item) => item.operation === operation && item.status === status);
      const cases = mine.map((item) => item.id);
      const notes = mine.filter((item) => item.outcome === 'note').length;
      if (mine.some((item) => item.outcome === 'fail')) return { operation, status, state: 'failed', cases, notes };
      if (mine.some((item) => item.outcome !== 'skip')) return { operation, status, state: 'checked', cases, notes };
      const reasons = [...new Set(mine.map((item) => item.reason ?? ''))].filter(Boolean);
      const reason = reasons.length > 0 ? reasons.join('; ') : (UNCHECKED_STATUSES[`${operation} ${status}` as OperationStatus] ?? 'no case checks it');
      return { operation, status, state: 'skipped', cases, notes, reason };
    }),
  );
}
