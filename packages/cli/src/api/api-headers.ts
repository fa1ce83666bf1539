import { usageError } from '../errors/cli-error.js';
import { terminalSafe } from '../output/escape.js';

/** An HTTP field name (RFC 9110's token). */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A field value the CLI sends: printable ASCII and tabs (a line break would start another header). */
const VALUE = /^[\x20-\x7e\t]*$/;

/**
 * Headers the CLI sets itself: the key comes from the profile (Authorization),
 * and the connection's framing from fetch.
 */
const REFUSED: Record<string, string> = {
  authorization: 'the key comes from the profile (petstore auth login, PETSTORE_API_KEY)',
  host: 'it follows the base URL',
  'content-length': 'fetch sets it',
  'transfer-encoding': 'fetch sets it',
  connection: 'fetch sets it',
};

/** `-H 'Name: value'` flags as headers; a malformed one, a control character or a refused name is a usage error. */
export function readHeaders(flags: readonly string[] = []): Headers {
  const headers = new Headers();
  for (const text of flags) {
    const at = text.indexOf(':');
    const name = text.slice(0, Math.max(at, 0)).trim();
    const value = text.slice(at + 1).trim();
    if (at < 1 || !TOKEN.test(name)) throw usageError(`-H takes "Name: value", got "${terminalSafe(text)}"`);
    const refused = REFUSED[name.toLowerCase()];
    if (refused) throw usageError(`-H cannot set ${name}: ${refused}`);
    if (!VALUE.test(value)) throw usageError(`-H ${name}: the value holds a control character or one outside ASCII`);
    headers.append(name, value);
  }
  return headers;
}
