import { isIP } from 'node:net';

/**
 * Whether a request's `Host` names this server, against DNS rebinding: a page
 * on `evil.example` whose name is made to resolve to 127.0.0.1 reaches the
 * server with `Host: evil.example:PORT`. As Vite's `server.allowedHosts`:
 * allowed are IP addresses (a rebinding needs a name), `localhost` and
 * `*.localhost` (they always resolve to loopback), the address the server is
 * bound to, and `allowedHosts`: a name, `.example.com` for it and its
 * subdomains, or `*` for any. A request without `Host` (HTTP/1.0) is allowed,
 * as Vite does: browsers always send one, and other clients can send anything.
 */
export function createHostCheck(boundHost: string, allowedHosts: readonly string[] = []): (host: string | undefined) => boolean {
  if (allowedHosts.includes('*')) return () => true;
  const names = [boundHost, ...allowedHosts].map((name) => name.toLowerCase());
  return (host) => {
    if (host === undefined) return true;
    const name = hostName(host);
    if (name === undefined) return false;
    if (isIP(name) !== 0 || name === 'localhost' || name.endsWith('.localhost')) return true;
    return names.some((allowed) => allowed === name || (allowed.startsWith('.') && (allowed.slice(1) === name || name.endsWith(allowed))));
  };
}

/** The name or address of a `Host` value (`uri-host [":" port]`), lower-case, without brackets; undefined if malformed. */
export function hostName(host: string): string | undefined {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith('[')) {
    const end = trimmed.indexOf(']');
    const address = trimmed.slice(1, end);
    return end > 0 && isIP(address) === 6 ? address : undefined;
  }
  const colon = trimmed.indexOf(':');
  return colon === -1 ? trimmed : trimmed.slice(0, colon);
}
