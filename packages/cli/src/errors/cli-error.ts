import { EXIT, type ExitCode } from './exit-codes.js';

/** An expected failure: printed as one line on stderr (JSON with --json), no stack trace. */
export class CliError extends Error {
  override name = 'CliError';
  readonly exitCode: ExitCode;
  /** A machine-readable code for --json error output. */
  readonly code: string;
  /** The id of the request the failure came from, when one was sent. */
  readonly requestId: string | undefined;

  constructor(message: string, exitCode: ExitCode, code: string, requestId?: string) {
    super(message);
    this.exitCode = exitCode;
    this.code = code;
    this.requestId = requestId;
  }
}

/** A bad command, flag or value: exit 2. */
export const usageError = (message: string): CliError => new CliError(message, EXIT.usage, 'usage');

/** Missing or broken configuration: exit 3. */
export const configError = (message: string): CliError => new CliError(message, EXIT.configuration, 'configuration');
