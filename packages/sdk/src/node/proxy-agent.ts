import { isIpAddress } from './no-proxy.js';

/** An undici dispatcher: what fetch takes as `dispatcher`, and what ends its connections. */
export interface Dispatcher {
  destroy(): Promise<void>;
}

/** undici's connector (`buildConnector`'s result): opens the socket to an origin, here the proxy. */
type Connector = (options: { servername?: string | null | undefined }, callback: (error: Error | null, socket: unknown) => void) => void;

interface Undici {
  ProxyAgent: new (options: { uri: string; proxyTunnel: boolean; clientFactory: (origin: URL, options: { connect: Connector }) => unknown }) => Dispatcher;
  Pool: new (origin: URL, options: { connect: Connector }) => unknown;
}

let loadUndici: Promise<Undici> | undefined;

/**
 * undici's ProxyAgent for `proxy`: https URLs through a CONNECT tunnel; http
 * URLs, with an http proxy, forwarded in absolute form (`GET http://host/path`)
 * as curl sends them (`proxyTunnel: false`; an https proxy tunnels both).
 * Every error of the connection to the proxy itself (refused, not found, its
 * TLS) is added to `proxyFailures`, so that it is told from the API's.
 */
export async function createProxyAgent(proxy: URL, proxyFailures: WeakSet<object>): Promise<Dispatcher> {
  // undici is CommonJS: its `default` is its exports in Node.js and in a bundle (esbuild gives a CommonJS chunk only a default export).
  loadUndici ??= import('undici').then((undici) => undici.default as unknown as Undici);
  const { ProxyAgent, Pool } = await loadUndici;
  return new ProxyAgent({
    uri: proxy.href,
    proxyTunnel: false,
    clientFactory: (origin, options) => new Pool(origin, { ...options, connect: proxyConnector(options.connect, proxyFailures) }),
  });
}

/**
 * The connector to an https proxy without a TLS server name when the proxy is
 * given as an IP address (undici passes its host, which Node.js 26 refuses and
 * older versions warn about: SNI carries host names only, RFC 6066), the
 * certificate still checked against the address; its failures recorded.
 */
function proxyConnector(connect: Connector, proxyFailures: WeakSet<object>): Connector {
  return (options, callback) => {
    const servername = options.servername && isIpAddress(options.servername.replace(/^\[(.*)\]$/, '$1')) ? null : options.servername;
    const done = (error: Error | null, socket: unknown) => {
      if (error) proxyFailures.add(error);
      callback(error, socket);
    };
    try {
      connect({ ...options, servername }, done);
    } catch (error) {
      done(error instanceof Error ? error : new Error(String(error)), null);
    }
  };
}
