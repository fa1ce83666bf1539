import ky, { isNetworkError, isTimeoutError, NetworkError, type BeforeRetryHook, type NormalizedOptions } from 'ky';
import { userAgentHeader } from '#runtime';
import type { WithResponse } from './api-promise.js';
import { parseDeprecation, type Deprecation } from './deprecation.js';
import type { ApiError } from './errors/api-error.js';
import { ConfigurationError } from './errors/configuration-error.js';
import { PetstoreError } from './errors/petstore-error.js';
import { refuseOtherOrigin, timeLeft, toPetstoreError, type CallContext } from './errors/to-petstore-error.js';
import { ResponseValidationError } from './errors/validation-errors.js';
import type { AnyCall } from './call.js';
import type { ClientOptions, Logger } from './options.js';
import { readBody } from './read-body.js';
import { newRequestId, traceIdOf } from './request-id.js';

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_TOTAL_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_RETRIES = 2;
const DEFAULT_MAX_RETRY_AFTER_MS = 60_000;
const DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;
/** Statuses worth another try of a read: the service may answer differently in a moment. */
const RETRY_STATUSES = [408, 429, 500, 502, 503, 504];
/** ky's backoff: 0.3 s, 0.6 s, 1.2 s, … up to this, with full jitter (planRetry). */
const BACKOFF_LIMIT_MS = 8_000;
/** What an HTTP header value may hold: printable ASCII (a line break would split the header). */
const HEADER_SAFE = /^[\x21-\x7e]+$/;

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

const contextOf = (options: NormalizedOptions): CallContext => options.context as unknown as CallContext;

/** The SDK's error for what a ky hook was given, in the call's context. */
const sdkError = ({ error, options }: { error: Error; options: NormalizedOptions }): Error => toPetstoreError(error, contextOf(options));

/**
 * The client's one ky instance, and `send`, which every method goes through.
 * ky makes the retries planRetry decides (reads only: network errors, attempt
 * timeouts, 408, 429, 5xx; backoff with jitter; `Retry-After` up to
 * `maxRetryAfter`), the timeouts and the hooks. Every failure becomes one of
 * the SDK's error classes: in its beforeError hook, ahead of the caller's, where
 * the caller gave hooks; else in send(). Each attempt is `attempt`, the fetch
 * ky calls: the body is read there, so that ky's timeout and retries cover it.
 * Writes (every method but GET) are never retried: the API has no idempotency
 * key, so a retried create could store the animal twice.
 */
