import type { WithResponse } from './api-promise.js';
import { parseDeprecation, type Deprecation } from './deprecation.js';
import { ResponseValidationError } from './errors/validation-errors.js';
import { ConnectionError, TimeoutError } from './errors/transport-errors.js';
import { toApiError } from './errors/to-api-error.js';
import { fetchTransport } from './fetch-transport.js';
import type { HttpResponse } from './http.js';
import type { ClientOptions, Logger, RequestOptions } from './options.js';
import { isRetryableStatus, retryDelay } from './retry-policy.js';

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_TOTAL_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_RETRIES = 2;
const DEFAULT_MAX_RETRY_AFTER_MS = 60_000;

/** One API call, as the resources describe it. */
export interface Call<T> {
  operationId: string;
  method: 'GET' | 'POST';
  /** Relative to the base address, e.g. `pets/7`. */
  path: string;
  searchParams?: Record<string, string | number> | undefined;
  json?: unknown;
  /** Checks and returns the parsed body; throws ResponseValidationError. `label` is `METHOD URL`. */
  parse: (body: unknown, rawBody: string, label: string) => T;
  options?: RequestOptions | undefined;
}

export interface PipelineSettings {
  /** Ends in `/`. */
  baseUrl: string;
  apiKey: NonNullable<ClientOptions['apiKey']>;
  logger: Logger;
  /** Called with each response's parsed deprecation headers. */
  onDeprecation: (operationId: string, deprecation: Deprecation) => void;
}

/**
 * The request pipeline: headers and authentication, a timeout per attempt and
 * one across all of them, retries of reads (network errors, timeouts, 408,
 * 429, 5xx; exponential backoff with jitter, honouring `Retry-After`), the
 * mapping of every failure to an error class, and the debug log. Creates are
 * never retried: the API has no idempotency key, so a retried create could
 * store the animal twice. The caller's abort passes through unchanged.
 */
export function createRequestPipeline(options: ClientOptions, settings: PipelineSettings) {
  const { logger, baseUrl, apiKey } = settings;
  const transport = options.transport ?? fetchTransport(options.fetch);
  const clientHeaders = lowerCaseNames(options.headers);
  const clientTimeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
  const totalTimeout = options.totalTimeout ?? DEFAULT_TOTAL_TIMEOUT_MS;
  const clientRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  const maxRetryAfter = options.maxRetryAfter ?? DEFAULT_MAX_RETRY_AFTER_MS;

  async function send<T>(call: Call<T>): Promise<WithResponse<T>> {
    const signal = call.options?.signal;
    signal?.throwIfAborted();
    const deadline = Date.now() + totalTimeout;
    const label = `${call.method} ${baseUrl}${call.path}`;
    const query = call.searchParams ? new URLSearchParams(call.searchParams as Record<string, string>).toString() : '';
    const url = query ? `${baseUrl}${call.path}?${query}` : `${baseUrl}${call.path}`;
    // Once per call: a retry reuses the key its call was given.
    const key = typeof apiKey === 'function' ? await apiKey() : apiKey;
    const headers: Record<string, string> = { accept: 'application/json', ...clientHeaders, ...lowerCaseNames(call.options?.headers) };
    let body: string | undefined;
    if (call.json !== undefined) {
      body = JSON.stringify(call.json);
      headers['content-type'] = 'application/json';
    }
    // Last, so that no default or per-call header can replace it.
    headers.authorization = `Bearer ${key}`;
    const retries = call.method === 'GET' ? (call.options?.maxRetries ?? clientRetries) : 0;
    const attemptTimeout = call.options?.timeout ?? clientTimeout;

    for (let attempt = 0; ; attempt++) {
      const timeout = Math.min(attemptTimeout, deadline - Date.now());
      const outcome = await attemptOnce(url, call.method, headers, body, timeout, signal);
      let error: Error;
      let answer: HttpResponse | undefined;
      if ('answer' in outcome) {
        answer = outcome.answer;
        if (answer.status >= 200 && answer.status < 300) return settle(call, answer, label);
        error = toApiError(answer, label);
        if (attempt >= retries || !isRetryableStatus(answer.status)) throw error;
      } else {
        error = outcome.timedOut
          ? new TimeoutError(`${label}: timed out after ${timeout} ms${timeout < attemptTimeout ? ` (totalTimeout ${totalTimeout} ms reached)` : ''}`, {
              cause: outcome.cause,
            })
          : new ConnectionError(`${label}: no response`, { cause: outcome.cause });
        if (attempt >= retries) throw error;
      }
      const wait = retryDelay(attempt + 1, answer, maxRetryAfter);
      // No time left for the wait and another attempt: report what happened rather than a timeout.
      if (Date.now() + wait >= deadline) throw error;
      logger.debug?.(`retrying ${call.method} ${url} (retry ${attempt + 1}) after ${error.name}`, { retryCount: attempt + 1 });
      await sleep(wait, signal);
    }
  }

  /** One attempt under its own timeout; the caller's abort rejects with its reason. */
  async function attemptOnce(
    url: string,
    method: Call<unknown>['method'],
    headers: Record<string, string>,
    body: string | undefined,
    timeout: number,
    signal: AbortSignal | undefined,
  ): Promise<{ answer: HttpResponse } | { cause: unknown; timedOut: boolean }> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeout);
    const forwardAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', forwardAbort);
    const started = logger.debug ? Date.now() : 0;
    try {
      const answer = await transport({ method, url, headers, body, signal: controller.signal });
      logger.debug?.(`${method} ${url} → ${answer.status} in ${Date.now() - started} ms`, {
        requestId: answer.headers.get('x-request-id') ?? undefined,
      });
      return { answer };
    } catch (cause) {
      if (signal?.aborted) throw signal.reason;
      return { cause, timedOut };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forwardAbort);
    }
  }

  function settle<T>(call: Call<T>, answer: HttpResponse, label: string): WithResponse<T> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.body) as unknown;
    } catch {
      throw new ResponseValidationError(`${label}: the response body is not JSON`, [], answer.body);
    }
    const deprecation = parseDeprecation(answer.headers);
    if (deprecation) settings.onDeprecation(call.operationId, deprecation);
    return {
      data: call.parse(parsed, answer.body, label),
      // A Response only when someone asks: transports without one build it then.
      get response() {
        return answer.toResponse();
      },
      requestId: answer.headers.get('x-request-id') ?? undefined,
      deprecation,
    };
  }

  return { send };
}

function lowerCaseNames(headers: Record<string, string> | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  if (headers) for (const name of Object.keys(headers)) result[name.toLowerCase()] = headers[name] as string;
  return result;
}

/** Waits `ms`, or rejects with the abort reason as soon as `signal` aborts. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
