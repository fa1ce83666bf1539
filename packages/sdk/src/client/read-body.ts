import { ResponseTooLargeError } from './errors/response-too-large-error.js';
import { timeoutError, type CallContext } from './errors/to-petstore-error.js';

const utf8 = new TextDecoder();

function concat(chunks: readonly Uint8Array[], bytes: number): Uint8Array {
  const whole = new Uint8Array(bytes);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return whole;
}

/**
 * A response body as text: at most `maxBytes`, within the attempt's time.
 * ky bounds neither for a body that succeeded, and a server may send one that
 * never ends; past either bound the read stops and the connection is closed.
 * (Read here rather than through ky's `onDownloadProgress`, which clones the
 * response into a second stream for every call: `pnpm bench:sdk` measured
 * about 50 µs of CPU per call for that.)
 */
export async function readBody(response: Response, maxBytes: number, context: CallContext): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const ms = Math.max(0, Math.min(context.timeout, context.started + context.totalTimeout - Date.now()));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void reader.cancel().catch(() => {});
  }, ms);
  try {
    const chunks: Uint8Array[] = [];
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (timedOut) throw timeoutError(context);
      // Decoded once, at the end: most bodies are one chunk.
      if (done) return utf8.decode(chunks.length === 1 ? chunks[0] : concat(chunks, bytes));
      bytes += value.byteLength;
      if (bytes > maxBytes) {
        void reader.cancel().catch(() => {});
        throw new ResponseTooLargeError(`${context.label}: the response body is larger than maxResponseBytes (${maxBytes} bytes)`, maxBytes);
      }
      chunks.push(value);
    }
  } finally {
    clearTimeout(timer);
  }
}
