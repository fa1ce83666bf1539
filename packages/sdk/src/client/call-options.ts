import { isNetworkError, isTimeoutError, type Options } from 'ky';
import { attempt } from './attempt.js';
import type { AnyCall } from './call.js';
import type { ClientSettings } from './client-settings.js';
import { timeLeft, toPetstoreError, type CallContext } from './errors/to-petstore-error.js';
import { planRetry } from './retry-plan.js';

/** What the steps of one call share: its label, URL and clocks, and what its attempts change (`progress`). */
export function callContext(call: AnyCall<unknown>, path: string, settings: ClientSettings): CallContext {
  const started = Date.now();
  return {
    label: `${call.method} ${settings.baseUrl}${call.path}`,
    method: call.method,
    url: settings.baseUrl + path,
    origin: settings.origin,
    signal: call.options?.signal,
    started,
    timeout: call.options?.timeout ?? settings.timeout,
    totalTimeout: settings.totalTimeout,
    progress: { retries: 0, wait: 0, attemptStarted: started },
  };
}

/** The call's path with its query, joined here rather than by ky's searchParams (see `prefix` in ky-instance.ts). */
export function pathOf(call: AnyCall<unknown>): string {
  const query = new URLSearchParams(call.searchParams as Record<string, string> | undefined).toString();
  return query ? `${call.path}?${query}` : call.path;
}

/**
 * ky's options for one call: the key, the clocks, each attempt's fetch, and
 * the retries. Reads (the `reads` effect) are retried as ky would, the network
 * errors it recognises and attempt timeouts (a body that stalled or broke off
 * among them), and the statuses planRetry names. Writes (every other effect)
 * are never sent twice: no retry (the API has no idempotency key, so a retried
 * create could store the animal twice), and a redirect is an ApiError naming
 * the Location, not a second POST. With no retry ky also keeps no copy of each
 * request (a tee of its body; see docs/benchmarks.md, "Optimisations kept").
 */
export function callOptions(call: AnyCall<unknown>, key: string, context: CallContext, settings: ClientSettings): Options {
  const { signal, maxRetries, headers } = call.options ?? {};
  return {
    // The key last, so that no per-call header can replace it.
    headers: { ...headers, authorization: `Bearer ${key}` },
    // The caller's, if any: ky joins it with its own.
    signal: signal ?? null,
    timeout: context.timeout,
    // What is left of it after a key function's time.
    totalTimeout: timeLeft(context),
    // For the SDK's hooks (sdkError in ky-instance.ts).
    ...(settings.hooks && { context: context as unknown as Record<string, unknown> }),
    // Each attempt's fetch: ky times it, the body read within it, and retries it.
    // (ky hands its fetch the Request it built, never a URL.)
    fetch: (request, init) => attempt(request as Request, init, context, settings),
    method: call.method,
    ...(call.effect === 'reads'
      ? {
          retry: {
            limit: maxRetries ?? settings.maxRetries,
            // ky retries only the methods listed: a read's, whichever it is.
            methods: [call.method.toLowerCase()],
            shouldRetry: ({ error }) => planRetry(toPetstoreError(error, context), context, isNetworkError(error) || isTimeoutError(error), settings),
            delay: () => context.progress.wait,
          },
        }
      : { json: call.json, retry: 0, redirect: 'manual' }),
  };
}
