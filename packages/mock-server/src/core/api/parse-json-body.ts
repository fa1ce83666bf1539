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
 * Reads and parses a JSON request body. Refuses other media types (415) before
 * reading a byte, and malformed JSON (400, saying where it broke). JSON.parse
 * creates `__proto__` as an ordinary own property, and the schema then refuses
 * it as unknown.
 */
export async function readJsonBody(request: MockRequest): Promise<unknown> {
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
  return parseBodyText(decodeUtf8(await request.readBody()));
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
