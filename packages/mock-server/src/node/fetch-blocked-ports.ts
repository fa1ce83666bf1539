/**
 * The ports the Fetch standard calls "bad" (https://fetch.spec.whatwg.org/#bad-port):
 * fetch in Node.js, browsers, Deno and Bun refuses to connect to them, so neither
 * the SDK nor the CLI nor a page can reach a server there.
 * `fetch-blocked-ports.test.ts` holds the list to this Node.js's fetch.
 */
export const FETCH_BLOCKED_PORTS: ReadonlySet<number> = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512,
  513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668,
  6669, 6679, 6697, 10080,
]);

/** The warning for a server that listens on a port fetch refuses, or undefined. */
export function blockedPortWarning(port: number): string | undefined {
  if (!FETCH_BLOCKED_PORTS.has(port)) return undefined;
  return `petstore-mock: warning: fetch refuses port ${port} (a "bad port" of the Fetch standard): the SDK, the CLI and browsers cannot reach this server. Choose another with --port.\n`;
}
