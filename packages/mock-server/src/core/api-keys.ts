/**
 * The development key: accepted when no key is configured, and printed in the
 * start-up banner. Never accepted once an operator supplies keys of their own.
 */
export const DEV_API_KEY = 'dev-petstore-key42';

const encoder = new TextEncoder();

/**
 * Checks a presented key against the accepted ones in time that depends only on
 * their lengths, not on where they differ. Pure JavaScript (no `node:crypto`)
 * because the same core runs in browsers under MSW.
 */
export function createKeyCheck(keys: readonly string[]): (presented: string) => boolean {
  const accepted = keys.map((key) => encoder.encode(key));
  return (presented) => {
    const candidate = encoder.encode(presented);
    let match = false;
    // Every accepted key is compared in full, so the time does not reveal which matched.
    for (const key of accepted) match = equalBytes(key, candidate) || match;
    return match;
  };
}

function equalBytes(expected: Uint8Array, actual: Uint8Array): boolean {
  let difference = expected.length ^ actual.length;
  for (let index = 0; index < expected.length; index++) {
    difference |= (expected[index] as number) ^ (actual[index] ?? 0);
  }
  return difference === 0;
}

/** The token of an `Authorization: Bearer <token>` header; the scheme matches in any case (RFC 9110). */
export function bearerToken(header: string | readonly string[] | undefined): string | undefined {
  if (typeof header !== 'string') return undefined;
  const match = /^bearer +(\S+) *$/i.exec(header);
  return match?.[1];
}
