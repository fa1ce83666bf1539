import type { Hooks } from 'ky';
import type { Deprecation } from './deprecation.js';
import type { ClientOptions, Logger } from './options.js';

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_TOTAL_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_RETRIES = 2;
const DEFAULT_MAX_RETRY_AFTER_MS = 60_000;
const DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

/** What the client itself gives the HTTP layer (PetstoreClient). */
export interface HttpSettings {
  /** Ends in `/`. */
  baseUrl: string;
  apiKey: NonNullable<ClientOptions['apiKey']>;
  logger: Logger;
  /** JSON.parse, or the stricter parse of the validation mode. */
  parseJson: (text: string) => unknown;
  /** The data of a success that has no body: `undefined`; throws ResponseValidationError where a body came (unless validation is `off`). */
  parseNone: (rawBody: string, status: number, label: string) => undefined;
  /** Called with each response's parsed deprecation headers. */
  onDeprecation: (operationId: string, deprecation: Deprecation) => void;
}

/** The client's options with their defaults, and what the client gives: what every step of a call reads. */
export interface ClientSettings extends HttpSettings {
  /** The base URL's origin: the only one answers may come from. */
  origin: string;
  timeout: number;
  totalTimeout: number;
  maxRetries: number;
  maxRetryAfter: number;
  maxResponseBytes: number;
  /** The caller's fetch, if any (else the global one, read per attempt). */
  fetch: ClientOptions['fetch'];
  /** The caller's hooks, if any: with them, ky's beforeError hooks map failures (ky-instance.ts). */
  hooks: Hooks | undefined;
  /** The logger's debug, if it has one. */
  debug: Logger['debug'];
}

export function clientSettings(options: ClientOptions, http: HttpSettings): ClientSettings {
  return {
    ...http,
    origin: new URL(http.baseUrl).origin,
    timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
    totalTimeout: options.totalTimeout ?? DEFAULT_TOTAL_TIMEOUT_MS,
    maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
    maxRetryAfter: options.maxRetryAfter ?? DEFAULT_MAX_RETRY_AFTER_MS,
    maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    fetch: options.fetch,
    hooks: options.hooks,
    debug: http.logger.debug?.bind(http.logger),
  };
}
