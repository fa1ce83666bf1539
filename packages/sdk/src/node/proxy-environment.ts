import { matchNoProxy } from './no-proxy.js';
import { parseProxyUrl } from './proxy-url.js';

/** Environment variables, as `process.env` holds them. */
export type Environment = Readonly<Record<string, string | undefined>>;

/** The variables that name a proxy or exceptions, each lower-case name before its upper-case one (the lower-case one wins). */
export const PROXY_VARIABLES = {
  'http:': ['http_proxy', 'HTTP_PROXY'],
  'https:': ['https_proxy', 'HTTPS_PROXY'],
  none: ['no_proxy', 'NO_PROXY'],
} as const;

/** How a request to one URL goes out, and why. */
export type ProxyChoice =
  /** Through `proxy`, named by the variable `source`. */
  | { proxy: URL; source: string; noProxyRule?: undefined }
  /** Directly: NO_PROXY's `rule` (from the variable `source`) matches the URL's host. */
  | { proxy: undefined; noProxyRule: string; source: string }
  /** Directly: no proxy variable is set for the URL's scheme. */
  | { proxy: undefined; noProxyRule?: undefined; source?: undefined };

/** The first of `names` set to a non-empty value (an empty variable counts as unset, as curl reads it). */
function firstSet(env: Environment, names: readonly string[]): { name: string; value: string } | undefined {
  for (const name of names) {
    const value = env[name];
    if (value !== undefined && value.trim() !== '') return { name, value };
  }
  return undefined;
}

/**
 * The proxy for `url` from the environment, as curl picks it: `https_proxy` or
 * `HTTPS_PROXY` for https URLs, `http_proxy` or `HTTP_PROXY` for http URLs
 * (lower-case winning; no fallback from one scheme to the other), unless
 * `no_proxy`/`NO_PROXY` matches the host (see matchNoProxy). Loopback
 * addresses are not bypassed unless NO_PROXY says so, as with curl. A value
 * that is not a proxy URL is a ConfigurationError naming its variable.
 */
export function proxyFor(url: URL, env: Environment): ProxyChoice {
  const names = url.protocol === 'https:' ? PROXY_VARIABLES['https:'] : PROXY_VARIABLES['http:'];
  const set = firstSet(env, names);
  if (!set) return { proxy: undefined };
  const proxy = parseProxyUrl(set.value, set.name);
  const exceptions = firstSet(env, PROXY_VARIABLES.none);
  const rule = exceptions && matchNoProxy(url, exceptions.value);
  return rule === undefined || !exceptions ? { proxy, source: set.name } : { proxy: undefined, noProxyRule: rule, source: exceptions.name };
}

/** Checks every proxy variable that is set, so that a broken one is reported before anything is sent, whatever the URL. */
export function checkProxyEnvironment(env: Environment): void {
  for (const names of [PROXY_VARIABLES['http:'], PROXY_VARIABLES['https:']]) {
    const set = firstSet(env, names);
    if (set) parseProxyUrl(set.value, set.name);
  }
}
