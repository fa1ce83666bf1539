import type { SentRequest } from '@petstore/sdk/conformance';

/** A word for a POSIX shell: single-quoted, a quote inside as '\''. */
const quoted = (text: string): string => `'${text.replaceAll("'", "'\\''")}'`;

/** The credential of a case as curl sends it: the key never, a shell variable in its place. */
const AUTH_HEADER: Record<SentRequest['auth'], string | undefined> = {
  // Double quotes: the shell expands the variable, so the key is neither printed nor stored.
  key: '-H "Authorization: Bearer $PETSTORE_API_KEY"',
  wrong: undefined,
  none: undefined,
};

/**
 * A copy-pasteable `curl` that sends the case's request again, the API key
 * replaced by `$PETSTORE_API_KEY`. (The wrong key of a 401 case is a fixed
 * word, not a secret, and is shown as sent.) Not its request id: a request
 * sent again is another request.
 */
export function curlCommand(request: Omit<SentRequest, 'requestId'>, wrongKey: string): string {
  const words = ['curl -i', ...(request.method === 'GET' ? [] : [`-X ${request.method}`]), quoted(request.url)];
  const auth = request.auth === 'wrong' ? `-H ${quoted(`Authorization: Bearer ${wrongKey}`)}` : AUTH_HEADER[request.auth];
  if (auth !== undefined) words.push(auth);
  if (request.contentType !== undefined) words.push(`-H ${quoted(`Content-Type: ${request.contentType}`)}`);
  if (request.body !== undefined) words.push(`--data-raw ${quoted(request.body)}`);
  return words.join(' ');
}
