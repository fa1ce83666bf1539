import { MAX_BODY_BYTES } from './exchange.js';
import { HttpError } from './http-error.js';

/** Thrown by a transport's `readBody` once the body passes `MAX_BODY_BYTES`. */
export class BodyTooLargeError extends HttpError {
  constructor() {
    super('payload_too_large', `Request body exceeds ${MAX_BODY_BYTES} bytes (1 MiB)`);
  }
}
