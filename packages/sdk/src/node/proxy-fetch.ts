import { runtimeProcess } from '../client/environment.js';
import type { ClientOptions } from '../client/options.js';
import { checkProxyEnvironment, proxyFor, type Environment } from './proxy-environment.js';
import { createProxyAgent, type Dispatcher } from './proxy-agent.js';
import { isProxysOwnAnswer, proxyAnswerExcerpt } from './proxy-answer.js';
import { proxyAnswerError, toProxyError } from './proxy-error.js';
import { parseProxyUrl, redactProxyUrl } from './proxy-url.js';

/** The fetch a client takes (`ClientOptions.fetch`). */
export type Fetch = NonNullable<ClientOptions['fetch']>;

export interface ProxyFetchOptions {
  /** With `'env'`: the variables to read instead of `process.env` (read once, when proxyFetch is called). */
  env?: Environment | undefined;
  /** The fetch that sends each request (default: the global `fetch`); it is given undici's `dispatcher` for proxied requests. */
  fetch?: Fetch | undefined;
}

/** A proxyFetch: a fetch that also closes the connections it opened. */
export type ProxyFetch = Fetch & {
  /**
   * Ends every connection it opened, to proxies and through them, at once
   * (a request still in flight fails; a pending CONNECT too), so that
   * nothing keeps the process alive. A request after close opens new ones.
   */
  close(): Promise<void>;
};

/** The URL and method of what ky (or anyone) passes to fetch. */
function requestOf(input: Parameters<Fetch>[0], init: RequestInit | undefined): { url: URL; method: string } {
  if (input instanceof Request) return { url: new URL(input.url), method: input.method };
  return { url: new URL(input instanceof URL ? input.href : input), method: init?.method?.toUpperCase() ?? 'GET' };
}

/**
 * A fetch for `new PetstoreClient({ fetch })` that sends requests through an
 * HTTP(S) proxy, in Node.js: `proxyFetch('http://proxy.example:3128')`, or
 * `proxyFetch('env')` to follow HTTPS_PROXY, HTTP_PROXY and NO_PROXY (lower-case
 * names too, lower-case winning; see proxyFor) as curl does. https URLs go
 * through a CONNECT tunnel, http URLs are forwarded to the proxy as they are.
 * Each proxied request is the global fetch given an undici `ProxyAgent` as its
 * `dispatcher`, per request: nothing process-wide changes (no global
 * dispatcher, no environment variable). A bad proxy URL is a
 * ConfigurationError here, before anything is sent; a proxy that refuses,
 * cannot be reached, fails TLS or answers a forwarded request itself (an
 * error without the API's JSON body) makes the request fail with a ProxyError
 * naming it. `close()` ends its connections when the program is done with it.
 */
export function proxyFetch(proxy: string | URL | 'env', options: ProxyFetchOptions = {}): ProxyFetch {
  const send: Fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const env = proxy === 'env' ? (options.env ?? snapshotEnvironment()) : undefined;
  if (env) checkProxyEnvironment(env);
  const fixed = env ? undefined : parseProxyUrl(String(proxy), 'the proxy option');
  const agents = new Map<string, Promise<Dispatcher>>();
  const proxyFailures = new WeakSet<object>();

  const fetch: Fetch = async (input, init) => {
    const { url, method } = requestOf(input, init);
    const choice = env ? proxyFor(url, env) : { proxy: fixed, source: 'the proxy option' };
    if (!choice.proxy) return send(input, init);
    const target = choice.proxy;
    const inUse = { url: target, redacted: redactProxyUrl(target), source: choice.source ?? 'the proxy option' };
    let agent = agents.get(target.href);
    if (!agent) {
      agent = createProxyAgent(target, proxyFailures);
      agents.set(target.href, agent);
    }
    const label = `${method} ${url.href}`;
    let response: Response;
    try {
      response = await send(input, { ...init, dispatcher: await agent } as RequestInit);
    } catch (error) {
      throw toProxyError(error, label, inUse, proxyFailures);
    }
    // Only a request the proxy forwarded can get its own answer; through a tunnel every answer is the API's.
    const forwarded = url.protocol === 'http:' && target.protocol === 'http:';
    if (forwarded && isProxysOwnAnswer(response)) throw proxyAnswerError(label, response.status, await proxyAnswerExcerpt(response), inUse);
    return response;
  };
  const close = async (): Promise<void> => {
    const opened = [...agents.values()];
    agents.clear();
    await Promise.allSettled(opened.map(async (agent) => (await agent).destroy()));
  };
  return Object.assign(fetch, { close });
}

function snapshotEnvironment(): Environment {
  return { ...runtimeProcess()?.env };
}
