/**
 * Whether a base URL addresses this machine's loopback interface by its
 * address alone, so that `petstore verify` may create animals there without
 * --allow-writes. Only what no resolver can send elsewhere counts: 127.0.0.0/8,
 * ::1 (and ::ffff:127.x, IPv4 loopback written as IPv6), and the bare name
 * `localhost`. `localhost.` (a fully qualified name a DNS server answers) and
 * `*.localhost` are not, nor is any other name, whatever it resolves to. The
 * WHATWG URL parser has already turned `127.1`, `0x7f.1` and `2130706433`
 * into 127.0.0.1 and lower-cased the host.
 */
export function isLoopbackUrl(url: string): boolean {
  let hostname: string;
  try {
    ({ hostname } = new URL(url));
  } catch {
    return false;
  }
  if (hostname === 'localhost') return true;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)) return true;
  if (hostname === '[::1]') return true;
  // ::ffff:127.0.0.1 as the parser writes it: [::ffff:7f00:1] (the first group 7f00 to 7fff).
  return /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(hostname);
}
