import { ERROR_CODES, type ErrorCode } from '@petstore/sdk/contract';

/**
 * Codes of the mock server's own limits, which the service does not have: kept
 * out of the contract's `ERROR_CODES` as `host_not_allowed` is (docs/decisions.md,
 * "Sessions (#21)").
 */
export const MOCK_ERROR_CODES = {
  store_full: 409,
  too_many_sessions: 503,
  // nginx's status for a client that went away before the answer: only the journal and the log see it.
  client_closed_request: 499,
} as const satisfies Record<string, number>;
export type MockErrorCode = keyof typeof MOCK_ERROR_CODES;

const STATUS_OF: Record<ErrorCode | MockErrorCode, number> = { ...ERROR_CODES, ...MOCK_ERROR_CODES };

/**
 * A failure that has a place in the API: it knows its Error body `code`, its
 * status and any headers it needs. Anything else thrown inside the core becomes
 * a 500 `internal_error`.
 */
export class HttpError extends Error {
  override name = 'HttpError' as const;
  readonly code: ErrorCode | MockErrorCode;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;

  constructor(code: ErrorCode | MockErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.code = code;
    this.status = STATUS_OF[code];
    this.headers = headers;
  }
}
