/** What the CLI knows of the request a failure came from, once a command has built its client. */
export interface CallSettings {
  baseUrl: string;
  /** Milliseconds one attempt may take (`--timeout`). */
  timeout: number;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/;

/** The message of the error's innermost cause that has a code (`ECONNREFUSED`, `CERT_HAS_EXPIRED`). */
function causeCode(error: Error): string | undefined {
  let code: string | undefined;
  for (let current: unknown = error, depth = 0; current instanceof Object && depth < 8; current = (current as Error).cause, depth++) {
    const own = (current as { code?: unknown }).code;
    if (typeof own === 'string') code = own;
  }
  return code;
}

/**
 * Why a request got no answer, and what to do about it, in words an operator
 * can act on: the SDK says which failure it was (`ConnectionError.failure`);
 * the CLI knows the address and the timeout it used.
 */
export function explainNoAnswer(error: Error, call: CallSettings | undefined): string {
  if (!call) return error.message;
  const { origin, hostname } = new URL(call.baseUrl);
  const code = causeCode(error);
  const because = code ? ` (${code})` : '';
  if (error.name === 'TimeoutError') {
    return `no answer from ${origin} within ${call.timeout} ms; reads are tried 3 times. Wait longer with --timeout MS`;
  }
  switch ((error as Error & { failure?: unknown }).failure) {
    case 'connection_refused':
      return LOOPBACK.test(hostname)
        ? `nothing is listening at ${origin} — is petstore-mock running? (./scripts/start.sh starts it)`
        : `nothing is listening at ${origin}${because}; check the base URL and that the service is up`;
    case 'host_not_found':
      return `host not found: ${hostname}${because}; check the base URL and your network's DNS`;
    case 'tls':
      return `TLS failed with ${origin}${because}; check that the base URL's scheme is right and the server's certificate is valid (NODE_EXTRA_CA_CERTS adds a private certificate authority)`;
    case 'connection_reset':
      return `${origin} closed the connection before answering${because}; try again`;
    default:
      return `no answer from ${origin}${because}; check your network and the base URL`;
  }
}