export function createHttpClient(options: ClientOptions, settings: HttpSettings) {
  const { logger, baseUrl, apiKey } = settings;
  const origin = new URL(baseUrl).origin;
  const timeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
  const totalTimeout = options.totalTimeout ?? DEFAULT_TOTAL_TIMEOUT_MS;
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const maxRetryAfter = options.maxRetryAfter ?? DEFAULT_MAX_RETRY_AFTER_MS;
  const hooks = options.hooks ?? {};
  const debug = logger.debug?.bind(logger);

  // A fixed key is checked when the client is made; a key function's keys, per call.
  if (typeof apiKey === 'string') checkKey(apiKey);
  const api = ky.create({
    // `prefix`, not `baseUrl`, and the query joined in send(): the same URLs,
    // built as text, where ky would build two more Requests per call (see
    // docs/benchmarks.md, "Optimisations kept").
    prefix: baseUrl,
    headers: {
      accept: 'application/json',
      // None in browsers: they send their own; none either where `headers` has a User-Agent (in any case): the caller's replaces it.
      ...userAgentHeader(options.userAgent, options.headers),
      ...options.headers,
    },
    // Whether and when to retry is decided per call by planRetry (send), with
    // ky's defaults for the rest: GET among the methods retried (writes never are).
    // Error bodies reach toApiError as the text that came, whatever their
    // content type: it keeps the raw text and parses it once.
    parseJson: (text) => text,
    // The caller's hooks as they are (the debug lines are logAttempt's, not a
    // hook's: ky clones the response for each afterResponse hook); without
    // them, send() maps ky's errors itself.
    ...(options.hooks && {
      hooks: {
        ...hooks,
        // The caller's beforeRetry and beforeError hooks get the SDK's error, not ky's.
        beforeRetry: (hooks.beforeRetry ?? []).map((hook): BeforeRetryHook => (state) => hook({ ...state, error: sdkError(state) })),
        beforeError: [sdkError, ...(hooks.beforeError ?? [])],
      },
    }),
  });

  async function send<T>(call: AnyCall<T>): Promise<WithResponse<T>> {
    const { signal, timeout: callTimeout, maxRetries: callRetries, headers: callHeaders } = call.options ?? {};
    signal?.throwIfAborted();
    // Once per call: a retry reuses the key its call was given.
    const key = typeof apiKey === 'function' ? checkKey(await apiKey()) : apiKey;
    // The query joined here, not ky's searchParams (see `prefix` above).
    const query = new URLSearchParams(call.searchParams as Record<string, string> | undefined).toString();
    const path = query ? `${call.path}?${query}` : call.path;
    const label = `${call.method} ${baseUrl}${call.path}`;
    const started = Date.now();
    const context: CallContext = {
      label,
      method: call.method,
      url: baseUrl + path,
      origin,
      signal,
      started,
      timeout: callTimeout ?? timeout,
      totalTimeout,
      progress: { retries: 0, wait: 0, attemptStarted: started },
    };
    try {
      const response = await api(path, {
        // The key last, so that no per-call header can replace it.
        headers: { ...callHeaders, authorization: `Bearer ${key}` },
        // The caller's, if any: ky joins it with its own.
        signal: signal ?? null,
        timeout: context.timeout,
        // What is left of it after a key function's time.
        totalTimeout: timeLeft(context),
        // For the SDK's hooks (sdkError).
        ...(options.hooks && { context: context as unknown as Record<string, unknown> }),
        // Each attempt's fetch: ky times it, the body read within it, and retries it.
        // (ky hands its fetch the Request it built, never a URL.)
        fetch: (request, init) => attempt(request as Request, init, context),
        // Reads (ky's default method): as ky would, the network errors it recognises
        // and attempt timeouts (a body that stalled or broke off among them), and
        // the statuses planRetry names. Writes (with their body) are never sent
        // twice: no retry (the API has no idempotency key), and a redirect is an
        // ApiError naming the Location, not a second POST. With no retry ky also
        // keeps no copy of each request (a tee of its body; see
        // docs/benchmarks.md, "Optimisations kept").
        method: call.method,
        ...(call.effect === 'reads'
          ? {
              retry: {
                limit: callRetries ?? maxRetries,
                // ky retries only the methods listed: a read's, whichever it is.
                methods: [call.method.toLowerCase()],
                shouldRetry: ({ error }) => planRetry(toPetstoreError(error, context), context, isNetworkError(error) || isTimeoutError(error)),
                delay: () => context.progress.wait,
              },
            }
          : { json: call.json, retry: 0, redirect: 'manual' }),
      });
      const { answer } = context.progress;
      // A Response a caller's afterResponse hook returned in place of the answer is read here.
      const text = answer?.[0] === response ? answer[1] : await readBody(response, maxResponseBytes, label);
      const deprecation = parseDeprecation(response.headers);
      if (deprecation) settings.onDeprecation(call.operationId, deprecation);
      let data: T;
      if (!call.parse) data = settings.parseNone(text, response.status, label) as T;
      else {
        let parsed: unknown;
        try {
          parsed = settings.parseJson(text);
        } catch {
          const what = text === '' ? `the ${response.status} response has no body` : 'the response body is not JSON';
          throw new ResponseValidationError(`${label}: ${what}`, [], text);
        }
        data = call.parse(parsed, text, label);
      }
      return {
        data,
        response,
        requestId: response.headers.get('x-request-id') ?? context.progress.requestId,
        deprecation,
      };
    } catch (thrown) {
      // With the caller's hooks, ky's beforeError hooks have mapped it (and a hook of theirs may have replaced it).
      const error = options.hooks ? thrown : toPetstoreError(thrown as Error, context);
      if (error instanceof PetstoreError) {
        // Every failure of a call names its request id, whichever step it came from.
        error.requestId ??= context.progress.requestId;
        // The line of the last attempt's failure, or of one not retried (planRetry
        // tells those it retries), an answer that breaks the contract included.
        logAttempt(context, error);
      }
      throw error;
    }
  }

  /**
   * One attempt of a call, as ky's `fetch`: ky runs it within the attempt's
   * timeout and retries it as planRetry decides, so a body that stalls or
   * breaks off is timed and retried as a lost answer is. It stamps the
   * request id (after the caller's beforeRequest hooks), refuses an answer
   * from another origin, logs the answer's line, and reads a successful body
   * (ky reads an error body itself, within its own bounds). The attempt's own
   * controller, which follows ky's signal (its timeout, the caller's), ends the
   * fetch when the body is too large or the origin foreign.
   */
  async function attempt(request: Request, init: RequestInit | undefined, context: CallContext): Promise<Response> {
    const { headers } = request;
    const { progress } = context;
    // One id per call, on every attempt: the X-Request-Id the caller's headers or
    // hooks set, else the trace id of a traceparent they set (sent unchanged), else a new one.
    headers.set('x-request-id', (progress.requestId ??= headers.get('x-request-id') ?? traceIdOf(headers.get('traceparent')) ?? newRequestId()));
    request.signal.throwIfAborted();
    const own = new AbortController();
    request.signal.addEventListener('abort', () => own.abort());
    const response = await (options.fetch ?? fetch)(request, { ...init, signal: own.signal });
    const crossOrigin = refuseOtherOrigin(response, context);
    if (crossOrigin) {
      own.abort();
      throw crossOrigin;
    }
    if (!response.ok) return response;
    logAttempt(context, response);
    try {
      // With afterResponse hooks, from a copy: ky gives each hook a clone of the answer, which must be unread.
      progress.answer = [response, await readBody(hooks.afterResponse?.length ? response.clone() : response, maxResponseBytes, context.label, own)];
    } catch (error) {
      // A body cut off is a network error, retried as ky retries one (an abort is ky's timeout or the caller's).
      throw request.signal.aborted || error instanceof PetstoreError ? error : new NetworkError(request, { cause: error as Error });
    }
    return response;
  }

  /**
   * Whether a failed attempt of a read is tried again (an answer with a
   * status of RETRY_STATUSES; any other failure when `retryable`), and after
   * how long, kept in `context.progress.wait` (which ky's `delay` returns): a 429 or
   * 503 waits its `Retry-After` (up to maxRetryAfter), the rest the backoff
   * with full jitter (many clients failing together must not retry together).
   * Decided here, before the wait, so that the debug line can tell it first.
   */
  function planRetry(failure: Error, context: CallContext, retryable: boolean): boolean {
    const { progress } = context;
    const { status, headers } = failure as Partial<ApiError>;
    if (status ? !RETRY_STATUSES.includes(status) : !retryable) return false;
    // Seconds or an HTTP date (`0` seconds read as a date is in the past: no wait either); a malformed one is ignored (the backoff applies), as ky does.
    const after = (status === 429 || status === 503) && headers?.get('retry-after');
    const asked = after ? Math.round(Number(after) * 1000 || Date.parse(after) - Date.now()) : NaN;
    const honoured = !Number.isNaN(asked);
    // Whole milliseconds, so that the next attempt's time is too; the backoff
    // counts ky's retries and the SDK's after a failed body read alike.
    const ms = (progress.wait = honoured
      ? Math.min(Math.max(0, asked), maxRetryAfter)
      : Math.round(Math.min(BACKOFF_LIMIT_MS, Math.random() * 300 * 2 ** progress.retries)));
    // The attempt's line, then which failed, how, and the wait: a Retry-After over maxRetryAfter says it was shortened.
    logAttempt(context, failure);
    logAttempt(context, failure, `, retrying in ${duration(ms)}${honoured ? ` (Retry-After${asked > maxRetryAfter ? ` ${duration(asked)}, capped` : ''})` : ''}`, ms);
    // Counted now, so that a retry after a failed body read knows how many are left; the next attempt's clock starts after the wait.
    progress.retries++;
    progress.attemptStarted = Date.now() + ms;
    return true;
  }

  /**
   * The debug line of an attempt: `GET URL → 200 in 12 ms`, the failure in
   * place of the status where no answer came (its message without the
   * `METHOD URL: ` that starts it; an answer whose body then failed has both
   * lines); or, given `retrying`, the line before a retry's wait:
   * `429, retrying in 2.0 s (Retry-After)`. The details every line has: the
   * method, the URL as sent (its query included), which attempt, its time, the
   * request id (the answer's, where it had one and differs from the one sent:
   * the one its operator can look up), the status and the SDK's error class.
   */
  function logAttempt(context: CallContext, outcome: Response | Error, retrying?: string, waitMs?: number): void {
    const { method, url, progress } = context;
    // A Response's, or an ApiError's (a ProxyError's status is the proxy's, and it has no headers).
    const { headers, status } = outcome as Partial<ApiError>;
    const answered = headers && status;
    const what = answered ?? (outcome as Error).message.replace(/^[A-Z]+ \S+: /, '');
    // None below 0: a totalTimeout reached in the wait before an attempt ends the call with that attempt's line.
    const ms = Math.max(0, Date.now() - progress.attemptStarted);
    // Without a debug logger, `?.` evaluates none of the arguments.
    debug?.(retrying ? `${what}${retrying}` : `${method} ${url} → ${what} in ${ms} ms`, {
      method,
      url,
      status: answered,
      attempt: progress.retries + 1,
      ms,
      requestId: headers?.get('x-request-id') ?? progress.requestId,
      // A Response has no name.
      error: (outcome as Error).name,
      waitMs,
    });
  }

  return { send };
}

/** A wait, as a person reads it: `2.0 s`. */
const duration = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** The key, if an HTTP header can carry it; the key itself is never part of a message. */
function checkKey(key: unknown): string {
  if (typeof key !== 'string' || !HEADER_SAFE.test(key)) {
    throw new ConfigurationError('The API key is empty or cannot be sent in a header.');
  }
  return key;
}
