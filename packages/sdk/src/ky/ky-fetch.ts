import ky, { type Options } from 'ky';
import { ConfigurationError } from '../client/errors/configuration-error.js';

/** ky options that `kyFetch` accepts: everything but what the SDK does itself. */
export type KyFetchOptions = Omit<Options, 'retry' | 'timeout' | 'totalTimeout' | 'throwHttpErrors' | 'baseUrl' | 'prefix'>;

/**
 * A `fetch` for `ClientOptions.fetch` that sends every attempt through ky, so
 * that ky hooks (`beforeRequest`, `afterResponse`) and other ky options apply.
 * Retries, timeouts and HTTP errors stay the SDK's: ky gets one attempt with
 * no timeout of its own and hands every status back, so its `beforeRetry` and
 * `beforeError` hooks would never run and are refused.
 *
 * ```ts
 * import { PetstoreClient } from '@petstore/sdk';
 * import { kyFetch } from '@petstore/sdk/ky';
 * const client = new PetstoreClient({
 *   fetch: kyFetch({ hooks: { beforeRequest: [({ request }) => request.headers.set('x-trace-id', traceId())] } }),
 * });
 * ```
 * @throws {ConfigurationError} `beforeRetry` or `beforeError` hooks were given.
 */
export function kyFetch(options: KyFetchOptions = {}): typeof globalThis.fetch {
  for (const hook of ['beforeRetry', 'beforeError'] as const) {
    if (options.hooks?.[hook]?.length) {
      throw new ConfigurationError(
        `kyFetch: ${hook} hooks never run here: the SDK makes the retries and the errors itself (use the client's logger.debug to see retries).`,
      );
    }
  }
  const instance = ky.create({ ...options, retry: 0, timeout: false, throwHttpErrors: false });
  return (input, init) => instance(input, init as Options);
}
