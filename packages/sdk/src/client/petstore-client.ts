import * as z from 'zod/mini';
import { formatIssues, PET_STATUSES, type Pet } from '../contract/index.js';
import { defaultLogger } from './default-logger.js';
import type { Deprecation } from './deprecation.js';
import { readEnvironment, runtimeProcess } from './environment.js';
import { ConfigurationError } from './errors/configuration-error.js';
import { ResponseValidationError, type ValidationIssues } from './errors/validation-errors.js';
import type { ClientOptions } from './options.js';
import { PetsResource } from './pets-resource.js';
import { isTolerantPets } from './generated/is-tolerant-pets.js';
import { createRequestPipeline } from './request-pipeline.js';
import { StrictPet, StrictPets, TolerantPet, TolerantPets } from './response-schemas.js';

/**
 * A client of the Animal Store API.
 *
 * ```ts
 * const client = new PetstoreClient({ baseUrl: 'http://127.0.0.1:4010/v1', apiKey: process.env.PETSTORE_API_KEY });
 * const pets = await client.pets.list({ status: 'available', limit: 10 });
 * ```
 */
export class PetstoreClient {
  /** The animals in the catalogue: `list`, `create`, and the deprecated `get`. */
  readonly pets: PetsResource;

  /** @throws {ConfigurationError} no base URL or API key, from the options or the environment. */
  constructor(options: ClientOptions = {}) {
    const baseUrl = options.baseUrl ?? readEnvironment('PETSTORE_BASE_URL');
    const apiKey = options.apiKey ?? readEnvironment('PETSTORE_API_KEY');
    if (!baseUrl) {
      throw new ConfigurationError(
        'No base URL: pass the baseUrl option or set PETSTORE_BASE_URL (the local mock: http://127.0.0.1:4010/v1).',
      );
    }
    if (!URL.canParse(baseUrl)) throw new ConfigurationError(`baseUrl is not an absolute URL: "${baseUrl}"`);
    if (!apiKey) throw new ConfigurationError('No API key: pass the apiKey option or set PETSTORE_API_KEY.');

    const logger = options.logger ?? defaultLogger;
    const mode = options.validateResponses ?? 'tolerant';
    const warned = new Set<string>();
    const warnOnce = (key: string, message: string, details?: Record<string, unknown>) => {
      if (warned.has(key)) return;
      warned.add(key);
      logger.warn(message, details);
    };

    const pipeline = createRequestPipeline(options, {
      // Paths are appended to it: it must end in a slash.
      baseUrl: baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`,
      apiKey,
      logger,
      onDeprecation: (operationId: string, deprecation: Deprecation) => {
        if (options.deprecationWarnings === false) return;
        warnOnce(
          `deprecated:${operationId}`,
          `${operationId} is deprecated by the service${deprecation.sunset ? `, removal ${deprecation.sunset.toUTCString()}` : ''}${deprecation.link ? ` (see ${deprecation.link})` : ''}.`,
          { operationId, ...deprecation },
        );
      },
    });

    const breaks = (label: string, issues: ValidationIssues, rawBody: string) =>
      new ResponseValidationError(`${label}: the response breaks the contract: ${formatIssues('body', issues)}`, issues, rawBody);
    const warnUnknownStatus = (status: string) => {
      if (!(PET_STATUSES as readonly string[]).includes(status)) {
        warnOnce(`status:${status}`, `The service returned the status "${status}", which this SDK version does not know; it is passed through.`);
      }
    };

    // Both return the body itself, not zod's copy: fields a later API version adds reach the caller.
    const parsePet = (body: unknown, rawBody: string, label: string): Pet => {
      if (mode === 'off') return body as Pet;
      const result = z.safeParse(mode === 'strict' ? StrictPet : TolerantPet, body);
      if (!result.success) throw breaks(label, result.error.issues, rawBody);
      warnUnknownStatus(result.data.status);
      return body as Pet;
    };
    const parsePets = (body: unknown, rawBody: string, label: string): Pet[] => {
      if (!Array.isArray(body)) throw new ResponseValidationError(`${label}: the response body is not a JSON array`, [], rawBody);
      if (mode === 'off') return body as Pet[];
      // The generated check first: it says the same as zod, much faster, and zod then says why.
      if (mode === 'strict' || !isTolerantPets(body)) {
        const result = z.safeParse(mode === 'strict' ? StrictPets : TolerantPets, body);
        if (!result.success) throw breaks(label, result.error.issues, rawBody);
      }
      for (const pet of body as Pet[]) warnUnknownStatus(pet.status);
      return body as Pet[];
    };

    this.pets = new PetsResource({
      send: pipeline.send,
      parsePet,
      parsePets,
      deprecated: (operationId, message) => {
        if (options.deprecationWarnings === false || warned.has(`deprecated:${operationId}`)) return;
        warned.add(`deprecated:${operationId}`);
        emitDeprecation(message, logger.warn.bind(logger));
      },
    });
  }
}

/** Node.js (and Bun, Deno): a real DeprecationWarning, which --no-deprecation silences. Elsewhere: the logger. */
function emitDeprecation(message: string, fallback: (message: string) => void): void {
  const process = runtimeProcess();
  if (typeof process?.emitWarning === 'function') process.emitWarning(message, { type: 'DeprecationWarning', code: 'PETSTORE_GET_PET' });
  else fallback(message);
}
