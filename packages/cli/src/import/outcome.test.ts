import { describe, expect, it } from 'vitest';
import { EXIT } from '../errors/exit-codes.js';
import { importExitCode, incompleteError, noRows, stopsImport, summaryText } from './outcome.js';

describe('importExitCode', () => {
  it('is 0 when every row was added or skipped, 130 when interrupted', () => {
    expect(importExitCode(false, new Set())).toBe(0);
    expect(importExitCode(true, new Set([6, 7]))).toBe(130);
  });

  it('is the most serious of the rows: configuration, authentication, not found, unexpected, rejected, retryable', () => {
    expect(importExitCode(false, new Set([7]))).toBe(7);
    expect(importExitCode(false, new Set([7, 6]))).toBe(6);
    expect(importExitCode(false, new Set([6, 1, 7]))).toBe(1);
    expect(importExitCode(false, new Set([6, 4]))).toBe(4);
    expect(importExitCode(false, new Set([4, 3]))).toBe(3);
  });
});

describe('stopsImport', () => {
  it('stops on configuration, 401, 403 and 404, not on rejected or retryable rows', () => {
    expect(stopsImport({ exitCode: 3, code: 'configuration', message: '' })).toBe(true);
    expect(stopsImport({ exitCode: 4, code: 'unauthorized', message: '', status: 401 })).toBe(true);
    expect(stopsImport({ exitCode: 6, code: 'forbidden', message: '', status: 403 })).toBe(true);
    expect(stopsImport({ exitCode: 5, code: 'route_not_found', message: '', status: 404 })).toBe(true);
    expect(stopsImport({ exitCode: 6, code: 'invalid_request', message: '', status: 400 })).toBe(false);
    expect(stopsImport({ exitCode: 7, code: 'server_error', message: '', status: 503 })).toBe(false);
  });

  it('stops when nothing listens, the host is not found or TLS fails; not on a reset, a timeout, or an answer that says so', () => {
    for (const code of ['connection_refused', 'host_not_found', 'tls']) expect(stopsImport({ exitCode: 7, code, message: '' })).toBe(true);
    for (const code of ['connection_reset', 'network', 'timeout']) expect(stopsImport({ exitCode: 7, code, message: '' })).toBe(false);
    expect(stopsImport({ exitCode: 7, code: 'connection_refused', message: '', status: 503 })).toBe(false);
  });
});

describe('summaryText', () => {
  it('counts every status', () => {
    expect(summaryText({ ...noRows(), added: 9990, failed: 3, invalid: 2, not_sent: 5 }, 12.34)).toBe('10,000 rows in 13 s: added 9,990, skipped 0, failed 3, invalid 2, not sent 5');
    expect(summaryText({ ...noRows(), added: 1 }, 0.25)).toBe('1 row in 0.3 s: added 1, skipped 0, failed 0, invalid 0, not sent 0');
  });
});

describe('incompleteError', () => {
  it('groups its counts as the summary printed on the line above does: 1,557 rows not sent beside not sent 1,557', () => {
    const counts = { ...noRows(), added: 12, failed: 1234, invalid: 5678, not_sent: 1557 };
    expect(summaryText(counts, 1)).toBe('8,481 rows in 1.0 s: added 12, skipped 0, failed 1,234, invalid 5,678, not sent 1,557');
    expect(incompleteError(EXIT.interrupted, { interrupted: true }, counts, 'then --resume').message).toBe('interrupted: 1,557 rows not sent; then --resume');
    const stoppedBy = { exitCode: EXIT.retryable, code: 'connection_refused', message: 'nothing is listening' };
    expect(incompleteError(EXIT.retryable, { interrupted: false, stoppedBy }, counts, 'then --resume').message).toBe(
      'stopped at the first failure that every row would meet: nothing is listening; 1,557 rows not sent; once fixed, then --resume',
    );
    expect(incompleteError(EXIT.rejected, { interrupted: false }, counts, 'then --resume').message).toBe('1,234 rows failed, 5,678 invalid (see the report); then --resume');
    expect(incompleteError(EXIT.rejected, { interrupted: false }, { ...noRows(), invalid: 1557 }, '').message).toBe('1,557 rows invalid, not sent (see the report)');
  });
});
