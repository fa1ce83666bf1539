import { ConfigurationError } from './errors/configuration-error.js';
import type { ClientOptions } from './options.js';

/** What an HTTP header value may hold: printable ASCII (a line break would split the header). */
const HEADER_SAFE = /^[\x21-\x7e]+$/;

/** The key, if an HTTP header can carry it; the key itself is never part of a message. */
export function checkKey(key: unknown): string {
  if (typeof key !== 'string' || !HEADER_SAFE.test(key)) {
    throw new ConfigurationError('The API key is empty or cannot be sent in a header.');
  }
  return key;
}

/** The key of one call: a fixed key (checked when the client was made), or what the key function gives, checked. */
export const keyOf = async (apiKey: NonNullable<ClientOptions['apiKey']>): Promise<string> =>
  typeof apiKey === 'function' ? checkKey(await apiKey()) : apiKey;
