/**
 * The one rule for names of headers and query parameters that hold a secret:
 * the journal keeps their values as `[redacted]`. It errs on the side of
 * hiding. The names in common use it must cover, each with where it comes
 * from, are the table in secret-names.test.ts.
 */

/** Parts that name a secret wherever they stand in the name, compared in lower case without `-`, `_` and `.`. */
const SECRET_PARTS = /auth|token|secret|passw|passphrase|pwd|apikey|accesskey|credential|session|sessid|cookie|signature|privatekey|bearer|jwt/;

/** Words that name a secret as a word of their own (`X-Pin`, `pin_code`), not inside another (`spinner`). */
const SECRET_WORDS = new Set(['key', 'pass', 'pw', 'pin', 'otp', 'sig', 'sid', 'refresh']);

/** Names that are a secret only alone, or after `X-`: OAuth's `code`, but not `country_code`. */
const SECRET_ALONE = new Set(['code']);

/** Keys that are no secret: they name a request, not a caller (`Idempotency-Key`). */
const KEY_NOT_SECRET = new Set(['idempotency']);

/** The words of a name in lower case: split at `-`, `_`, `.`, spaces and lower-to-upper case (`accessKey`), an `X-` prefix dropped. */
function wordsOf(name: string): string[] {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[-_.\s]+/)
    .filter((word) => word !== '');
  return words[0] === 'x' ? words.slice(1) : words;
}

export function holdsSecret(name: string): boolean {
  if (SECRET_PARTS.test(name.toLowerCase().replace(/[-_.]/g, ''))) return true;
  const words = wordsOf(name);
  if (words.length === 1 && SECRET_ALONE.has(words[0] as string)) return true;
  return words.some((word, index) => SECRET_WORDS.has(word) && !(word === 'key' && KEY_NOT_SECRET.has(words[index - 1] ?? '')));
}
