import { CommanderError } from 'commander';
import { CliError } from './cli-error.js';
import { EXIT, type ExitCode } from './exit-codes.js';
import { explainNoAnswer, type CallSettings } from './explain-no-answer.js';

/** What run() reports for a failure. */
export interface Failure {
  exitCode: ExitCode;
  code: string;
  message: string;
  status?: number;
  requestId?: string;
}

// SDK errors are recognised by name, as its own guards do: the CLI loads the
// SDK lazily, and a name check needs no import.
const SDK_EXIT: Record<string, [ExitCode, string]> = {
  ConfigurationError: [EXIT.configuration, 'configuration'],
  AuthenticationError: [EXIT.authentication, 'unauthorized'],
  NotFoundError: [EXIT.notFound, 'not_found'],
  BadRequestError: [EXIT.rejected, 'bad_request'],
  RateLimitError: [EXIT.retryable, 'rate_limited'],
  ServerError: [EXIT.retryable, 'server_error'],
  ConnectionError: [EXIT.retryable, 'connection_failed'],
  TimeoutError: [EXIT.retryable, 'timeout'],
  RequestValidationError: [EXIT.usage, 'invalid_input'],
  ResponseValidationError: [EXIT.unexpected, 'invalid_response'],
  ResponseTooLargeError: [EXIT.unexpected, 'response_too_large'],
};

/**
 * The one place a thrown value becomes an exit code and a message. `call` is
 * the address and timeout of the client the command built, if it built one.
 */
export function toFailure(error: unknown, call?: CallSettings): Failure {
  if (error instanceof CliError) return { exitCode: error.exitCode, code: error.code, message: error.message };
  if (error instanceof CommanderError) {
    // commander's own message starts with "error: "; run() adds its own prefix.
    return { exitCode: EXIT.usage, code: 'usage', message: error.message.replace(/^error: /, '') };
  }
  if (error instanceof Error && error.name === 'Interrupted') return { exitCode: EXIT.interrupted, code: 'interrupted', message: 'interrupted' };
  if (error instanceof Error && error.name === 'ApiError') {
    const status = (error as Error & { status: number }).status;
    const retryable = status === 408 || status === 429 || status >= 500;
    return withApiDetails(error, { exitCode: retryable ? EXIT.retryable : EXIT.rejected, code: (error as Error & { code: string }).code, message: error.message });
  }
  if (error instanceof Error && SDK_EXIT[error.name]) {
    const [exitCode, code] = SDK_EXIT[error.name] as [ExitCode, string];
    const apiCode = (error as Error & { code?: unknown }).code;
    const noAnswer = error.name === 'ConnectionError' || error.name === 'TimeoutError';
    const message = noAnswer ? explainNoAnswer(error, call) : error.message;
    const failureCode = error.name === 'ConnectionError' ? String((error as Error & { failure?: unknown }).failure ?? code) : code;
    return withApiDetails(error, { exitCode, code: typeof apiCode === 'string' ? apiCode : failureCode, message });
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
