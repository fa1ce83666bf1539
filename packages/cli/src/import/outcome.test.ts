import { describe, expect, it } from 'vitest';
import { importExitCode, noRows, stopsImport, summaryText } from './outcome.js';

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
