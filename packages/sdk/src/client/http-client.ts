import type { WithResponse } from './api-promise.js';
import { checkKey, keyOf } from './api-key.js';
import type { AnyCall } from './call.js';
import { callFailure } from './call-failure.js';
import { callContext, callOptions, pathOf } from './call-options.js';
import { clientSettings, type HttpSettings } from './client-settings.js';
import { createKyInstance } from './ky-instance.js';
import type { ClientOptions } from './options.js';
import { readAnswer } from './read-answer.js';

export type { HttpSettings } from './client-settings.js';

/**
 * The client's one ky instance, and `send`, which every method goes through:
 * one call, step by step. ky makes the retries planRetry decides (reads only:
 * network errors, attempt timeouts, 408, 429, 5xx; backoff with jitter;
 * `Retry-After` up to `maxRetryAfter`), the timeouts and the hooks; each
 * attempt is `attempt` (attempt.ts), the fetch ky calls, which reads the body,
 * so that ky's timeout and retries cover it. Every failure becomes one of the
 * SDK's error classes: in its beforeError hook, ahead of the caller's, where
 * the caller gave hooks (ky-instance.ts); else in callFailure.
 */
export function createHttpClient(options: ClientOptions, http: HttpSettings) {
  const settings = clientSettings(options, http);
  // A fixed key is checked when the client is made; a key function's keys, per call.
  if (typeof settings.apiKey === 'string') checkKey(settings.apiKey);
  const api = createKyInstance(options, settings.baseUrl);

  async function send<T>(call: AnyCall<T>): Promise<WithResponse<T>> {
    call.options?.signal?.throwIfAborted();
    // Once per call: a retry reuses the key its call was given.
    const key = await keyOf(settings.apiKey);
    const path = pathOf(call);
    const context = callContext(call, path, settings);
    try {
      const response = await api(path, callOptions(call, key, context, settings));
      return await readAnswer(call, response, context, settings);
    } catch (thrown) {
      throw callFailure(thrown, context, settings);
    }
  }

  return { send };
}
