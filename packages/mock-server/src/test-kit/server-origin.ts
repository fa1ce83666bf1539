/** The variable a global set-up that starts petstore-mock sets, and where the test runners' helpers look for the server. */
export const MOCK_URL_VARIABLE = 'PETSTORE_MOCK_URL';

/**
 * The server's origin, from `server` or else `PETSTORE_MOCK_URL`; a URL ending
 * in `/v1` is taken for its origin too. The error for neither names what
 * needed it (`neededBy`) and how it is given one (`howToGive`).
 */
export function serverOrigin(server: string | undefined, neededBy: string, howToGive: string): string {
  // Read through globalThis: the vitest entry may run where there is no `process`.
  const given = server ?? (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env[MOCK_URL_VARIABLE];
  if (given === undefined || given === '') {
    throw new Error(`${neededBy} needs the server: ${howToGive}, or set ${MOCK_URL_VARIABLE} (a global set-up that starts petstore-mock sets it).`);
  }
  return given.replace(/\/+$/, '').replace(/\/v1$/, '');
}
