import type { SentRequest } from '@petstore/sdk/conformance';

/** A word for a POSIX shell: single-quoted, a quote inside as '\''. */
const quoted = (text: string): string => `'${text.replaceAll("'", "'\\''")}'`;

/**
 * The credential of a case as curl sends it: the key never, a shell variable
 * in its place (in double quotes: the shell expands it, so the key is neither
 * printed nor stored).
 */
function authHeader({ auth, scheme }: Pick<SentRequest, 'auth' | 'scheme'>, wrongKey: string): string | undefined {
  if (auth === 'key') return scheme === undefined ? '-H "Authorization: Bearer $PETSTORE_API_KEY"' : `-H ${quoted(`Authorization: ${scheme} `)}"$PETSTORE_API_KEY"`;
  return auth === 'wrong' ? `-H ${quoted(`Authorization: ${scheme ?? 'Bearer'} ${wrongKey}`)}` : undefined;
}

/**
 * A copy-pasteable `curl` that sends the case's request again, the API key
 * replaced by `$PETSTORE_API_KEY`. (The wrong key of a 401 case is a fixed
 * word, not a secret, and is shown as sent.) Not its request id: a request
 * sent again is another request.
 */
export function curlCommand(request: Omit<SentRequest, 'requestId'>, wrongKey: string): string {
  const words = ['curl -i', ...(request.method === 'GET' ? [] : [`-X ${request.method}`]), quoted(request.url)];
  const auth = authHeader(request, wrongKey);
  if (auth !== undefined) words.push(auth);
  if (request.contentType !== undefined) words.push(`-H ${quoted(`Content-Type: ${request.contentType}`)}`);
  for (const [name, value] of Object.entries(request.headers ?? {})) words.push(`-H ${quoted(`${name}: ${value}`)}`);
  if (request.body !== undefined) words.push(`--data-raw ${quoted(request.body)}`);
  return words.join(' ');
}
