import { runtimeProcess } from '../client/environment.js';
import type { ClientOptions } from '../client/options.js';
import { checkProxyEnvironment, proxyFor, type Environment } from './proxy-environment.js';
import { toProxyError } from './proxy-error.js';
import { parseProxyUrl, redactProxyUrl } from './proxy-url.js';

/** The fetch a client takes (`ClientOptions.fetch`). */
export type Fetch = NonNullable<ClientOptions['fetch']>;

export interface ProxyFetchOptions {
  /** With `'env'`: the variables to read instead of `process.env` (read once, when proxyFetch is called). */
  env?: Environment | undefined;
  /** The fetch that sends each request (default: the global `fetch`); it is given undici's `dispatcher` for proxied requests. */
  fetch?: Fetch | undefined;
}

/** undici's ProxyAgent, loaded with the first request that goes through a proxy. */
type Dispatcher = object;
let loadProxyAgent: Promise<new (options: { uri: string; proxyTunnel: boolean }) => Dispatcher> | undefined;

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
 * ConfigurationError here, before anything is sent; a proxy that refuses or
 * cannot be reached makes the request fail with a ProxyError naming it.
 */
export function proxyFetch(proxy: string | URL | 'env', options: ProxyFetchOptions = {}): Fetch {
  const send: Fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const env = proxy === 'env' ? (options.env ?? snapshotEnvironment()) : undefined;
  if (env) checkProxyEnvironment(env);
  const fixed = env ? undefined : parseProxyUrl(String(proxy), 'the proxy option');
  const agents = new Map<string, Promise<Dispatcher>>();

  return async (input, init) => {
    const { url, method } = requestOf(input, init);
    const choice = env ? proxyFor(url, env) : { proxy: fixed, source: 'the proxy option' };
    if (!choice.proxy) return send(input, init);
    const target = choice.proxy;
    let agent = agents.get(target.href);
    if (!agent) {
      agent = agentFor(target);
      agents.set(target.href, agent);
    }
    try {
      return await send(input, { ...init, dispatcher: await agent } as RequestInit);
    } catch (error) {
      throw toProxyError(error, `${method} ${url.href}`, target, redactProxyUrl(target), choice.source ?? 'the proxy option');
    }
  };
}

/**
 * undici's ProxyAgent for `proxy`: https URLs through a CONNECT tunnel; http
 * URLs, with an http proxy, forwarded in absolute form (`GET http://host/path`)
 * as curl sends them (`proxyTunnel: false`; an https proxy tunnels both).
 */
async function agentFor(proxy: URL): Promise<Dispatcher> {
  // undici is CommonJS: its `default` is its exports in Node.js and in a bundle (esbuild gives a CommonJS chunk only a default export).
  loadProxyAgent ??= import('undici').then((undici) => undici.default.ProxyAgent);
  const ProxyAgent = await loadProxyAgent;
  return new ProxyAgent({ uri: proxy.href, proxyTunnel: false });
}

function snapshotEnvironment(): Environment {
  return { ...runtimeProcess()?.env };
}
