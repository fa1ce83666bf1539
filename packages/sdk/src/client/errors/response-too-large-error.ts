import { PetstoreError } from './petstore-error.js';

/**
 * The response body went past `maxResponseBytes`: reading stopped there and the
 * connection was closed, so a server that sends an endless body cannot fill
 * the memory. Never retried.
 */
export class ResponseTooLargeError extends PetstoreError {
  override name = 'ResponseTooLargeError';
  /** The limit that was passed, in bytes. */
  readonly maxResponseBytes: number;

  constructor(message: string, maxResponseBytes: number) {
    super(message);
    this.maxResponseBytes = maxResponseBytes;
  }
}
