import { ResponseTooLargeError } from './errors/response-too-large-error.js';

/**
 * A response body as text, at most `maxBytes`: ky bounds no successful body's
 * size, and a server may send one that never ends. Read within the attempt
 * (see `attempt` in http-client.ts), so ky's attempt timeout and its retries
 * cover the body too. Past the bound, `attempt` ends the fetch, which closes the
 * connection in every runtime (cancelling the reader does not in Firefox, which
 * keeps a half-read connection and makes the next request wait for it); without
 * one (a Response an afterResponse hook made) the reader is cancelled.
 * (Read here rather than through ky's `onDownloadProgress`, which clones the
 * response into a second stream for every call; see docs/benchmarks.md,
 * "Optimisations kept".)
 */
export async function readBody(response: Response, maxBytes: number, label: string, attempt?: AbortController): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  // One decoder per body: a streaming decoder keeps state between chunks.
  const utf8 = new TextDecoder();
  let text = '';
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + utf8.decode();
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      if (attempt) attempt.abort();
      else void reader.cancel();
      throw new ResponseTooLargeError(`${label}: the response body is larger than maxResponseBytes (${maxBytes} bytes)`, maxBytes);
    }
    // A character split between two chunks is decoded whole with the second (`stream`).
    text += utf8.decode(value, { stream: true });
  }
}
