import { describeConnectionFailure } from '../client/errors/connection-failure.js';
import { ConnectionError, type ConnectionFailure } from '../client/errors/transport-errors.js';
import { isPetstoreError } from '../client/errors/guards.js';

export interface ProxyErrorInit {
  /** The proxy's URL, its user name and password replaced by `****`. */
  proxy: string;
  /** Where the proxy came from: the variable (`HTTPS_PROXY`, `https_proxy`, …) or `the proxy option`. */
  source: string;
  /** The proxy's answer to CONNECT, or its own answer to a request it forwarded (403, 407, 502…); undefined when it could not be reached. */
  status: number | undefined;
  /** What went wrong, after the proxy's name: the message without the request. */
  detail: string;
}

/**
 * The proxy failed the request: it refused the connection, could not be
 * found, failed TLS, refused to connect to the API (CONNECT answered 403,
 * 407, 502…), or answered a request it forwarded itself (403 or 502 without
 * the API's Error body).
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

/** What a status of the proxy's means: its answer to CONNECT, or (`forwarded`) to a request it forwarded. */
function refusal(status: number, authorised: boolean, forwarded = false): string {
  if (status === 407) return authorised ? 'refused its credentials (407)' : 'asks for credentials (407 Proxy Authentication Required); give them in the proxy URL, http://USER:PASSWORD@HOST:PORT';
  if (status === 403) return 'does not allow this destination (403)';
  if (!forwarded || status === 502 || status === 504) return `could not connect to the API (${status})`;
  return `answered ${status} itself, in place of the API`;
}

/** undici's words for a proxy's refusal: CONNECT answered with another status than 200, or 407 to a forwarded request. */
const REFUSED = [/^Proxy response \((\d{3})\) !== 200/, /^Proxy Authentication Required \((407)\)/];

/** Which proxy a request went through, for its errors. */
export interface ProxyInUse {
  url: URL;
  /** `url` for messages (see redactProxyUrl). */
  redacted: string;
  /** The variable it came from, or `the proxy option`. */
  source: string;
}

const nameOf = (proxy: ProxyInUse): string => `the proxy ${proxy.redacted} (from ${proxy.source})`;

/**
 * The proxy's own answer to a request it forwarded (see isProxysOwnAnswer) as
 * a ProxyError: its status and a few words of its page (`excerpt`).
 */
export function proxyAnswerError(label: string, status: number, excerpt: string, proxy: ProxyInUse): ProxyError {
  const detail = `${nameOf(proxy)} ${refusal(status, proxy.url.username !== '', true)}${excerpt ? ` ("${excerpt.replaceAll('"', "'")}")` : ''}`;
  return new ProxyError(label, 'network', { proxy: proxy.redacted, source: proxy.source, status, detail });
}

/**
 * A failure of a request sent through `proxy` as a ProxyError, when it is the
 * proxy's: its refusal, or a failure of the connection to it (refused, host
 * not found, its TLS: the errors in `proxyFailures`, as the connector to the
 * proxy recorded them). Anything else (a TLS failure with the API through the
 * tunnel, the caller's abort) is returned unchanged.
 */
export function toProxyError(error: unknown, label: string, proxy: ProxyInUse, proxyFailures: WeakSet<object>): unknown {
  if (!(error instanceof Error) || error.name === 'AbortError' || error.name === 'TimeoutError') return error;
  const init = { proxy: proxy.redacted, source: proxy.source };
  const name = nameOf(proxy);
  let ofProxy = false;
  for (let cause: unknown = error, depth = 0; cause instanceof Error && depth < 8; cause = cause.cause, depth++) {
    const status = REFUSED.map((pattern) => pattern.exec(cause instanceof Error ? cause.message : '')?.[1]).find((found) => found !== undefined);
    if (status !== undefined) {
      const code = Number(status);
      return new ProxyError(label, 'network', { ...init, status: code, detail: `${name} ${refusal(code, proxy.url.username !== '')}` }, { cause: error });
    }
    ofProxy ||= proxyFailures.has(cause);
  }
  // Only the proxy's address is looked up and connected to: a refusal or an
  // unknown host is the proxy's. A reset or a TLS failure may be the API's,
  // through the tunnel, and keeps its own error unless the connector to the proxy saw it.
  const { failure, description } = describeConnectionFailure(error);
  if (!ofProxy && failure !== 'connection_refused' && failure !== 'host_not_found') return error;
  const what = failure === 'tls' ? `: ${description}` : ` could not be reached: ${description}`;
  return new ProxyError(label, failure, { ...init, status: undefined, detail: `${name}${what}` }, { cause: error });
}
