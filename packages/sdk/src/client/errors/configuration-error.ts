import { PetstoreError } from './petstore-error.js';

/** A client option is missing or invalid; thrown by the constructor, before any request. */
export class ConfigurationError extends PetstoreError {
  override name = 'ConfigurationError';
}
