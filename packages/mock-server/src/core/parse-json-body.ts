import type { MockRequest } from './exchange.js';
import { parseExactJson } from './exact-json.js';
import { HttpError } from './http-error.js';

/** `application/json`, with or without parameters such as `charset`. */
const JSON_MEDIA_TYPE = /^application\/json\s*(;|$)/i;
/** A `charset` parameter, quoted or not. */
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]+)"?/i;
/** JSON is UTF-8 (RFC 8259): invalid bytes are refused, never replaced; a BOM is kept, so JSON.parse refuses it. */
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Reads and parses a JSON request body, then hands it to `then`. Refuses other media types (415) and
 * malformed JSON (400, saying where it broke). JSON.parse creates `__proto__`
 * as an ordinary own property, and the schema then refuses it as unknown.
 * Plain promise chains, not async functions: this is a hot path and each
 * `await` costs a turn of the microtask queue.
 */
export function readJsonBody<Result>(request: MockRequest, then: (body: unknown) => Result | PromiseLike<Result>): Promise<Result> {
  const contentType = request.headers['content-type'];
  if (typeof contentType !== 'string' || !JSON_MEDIA_TYPE.test(contentType)) {
    throw new HttpError(
      'unsupported_media_type',
      `Content-Type must be application/json, got ${typeof contentType === 'string' ? `"${contentType}"` : 'none'}`,
    );
  }
  const charset = CHARSET.exec(contentType)?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    throw new HttpError('unsupported_media_type', `Content-Type charset must be utf-8 (JSON is UTF-8), got "${charset}"`);
  }
  // `then` runs in the same turn as the parse: one promise hop for the whole body.
  return request.readBody().then((bytes) => then(parseBodyText(decodeUtf8(bytes))));
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new HttpError('invalid_json', 'Request body is not valid UTF-8');
  }
}

function parseBodyText(text: string): unknown {
  if (text.trim() === '') throw new HttpError('invalid_json', 'Request body is empty; expected a JSON object');
  try {
    return parseExactJson(text);
  } catch (error) {
    const reason = error instanceof SyntaxError ? error.message : 'unreadable';
    throw new HttpError('invalid_json', `Request body is not valid JSON: ${reason}`);
  }
}
