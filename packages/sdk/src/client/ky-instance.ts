import ky, { type BeforeRetryHook, type KyInstance, type NormalizedOptions } from 'ky';
import { userAgentHeader } from '#runtime';
import { toPetstoreError, type CallContext } from './errors/to-petstore-error.js';
import type { ClientOptions } from './options.js';

/** The SDK's error for what a ky hook was given, in the call's context (ky's per-call `context`, see call-options.ts). */
const sdkError = ({ error, options }: { error: Error; options: NormalizedOptions }): Error =>
  toPetstoreError(error, options.context as unknown as CallContext);

/** The client's one ky instance: the base URL, the headers of every request, and the caller's hooks. */
export function createKyInstance(options: ClientOptions, baseUrl: string): KyInstance {
  const { hooks } = options;
  return ky.create({
    // `prefix`, not `baseUrl`, and the query joined in call-options.ts: the same
    // URLs, built as text, where ky would build two more Requests per call (see
    // docs/benchmarks.md, "Optimisations kept").
    prefix: baseUrl,
    headers: {
      accept: 'application/json',
      // None in browsers: they send their own; none either where `headers` has a User-Agent (in any case): the caller's replaces it.
      ...userAgentHeader(options.userAgent, options.headers),
      ...options.headers,
    },
    // Whether and when to retry is decided per call by planRetry (call-options.ts).
    // Error bodies reach toApiError as the text that came, whatever their
    // content type: it keeps the raw text and parses it once.
    parseJson: (text) => text,
    // The caller's hooks as they are (the debug lines are logAttempt's, not a
    // hook's: ky clones the response for each afterResponse hook); without
    // them, send() maps ky's errors itself.
    ...(hooks && {
      hooks: {
        ...hooks,
        // The caller's beforeRetry and beforeError hooks get the SDK's error, not ky's.
        beforeRetry: (hooks.beforeRetry ?? []).map((hook): BeforeRetryHook => (state) => hook({ ...state, error: sdkError(state) })),
        beforeError: [sdkError, ...(hooks.beforeError ?? [])],
      },
    }),
  });
}
