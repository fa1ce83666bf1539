import { PetstoreError } from './petstore-error.js';

/** Why no answer came, where the runtime says (browsers do not). */
export type ConnectionFailure = 'connection_refused' | 'host_not_found' | 'tls' | 'connection_reset' | 'blocked_port' | 'network';

/**
 * The request never got an HTTP answer: refused, reset, host not found, TLS.
 * `failure` names which; `cause` holds the runtime's own error.
 */
export class ConnectionError extends PetstoreError {
  override name = 'ConnectionError';
  readonly failure: ConnectionFailure;

  constructor(message: string, failure: ConnectionFailure, options?: ErrorOptions) {
    super(message, options);
    this.failure = failure;
  }
}

/** An attempt took longer than `timeout`, or the call longer than `totalTimeout`. */
export class TimeoutError extends PetstoreError {
  override name = 'TimeoutError';
}
