import type { ConnectionFailure } from './transport-errors.js';

/** What each kind of failure is called in a message. */
const DESCRIPTIONS: Record<ConnectionFailure, string> = {
  connection_refused: 'connection refused',
  host_not_found: 'host not found',
  tls: 'TLS failure',
  connection_reset: 'connection reset',
  blocked_port: 'a port fetch refuses to connect to (bad port: the Fetch standard blocks it)',
  network: 'network error',
};

/** Node.js and Bun put a code on the failure or its causes; Deno says it in words; browsers give no reason. */
const PATTERNS: [ConnectionFailure, RegExp][] = [
  // undici's words for a port the Fetch standard blocks (6000, 5060, …): no connection is tried.
  ['blocked_port', /\bbad port\b/i],
  ['connection_refused', /refused/i],
  ['host_not_found', /NOTFOUND|EAI_AGAIN|EAI_NONAME|dns|lookup/i],
  ['tls', /CERT|TLS|SSL|EPROTO/i],
  ['connection_reset', /RESET|EPIPE|SOCKET|closed|terminated/i],
];

/** Names why a request got no answer, from the codes and messages of the failure and its causes. */
export function describeConnectionFailure(error: unknown): { failure: ConnectionFailure; description: string } {
  const words: string[] = [];
  let code: string | undefined;
  // Causes nest (fetch's TypeError → the socket's error); a bound against cycles.
  for (let current = error, depth = 0; current instanceof Object && depth < 8; current = (current as Error).cause, depth++) {
    const { code: ownCode, message } = current as { code?: unknown; message?: unknown };
    if (typeof ownCode === 'string') words.push((code = ownCode));
    words.push(String(message));
  }
  const text = words.join(' ');
  const failure = PATTERNS.find(([, pattern]) => pattern.test(text))?.[0] ?? 'network';
  return { failure, description: `${DESCRIPTIONS[failure]}${code ? ` (${code})` : ''}` };
}
