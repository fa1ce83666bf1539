import { readEnvironment } from '#runtime';
import { defaultLogger } from './default-logger.js';
import type { Deprecation } from './deprecation.js';
import { warnDeprecation, type Warning } from './deprecation-warning.js';
import { checkOptions } from './check-option.js';
import { ConfigurationError } from './errors/configuration-error.js';
import { createHttpClient } from './http-client.js';
import type { ClientOptions } from './options.js';
import { PetsResource } from './pets-resource.js';
import { createResponseParsers } from './response-validation.js';

/**
 * A client of the Animal Store API, on one ky instance.
 *
 * ```ts
 * const client = new PetstoreClient({ baseUrl: 'http://127.0.0.1:4010/v1', apiKey: process.env.PETSTORE_API_KEY });
 * const pets = await client.pets.list({ status: 'available', limit: 10 });
 * ```
 */
export class PetstoreClient {
  /** The animals in the catalogue: `list`, `create`, and the deprecated `get`. */
  readonly pets: PetsResource;

  /** @throws {ConfigurationError} no base URL or API key, from the options or the environment, a base URL not ending in `/v1`, or an option out of range. */
  constructor(options: ClientOptions = {}) {
    const baseUrl = options.baseUrl ?? readEnvironment('PETSTORE_BASE_URL');
    const apiKey = options.apiKey ?? readEnvironment('PETSTORE_API_KEY');
    if (!baseUrl) {
      throw new ConfigurationError(
        'No base URL: pass the baseUrl option or set PETSTORE_BASE_URL (the local mock: http://127.0.0.1:4010/v1).',
      );
    }
    // Every path the client sends follows the version segment: without it every call would be a 404.
    if (!URL.canParse(baseUrl) || !/^https?:\/\/[^/]+(\/.*)?\/v1\/?$/.test(new URL(baseUrl).href)) {
      throw new ConfigurationError(`baseUrl must be an http(s) URL ending in /v1, got "${baseUrl}"`);
    }
    if (!apiKey) throw new ConfigurationError('No API key: pass the apiKey option or set PETSTORE_API_KEY.');
    checkOptions(options);

    const logger = options.logger ?? defaultLogger;
    const deprecated = (operationId: string, warning: Warning) => {
      if (options.deprecationWarnings !== false) warnDeprecation(operationId, warning, options.logger);
    };

    const { parseJson, parseNone, ...parsers } = createResponseParsers(options.validateResponses ?? 'tolerant', logger);
    const { send } = createHttpClient(options, {
      parseJson,
      parseNone,
      // Paths are resolved against it: it must end in a slash.
      baseUrl: baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`,
      apiKey,
      logger,
      onDeprecation: (operationId: string, deprecation: Deprecation) =>
        deprecated(operationId, () => [
          `${operationId} is deprecated by the service${deprecation.sunset ? `, removal ${deprecation.sunset.toUTCString()}` : ''}${deprecation.link ? ` (see ${deprecation.link})` : ''}.`,
          { operationId, ...deprecation },
        ]),
    });

    this.pets = new PetsResource({ send, ...parsers, deprecated });
  }
}
