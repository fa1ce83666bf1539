import { describeConnectionFailure } from '../client/errors/connection-failure.js';
import { ConnectionError, type ConnectionFailure } from '../client/errors/transport-errors.js';
import { isPetstoreError } from '../client/errors/guards.js';

export interface ProxyErrorInit {
  /** The proxy's URL, its password replaced by `****`. */
  proxy: string;
  /** Where the proxy came from: the variable (`HTTPS_PROXY`, `https_proxy`, …) or `the proxy option`. */
  source: string;
  /** The proxy's answer to CONNECT, or 407 to a forwarded request; undefined when it could not be reached. */
  status: number | undefined;
  /** What went wrong, after the proxy's name: the message without the request. */
  detail: string;
}

/**
 * The proxy failed the request: it refused the connection, could not be
 * found, or refused to connect to the API (CONNECT answered 403, 407, 502…).
 * A ConnectionError: no answer came from the API.
 */
export class ProxyError extends ConnectionError {
  override name = 'ProxyError';
  readonly proxy: string;
  readonly source: string;
  readonly status: number | undefined;
  readonly detail: string;

  constructor(label: string, failure: ConnectionFailure, init: ProxyErrorInit, options?: ErrorOptions) {
    super(`${label}: ${init.detail}`, failure, options);
    this.proxy = init.proxy;
    this.source = init.source;
    this.status = init.status;
    this.detail = init.detail;
  }
}

/** A ProxyError, by class or (from another copy of the SDK) by brand and name. */
export const isProxyError = (error: unknown): error is ProxyError =>
  error instanceof ProxyError || (isPetstoreError(error) && error.name === 'ProxyError');

/** What a status of the proxy's means. */
function refusal(status: number, authorised: boolean): string {
  if (status === 407) return authorised ? 'refused its credentials (407)' : 'asks for credentials (407 Proxy Authentication Required); give them in the proxy URL, http://USER:PASSWORD@HOST:PORT';
  if (status === 403) return 'does not allow this destination (403)';
  return `could not connect to the API (${status})`;
}

/** undici's words for a proxy's refusal: CONNECT answered with another status than 200, or 407 to a forwarded request. */
const REFUSED = [/^Proxy response \((\d{3})\) !== 200/, /^Proxy Authentication Required \((407)\)/];

/**
 * A failure of a request sent through `proxy` as a ProxyError, when it is the
 * proxy's: its refusal, or no connection to it. Anything else (a TLS failure
 * with the API through the tunnel, the caller's abort) is returned unchanged.
 */
export function toProxyError(error: unknown, label: string, proxy: URL, redacted: string, source: string): unknown {
  if (!(error instanceof Error) || error.name === 'AbortError' || error.name === 'TimeoutError') return error;
  const init = { proxy: redacted, source };
  const name = `the proxy ${redacted} (from ${source})`;
  for (let cause: unknown = error, depth = 0; cause instanceof Error && depth < 8; cause = cause.cause, depth++) {
    const status = REFUSED.map((pattern) => pattern.exec(cause instanceof Error ? cause.message : '')?.[1]).find((found) => found !== undefined);
    if (status !== undefined) {
      const code = Number(status);
      return new ProxyError(label, 'network', { ...init, status: code, detail: `${name} ${refusal(code, proxy.username !== '')}` }, { cause: error });
    }
  }
  // Only the proxy's address is looked up and connected to; a reset or a TLS
  // failure may be the API's, through the tunnel, and keeps its own error.
  const { failure, description } = describeConnectionFailure(error);
  if (failure !== 'connection_refused' && failure !== 'host_not_found') return error;
  return new ProxyError(label, failure, { ...init, status: undefined, detail: `${name} could not be reached: ${description}` }, { cause: error });
}
