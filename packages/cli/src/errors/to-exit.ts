import {
  ConfigurationError,
  isApiError,
  isAuthenticationError,
  isBadRequestError,
  isConnectionError,
  isNotFoundError,
  isRateLimitError,
  isRequestValidationError,
  isResponseTooLargeError,
  isResponseValidationError,
  isServerError,
  isTimeoutError,
} from '@petstore/sdk';
import { CliError } from './cli-error.js';
import { EXIT, type ExitCode } from './exit-codes.js';
import { explainNoAnswer, isProxyError, type CallSettings } from './explain-no-answer.js';

/** What run() reports for a failure. */
export interface Failure {
  exitCode: ExitCode;
  code: string;
  message: string;
  status?: number;
  requestId?: string;
}

/** The exit code and the --json code of each kind of SDK error, told apart by the SDK's own guards. */
const SDK_EXIT: readonly [guard: (error: unknown) => boolean, exitCode: ExitCode, code: string][] = [
  [(error) => error instanceof ConfigurationError, EXIT.configuration, 'configuration'],
  [isAuthenticationError, EXIT.authentication, 'unauthorized'],
  [isNotFoundError, EXIT.notFound, 'not_found'],
  [isBadRequestError, EXIT.rejected, 'bad_request'],
  [isRateLimitError, EXIT.retryable, 'rate_limited'],
  [isServerError, EXIT.retryable, 'server_error'],
  [isConnectionError, EXIT.retryable, 'connection_failed'],
  [isTimeoutError, EXIT.retryable, 'timeout'],
  [isRequestValidationError, EXIT.usage, 'invalid_input'],
  [isResponseValidationError, EXIT.unexpected, 'invalid_response'],
  [isResponseTooLargeError, EXIT.unexpected, 'response_too_large'],
];

/**
 * The one place a thrown value becomes an exit code and a message. `call` is
 * the address and timeout of the client the command built, if it built one.
 */
export function toFailure(error: unknown, call?: CallSettings): Failure {
  if (error instanceof CliError) return { exitCode: error.exitCode, code: error.code, message: error.message, ...(error.requestId !== undefined && { requestId: error.requestId }) };
  const sdk = SDK_EXIT.find(([guard]) => guard(error));
  if (sdk && error instanceof Error) {
    const [, exitCode, code] = sdk;
    const apiCode = (error as Error & { code?: unknown }).code;
    const noAnswer = isConnectionError(error) || isTimeoutError(error);
    const message = noAnswer ? explainNoAnswer(error, call) : error.message;
    const failureCode = isProxyError(error) ? 'proxy_failed' : isConnectionError(error) ? error.failure : code;
    return withApiDetails(error, { exitCode, code: typeof apiCode === 'string' ? apiCode : failureCode, message });
  }
  // Any other status (403, 409, 408…): retryable when a later attempt may succeed.
  if (isApiError(error)) {
    const retryable = error.status === 408 || error.status === 429 || error.status >= 500;
    return withApiDetails(error, { exitCode: retryable ? EXIT.retryable : EXIT.rejected, code: error.code, message: error.message });
  }
  return { exitCode: EXIT.unexpected, code: 'unexpected', message: error instanceof Error ? error.message : String(error) };
}

function withApiDetails(error: Error, failure: Failure): Failure {
  const { status, requestId } = error as Error & { status?: unknown; requestId?: unknown };
  return {
    ...failure,
    ...(typeof status === 'number' ? { status } : {}),
    ...(typeof requestId === 'string' ? { requestId } : {}),
  };
}
