import { PetstoreError } from './petstore-error.js';

/** The request never got an HTTP answer: DNS, refused or dropped connection. `cause` holds the original. */
export class ConnectionError extends PetstoreError {
  override name = 'ConnectionError';
}

/** An attempt took longer than `timeout`, or all attempts longer than `totalTimeout`. */
export class TimeoutError extends PetstoreError {
  override name = 'TimeoutError';
}
