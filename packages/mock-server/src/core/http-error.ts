import { ERROR_CODES, type ErrorCode } from '@petstore/sdk/contract';

/**
 * A failure that has a place in the API: it knows its Error body `code`, its
 * status and any headers it needs. Anything else thrown inside the core becomes
 * a 500 `internal_error`.
 */
export class HttpError extends Error {
  override name = 'HttpError' as const;
  readonly code: ErrorCode;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;

  constructor(code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.code = code;
    this.status = ERROR_CODES[code];
    this.headers = headers;
  }
}
