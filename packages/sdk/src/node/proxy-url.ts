import { ConfigurationError } from '../client/errors/configuration-error.js';

/**
 * A proxy setting as a URL: `http://` or `https://`, a host, an optional port,
 * user and password; without a scheme, `http://` (as curl reads
 * `proxy.example:3128`). Anything else is a ConfigurationError naming `source`
 * (the variable or option it came from) and quoting the value only when it
 * cannot hold a password, and without its query and fragment, where a token may be.
 */
export function parseProxyUrl(text: string, source: string): URL {
  const value = text.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`;
  let url: URL | undefined;
  try {
    url = new URL(withScheme);
  } catch {
    url = undefined;
  }
  const quoted = value.includes('@') ? '' : ` (got "${quotable(value)}")`;
  if (!url || url.hostname === '') {
    throw new ConfigurationError(`${source} is not a proxy URL${quoted}; expected http://HOST:PORT`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigurationError(`${source} is a ${url.protocol}// proxy URL${quoted}; only http:// and https:// proxies are supported`);
  }
  if ((url.pathname !== '/' && url.pathname !== '') || url.search !== '' || url.hash !== '') {
    throw new ConfigurationError(`${source} is not a proxy URL${quoted}: a proxy URL has no path, query or fragment; expected http://HOST:PORT`);
  }
  return url;
}

/**
 * A value as an error quotes it: printable ASCII (anything else as `?`), and
 * without its query or fragment (`http://proxy:3128/?…`), where a token may be.
 */
function quotable(text: string): string {
  const at = text.search(/[?#]/);
  const shown = (at === -1 ? text : text.slice(0, at + 1)).replace(/[^\x20-\x7e]/g, '?');
  return at === -1 ? shown : `${shown}…`;
}

/**
 * The proxy's URL for messages: its user name and password each replaced by
 * `****` (some proxies take a token as the user name), no trailing slash.
 */
export function redactProxyUrl(url: URL): string {
  const copy = new URL(url.href);
  if (copy.username !== '') copy.username = '****';
  if (copy.password !== '') copy.password = '****';
  return copy.href.replace(/\/$/, '');
}
