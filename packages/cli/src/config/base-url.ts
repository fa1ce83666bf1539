import { configError, usageError, type CliError } from '../errors/cli-error.js';
import { terminalSafe } from '../output/escape.js';

/** A base URL as read from one source, normalised, or why it is not one. */
export type BaseUrlCheck = { ok: true; url: string } | { ok: false; problem: string };

// Anything the URL parser would silently drop or re-encode: a value is taken as written, or refused.
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const SPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f-\u009f]/;

/** The text itself, for a message, only where it cannot hold a password: userinfo needs an `@`. */
const quoted = (text: string): string => (text.includes('@') ? '' : `, got "${terminalSafe(text)}"`);

/**
 * The one rule for a base URL, whatever its source (--base-url,
 * PETSTORE_BASE_URL, config.json, `config set base-url`): http or https, no
 * user or password, no query or fragment, a path ending in `/v1`. A trailing
 * slash is accepted and dropped, so `…/v1/` and `…/v1` are the same URL (and the
 * same for the development-key rule). Problems never quote a URL that could
 * hold a password.
 */
export function checkBaseUrl(text: string): BaseUrlCheck {
  if (SPACE_OR_CONTROL.test(text)) return { ok: false, problem: 'must not contain spaces, line breaks or control characters' };
  if (!URL.canParse(text)) return { ok: false, problem: `must be an http(s) URL ending in /v1, e.g. https://api.example.org/v1${quoted(text)}` };
  const url = new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, problem: `must be an http(s) URL, not ${terminalSafe(url.protocol)}${quoted(text)}` };
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, problem: 'must not contain a user name or password (the API key goes in PETSTORE_API_KEY or `petstore auth login`)' };
  }
  // `href` keeps an empty `?` or `#` that `search` and `hash` report as ''.
  if (url.href.includes('?') || url.href.includes('#')) return { ok: false, problem: 'must not have a query (?…) or a fragment (#…)' };
  const path = url.pathname.endsWith('/') ? url.pathname.slice(0, -1) : url.pathname;
  if (!path.endsWith('/v1')) return { ok: false, problem: `must end in /v1 (the API's version), got the path "${terminalSafe(url.pathname)}"` };
  return { ok: true, url: `${url.origin}${path}` };
}

/** Where a base URL was read: named in the error, which is a usage error (exit 2) for what was typed. */
export type BaseUrlOrigin =
  | { source: 'flag' }
  | { source: 'environment' }
  | { source: 'config file'; path: string; profile: string }
  | { source: 'argument' };

/** `checkBaseUrl`, failing with an error that names the source. */
export function baseUrlFrom(text: string, origin: BaseUrlOrigin): string {
  const checked = checkBaseUrl(text);
  if (checked.ok) return checked.url;
  throw baseUrlError(checked.problem, origin);
}

function baseUrlError(problem: string, origin: BaseUrlOrigin): CliError {
  switch (origin.source) {
    case 'flag':
      return usageError(`--base-url ${problem}`);
    case 'argument':
      return usageError(`base-url ${problem}`);
    case 'environment':
      return configError(`PETSTORE_BASE_URL ${problem}`);
    case 'config file':
      return configError(
        `${terminalSafe(origin.path)}: profiles.${origin.profile}.baseUrl ${problem}; change it with \`petstore config set base-url URL --profile ${origin.profile}\``,
      );
  }
}
