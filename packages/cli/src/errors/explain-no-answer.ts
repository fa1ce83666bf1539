import { isConnectionError, isTimeoutError } from '@petstore/sdk';
import type { ProxyError } from '@petstore/sdk/node';
import { BUILT_IN_PROFILES } from '../config/profiles.js';

/** What the CLI knows of the request a failure came from, once a command has built its client. */
export interface CallSettings {
  baseUrl: string;
  /** Milliseconds one attempt may take (`--timeout`). */
  timeout: number;
  /** The proxy the requests go through, for messages: `the proxy http://proxy.example:3128 (from HTTPS_PROXY)`. */
  proxy?: string;
}

/** Where the mock profile's server listens by default: the one address a refusal there means petstore-mock is not running. */
const MOCK_BASE_URL = BUILT_IN_PROFILES['mock']?.baseUrl;
const MOCK_ORIGIN = MOCK_BASE_URL === undefined ? undefined : new URL(MOCK_BASE_URL).origin;

/**
 * @petstore/sdk/node's isProxyError, by the SDK's ConnectionError guard and the
 * name: the proxy support is not loaded for this unless a proxy was in use.
 */
export const isProxyError = (error: unknown): error is ProxyError => isConnectionError(error) && error.name === 'ProxyError';

/** The error and its causes, innermost last (bounded: a cause chain may loop). */
function causes(error: Error): object[] {
  const chain: object[] = [];
  for (let current: unknown = error; current instanceof Object && chain.length < 8; current = (current as Error).cause) chain.push(current);
  return chain;
}

/** The code of the error's innermost cause that has one (`ECONNREFUSED`, `CERT_HAS_EXPIRED`). */
function causeCode(error: Error): string | undefined {
  const codes = causes(error).flatMap((cause) => {
    const code = (cause as { code?: unknown }).code;
    return typeof code === 'string' ? [code] : [];
  });
  return codes.at(-1);
}

/**
 * Why a request got no answer, and what to do about it, in words an operator
 * can act on: the SDK says which failure it was (`ConnectionError.failure`);
 * the CLI knows the address and the timeout it used.
 */
export function explainNoAnswer(error: Error, call: CallSettings | undefined): string {
  if (!call) return error.message;
  const { origin, hostname, port } = new URL(call.baseUrl);
  const code = causeCode(error);
  const because = code ? ` (${code})` : '';
  const through = call.proxy ? ` through ${call.proxy}` : '';
  if (isProxyError(error)) return explainProxy(error, hostname);
  if (isTimeoutError(error)) {
    return `no answer from ${origin}${through} within ${call.timeout} ms; reads are tried 3 times. Wait longer with --timeout MS`;
  }
  switch ((error as Error & { failure?: unknown }).failure) {
    // A port the Fetch standard blocks (6000, 6665-6669, 5060, …): fetch refused it before connecting.
    case 'blocked_port':
      return `fetch refuses port ${port} (a port browsers and fetch block, as the Fetch standard lists); serve the API on another port and change the base URL`;
    case 'connection_refused':
      return origin === MOCK_ORIGIN
        ? `nothing is listening at ${origin} — is petstore-mock running? Start it with \`petstore-mock\` (package @petstore/mock-server)`
        : `nothing is listening at ${origin}${because}; check the base URL and that the service is up`;
    case 'host_not_found':
      return `host not found: ${hostname}${because}; check the base URL and your network's DNS`;
    case 'tls':
      return `TLS failed with ${origin}${because}; check that the base URL's scheme is right and the server's certificate is valid (NODE_EXTRA_CA_CERTS adds a private certificate authority)`;
    case 'connection_reset':
      return `${origin} closed the connection${through} before answering${because}; try again`;
    default:
      return `no answer from ${origin}${through}${because}; check your network and the base URL`;
  }
}

/** A proxy's failure, with what to change: the variable, the credentials, or NO_PROXY for the API's host. */
function explainProxy(error: ProxyError, hostname: string): string {
  const bypass = `or set NO_PROXY=${hostname.replace(/^\[(.*)\]$/, '$1')} to connect to it directly`;
  if (error.status === 407) return error.detail;
  if (error.status !== undefined) return `${error.detail}; ask the proxy's administrator, ${bypass}`;
  if (error.failure === 'tls') {
    return `${error.detail}; check that the proxy speaks TLS (else give it as http://) and that its certificate is valid (NODE_EXTRA_CA_CERTS adds a private certificate authority), ${bypass}`;
  }
  return `${error.detail}; check ${error.source}, ${bypass}`;
}
