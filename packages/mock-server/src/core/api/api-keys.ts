/**
 * The development key: accepted when no key is configured, and printed in the
 * start-up banner. Never accepted once an operator supplies keys of their own.
 */
export const DEV_API_KEY = 'dev-petstore-key42';

/** The check of a server's keys: those configured, else only `DEV_API_KEY`. */
export const createServerKeyCheck = (apiKeys: readonly string[] | undefined): ((presented: string) => boolean) =>
  createKeyCheck(apiKeys?.length ? apiKeys : [DEV_API_KEY]);

/**
 * Checks a presented key against the accepted ones in time that depends only on
 * their lengths, not on where they differ. Pure JavaScript over UTF-16 code
 * units (no `node:crypto`, no encoding step) because the same core runs in
 * browsers under MSW and on every request.
 */
export function createKeyCheck(keys: readonly string[]): (presented: string) => boolean {
  const accepted = [...keys];
  return (presented) => {
    let match = false;
    // Every accepted key is compared in full, so the time does not reveal which matched.
    for (const key of accepted) match = equalStrings(key, presented) || match;
    return match;
  };
}

function equalStrings(expected: string, actual: string): boolean {
  let difference = expected.length ^ actual.length;
  for (let index = 0; index < expected.length; index++) {
    // charCodeAt past the end is NaN, which `^` turns into 0: the length
    // difference above has already recorded the mismatch.
    difference |= expected.charCodeAt(index) ^ actual.charCodeAt(index);
  }
  return difference === 0;
}

/** The token of an `Authorization: Bearer <token>` header; the scheme matches in any case (RFC 9110). */
export function bearerToken(header: string | readonly string[] | undefined): string | undefined {
  if (typeof header !== 'string') return undefined;
  const match = /^bearer +(\S+) *$/i.exec(header);
  return match?.[1];
}
