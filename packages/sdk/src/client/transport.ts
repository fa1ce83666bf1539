import ky, { isHTTPError, isNetworkError, isTimeoutError, type KyInstance } from 'ky';
import { ConnectionError, TimeoutError } from './errors/transport-errors.js';
import { toApiError } from './errors/to-api-error.js';
import { ResponseValidationError } from './errors/validation-errors.js';
import type { WithResponse } from './api-promise.js';
import { parseDeprecation } from './deprecation.js';
import type { ClientOptions, Logger, RequestOptions } from './options.js';

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_TOTAL_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_RETRIES = 2;
const DEFAULT_MAX_RETRY_AFTER_MS = 60_000;

/** One API call, as the resources describe it. */
export interface Call<T> {
  operationId: string;
  method: 'get' | 'post';
  /** Relative to the base address, e.g. `pets/7`. */
  path: string;
  searchParams?: Record<string, string | number> | undefined;
  json?: unknown;
  /** Checks and returns the parsed body; throws ResponseValidationError. `label` is `METHOD URL`. */
  parse: (body: unknown, rawBody: string, label: string) => T;
  options?: RequestOptions | undefined;
}

export interface TransportSettings {
  baseUrl: string;
  apiKey: NonNullable<ClientOptions['apiKey']>;
  logger: Logger;
  /** Called with each response's parsed deprecation headers. */
  onDeprecation: (operationId: string, deprecation: NonNullable<ReturnType<typeof parseDeprecation>>) => void;
}

/**
 * The HTTP layer: ky with the SDK's retry policy, authentication, logging and
 * error mapping. Reads are retried on network errors, timeouts, 408, 429 and
 * 5xx with exponential backoff and jitter, honouring `Retry-After`; creates are
 * never retried, because the API has no idempotency key and a retried create
 * could store the animal twice.
 */
export function createTransport(options: ClientOptions, settings: TransportSettings) {
  const { logger } = settings;
  // When each attempt went out, for the debug line of its answer.
  const started = new WeakMap<object, number>();
  const api: KyInstance = ky
    .create({
      baseUrl: settings.baseUrl,
      timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
      totalTimeout: options.totalTimeout ?? DEFAULT_TOTAL_TIMEOUT_MS,
      headers: options.headers ?? {},
      // ky keeps error bodies as text this way; toApiError parses them without ever throwing.
      parseJson: (text) => text,
      retry: {
        limit: options.maxRetries ?? DEFAULT_MAX_RETRIES,
        methods: ['get'],
        statusCodes: [408, 429, 500, 502, 503, 504],
        afterStatusCodes: [429, 503],
        maxRetryAfter: options.maxRetryAfter ?? DEFAULT_MAX_RETRY_AFTER_MS,
        backoffLimit: 8_000,
        jitter: true,
        retryOnTimeout: true,
      },
      ...(options.fetch ? { fetch: options.fetch } : {}),
      hooks: {
        beforeRequest: [
          async ({ request, options }) => {
            const key = typeof settings.apiKey === 'function' ? await settings.apiKey() : settings.apiKey;
            request.headers.set('authorization', `Bearer ${key}`);
            started.set(options, Date.now());
          },
        ],
        // Every attempt's answer, errors and retried ones included; never a header.
        // Only with a debug logger: ky hands each such hook a copy of the response.
        afterResponse: logger.debug
          ? [
              ({ request, options, response }) =>
                logger.debug?.(`${request.method} ${request.url} → ${response.status} in ${Date.now() - (started.get(options) ?? Date.now())} ms`, {
                  requestId: response.headers.get('x-request-id') ?? undefined,
                }),
            ]
          : [],
        beforeRetry: [
          ({ request, error, retryCount }) =>
            logger.debug?.(`retrying ${request.method} ${request.url} (retry ${retryCount}) after ${error.name}`, { retryCount }),
        ],
      },
    })
    // ky appends hooks given to extend() after the ones above.
    .extend({ hooks: options.hooks ?? {} });

  async function send<T>(call: Call<T>): Promise<WithResponse<T>> {
    const label = `${call.method.toUpperCase()} ${settings.baseUrl}${call.path}`;
    let response: Response;
    try {
      response = await api(call.path, {
        method: call.method,
        searchParams: call.searchParams ?? {},
        headers: call.options?.headers ?? {},
        ...(call.json === undefined ? {} : { json: call.json }),
        ...(call.options?.signal ? { signal: call.options.signal } : {}),
        ...(call.options?.timeout === undefined ? {} : { timeout: call.options.timeout }),
        ...(call.options?.maxRetries === undefined ? {} : { retry: { limit: call.options.maxRetries } }),
      });
    } catch (error) {
      throw translate(error, label);
    }
    const requestId = response.headers.get('x-request-id') ?? undefined;
    const rawBody = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(rawBody) as unknown;
    } catch {
      throw new ResponseValidationError(`${label}: the response body is not JSON`, [], rawBody);
    }
    const deprecation = parseDeprecation(response.headers);
    if (deprecation) settings.onDeprecation(call.operationId, deprecation);
    return { data: call.parse(body, rawBody, label), response, requestId, deprecation };
  }

  return { send };
}

/** ky's failures as the SDK's: the caller's own abort, and anything unknown, pass through unchanged. */
function translate(error: unknown, label: string): unknown {
  if (isHTTPError(error)) {
    const data = (error as { data?: unknown }).data;
    return toApiError(error.response, typeof data === 'string' ? data : '', label);
  }
  if (isTimeoutError(error)) return new TimeoutError(`${label}: timed out`, { cause: error });
  if (isNetworkError(error)) return new ConnectionError(`${label}: no response`, { cause: error.cause });
  return error;
}
