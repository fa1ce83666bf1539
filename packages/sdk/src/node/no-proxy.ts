/**
 * The NO_PROXY entry that `url` matches, or undefined. curl's rules: entries
 * are separated by commas (spaces around them ignored), matched without regard
 * to case; `*` alone matches every host; a name matches itself and its
 * subdomains, with or without a leading `.` (or `*.`): `example.com` and
 * `.example.com` both match `example.com` and `api.example.com`, never
 * `badexample.com`. An IP address matches itself only (IPv6 without brackets,
 * as curl asks: `::1`), IPv6 compared as addresses, as curl 8 does:
 * `0:0:0:0:0:0:0:1` matches `[::1]`. Beyond curl, as Go and undici allow, an entry may end in
 * `:PORT` and then matches that port only (`[::1]:8080` for IPv6). CIDR ranges
 * (curl 7.86+) are not supported: such an entry matches nothing.
 */
export function matchNoProxy(url: URL, noProxy: string): string | undefined {
  const host = bare(url.hostname);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  for (const entry of noProxy.split(',')) {
    const rule = entry.trim();
    if (rule === '') continue;
    if (rule === '*') return rule;
    const { name, port: rulePort } = splitPort(rule.toLowerCase());
    if (rulePort !== undefined && rulePort !== port) continue;
    const domain = canonicalIpv6(bare(name.replace(/^\*?\./, '')));
    if (domain === '') continue;
    // An IP address matches itself only, whichever side it is on: `2.3` is no suffix of 10.1.2.3.
    if (host === domain || (!isIpAddress(host) && !isIpAddress(domain) && host.endsWith(`.${domain}`))) return rule;
  }
  return undefined;
}

/** A host name without IPv6 brackets or a trailing dot, lower-case. */
function bare(host: string): string {
  return host.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
}

/** An IPv6 address in the one form URL gives a host (`0:0:0:0:0:0:0:1` → `::1`); anything else as it is. */
function canonicalIpv6(host: string): string {
  if (!host.includes(':')) return host;
  return URL.canParse(`http://[${host}]/`) ? bare(new URL(`http://[${host}]/`).hostname) : host;
}

/** `name:port` → both; a bare IPv6 address (several colons, no brackets) has no port. */
function splitPort(rule: string): { name: string; port?: string } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(rule);
  if (bracketed) return { name: bracketed[1] ?? '', ...(bracketed[2] !== undefined && { port: bracketed[2] }) };
  const colons = rule.split(':').length - 1;
  const withPort = colons === 1 ? /^(.*):(\d+)$/.exec(rule) : null;
  return withPort ? { name: withPort[1] ?? '', port: String(Number(withPort[2])) } : { name: rule };
}

/** Whether a host (without brackets) is an IP address: IPv6 has colons, IPv4 four numbers (URL has normalised `127.1` and the like). */
export const isIpAddress = (host: string): boolean => host.includes(':') || /^\d+(\.\d+){3}$/.test(host);
