import { CliError } from '../errors/cli-error.js';
import { EXIT, type ExitCode } from '../errors/exit-codes.js';
import type { Failure } from '../errors/to-exit.js';
import { formatDuration } from './progress-bar.js';
import { ROW_STATUSES, type RowStatus } from './row-result.js';
import type { SendControl } from './send-control.js';

export type RowCounts = Record<RowStatus, number>;

export const noRows = (): RowCounts => ({ added: 0, skipped: 0, failed: 0, invalid: 0, not_sent: 0 });

/** Failures without an answer that are about the address, not the row: the ConnectionError's `failure`. */
const UNREACHABLE = new Set(['connection_refused', 'host_not_found', 'tls', 'blocked_port']);

/**
 * The failures that every other row would meet as well: a refused or missing
 * key (401, 403), no such endpoint (404: a wrong base URL), configuration,
 * nothing listening, no such host or a failed TLS handshake. Sending the rest
 * would only fail them all.
 */
export function stopsImport(failure: Failure): boolean {
  if (failure.exitCode === EXIT.retryable) return failure.status === undefined && UNREACHABLE.has(failure.code);
  return failure.exitCode === EXIT.configuration || failure.exitCode === EXIT.authentication || failure.exitCode === EXIT.notFound || failure.status === 403;
}

/** The exit codes a run's rows can end with, most serious first. */
const PRECEDENCE: readonly ExitCode[] = [EXIT.configuration, EXIT.authentication, EXIT.notFound, EXIT.unexpected, EXIT.usage, EXIT.rejected, EXIT.retryable];

/**
 * The exit code of an import: 0 when every row was added (or skipped as added
 * before); 130 when interrupted; otherwise the most serious of the rows'
 * codes: a failed row's own (as `toFailure` maps its error), 6 for an invalid row.
 * So 7 means only retryable failures: run it again with --resume.
 */
export function importExitCode(interrupted: boolean, rowCodes: ReadonlySet<ExitCode>): ExitCode {
  if (interrupted) return EXIT.interrupted;
  return PRECEDENCE.find((code) => rowCodes.has(code)) ?? EXIT.ok;
}

/** `1 row`, `1,557 rows`: every count the import prints is grouped so, in the summary and the messages beside it. */
export const countOf = (count: number, noun: string): string => `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;

/** `10 rows in 1.2 s: added 7, skipped 0, failed 2, invalid 1, not sent 0`. */
export function summaryText(counts: RowCounts, seconds: number): string {
  const rows = ROW_STATUSES.reduce((total, status) => total + counts[status], 0);
  const time = seconds < 10 ? `${seconds.toFixed(1)} s` : formatDuration(seconds);
  const each = ROW_STATUSES.map((status) => `${status.replace('_', ' ')} ${counts[status].toLocaleString('en-US')}`).join(', ');
  return `${countOf(rows, 'row')} in ${time}: ${each}`;
}

/** The error line of a run that did not add every row: why, and what to do next. */
export function incompleteError(exitCode: ExitCode, control: SendControl, counts: RowCounts, next: string): CliError {
  const rows = (count: number) => countOf(count, 'row');
  if (control.interrupted) return new CliError(`interrupted: ${rows(counts.not_sent)} not sent; ${next}`, exitCode, 'interrupted');
  if (control.stoppedBy) {
    const { message, code, requestId } = control.stoppedBy;
    return new CliError(`stopped at the first failure that every row would meet: ${message}; ${rows(counts.not_sent)} not sent; once fixed, ${next}`, exitCode, code, requestId);
  }
  if (counts.failed === 0) return new CliError(`${rows(counts.invalid)} invalid, not sent (see the report)`, exitCode, 'import_incomplete');
  return new CliError(`${rows(counts.failed)} failed${counts.invalid > 0 ? `, ${counts.invalid.toLocaleString('en-US')} invalid` : ''} (see the report); ${next}`, exitCode, 'import_incomplete');
}
