import { ResponseTooLargeError } from './errors/response-too-large-error.js';
import { timeLeft, timeoutError, type CallContext } from './errors/to-petstore-error.js';

/**
 * A response body as text: at most `maxBytes`, within the attempt's time.
 * ky bounds neither for a body that succeeded, and a server may send one that
 * never ends; past either bound the attempt's controller ends its fetch, which closes
 * the connection in every runtime (cancelling the reader does not in Firefox,
 * which keeps a half-read connection and makes the next request wait for it).
 * (Read here rather than through ky's `onDownloadProgress`, which clones the
 * response into a second stream for every call; see docs/benchmarks.md,
 * "Optimisations kept".)
 */
export async function readBody(response: Response, maxBytes: number, context: CallContext, attempt: AbortController): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  // (A time already past fires at once.)
  const ms = Math.min(context.timeout, timeLeft(context));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    attempt.abort();
  }, ms);
  try {
    // One decoder per body: a streaming decoder keeps state between chunks.
    const utf8 = new TextDecoder();
    let text = '';
    let bytes = 0;
    for (;;) {
      // An aborted fetch errors its body (the Fetch standard), in each runtime's own words.
      const { done, value } = await reader.read().catch((error: unknown) => {
        throw timedOut ? timeoutError(context) : error;
      });
      if (done) return text + utf8.decode();
      bytes += value.byteLength;
      if (bytes > maxBytes) {
        attempt.abort();
        throw new ResponseTooLargeError(`${context.label}: the response body is larger than maxResponseBytes (${maxBytes} bytes)`, maxBytes);
      }
      // A character split between two chunks is decoded whole with the second (`stream`).
      text += utf8.decode(value, { stream: true });
    }
  } finally {
    clearTimeout(timer);
  }
}
