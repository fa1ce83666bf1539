import { usageError } from '../errors/cli-error.js';
import { terminalSafe } from '../output/escape.js';

/** A URL's scheme (`https:`, `file:`, `javascript:`) or a protocol-relative `//host`: not a path. */
const ABSOLUTE = /^([a-z][a-z0-9+.-]*:|[\\/]{2})/i;

const named = (path: string) => `"${terminalSafe(path)}"`;

/**
 * PATH as given (`pets`, `/pets?limit=2`), checked before anything is read or
 * sent: an absolute URL is a usage error naming it (the key goes only to the
 * profile's API).
 */
export function relativePath(path: string): string {
  if (ABSOLUTE.test(path)) throw usageError(`PATH must be relative to the base URL (pets, /pets?limit=2), not an absolute URL: ${named(path)}`);
  return path;
}

/**
 * The URL `petstore api PATH` sends to: PATH is relative to the profile's
 * base URL, with or without a leading slash. A path whose `..` (or `%2e%2e`,
 * or `\`) leads out of the base URL's path is a usage error naming it: the URL
 * parser's result is what is checked, whatever the spelling.
 */
export function apiUrl(baseUrl: string, path: string): URL {
  const base = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  const url = new URL(relativePath(path).replace(/^[\\/]+/, ''), base);
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) {
    throw usageError(`PATH must stay under the base URL ${baseUrl}; ${named(path)} leads to ${url.pathname}`);
  }
  url.hash = '';
  return url;
}
