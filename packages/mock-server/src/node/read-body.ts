import type { IncomingMessage } from 'node:http';
import { BodyTooLargeError, HttpError, MAX_BODY_BYTES } from '../core/index.js';

/**
 * How much more of a streamed body past the limit is read and dropped after the
 * 413. Closing the connection at once would send a reset that can reach a client
 * still uploading before it reads the answer (Node.js 22's fetch then fails with
 * EPIPE); a body that ends within this leaves the connection open, one that
 * goes on is cut off.
 */
const DRAINED_PAST_LIMIT = 8 * 1024 * 1024;
/** How long the rest may take to arrive after the 413 before the connection closes. */
const DRAIN_MS = 2_000;

/**
 * Reads a request body's bytes, for the core's `readBody`. A declared
 * `Content-Length` over the limit is refused before a byte is read, and
 * `onTooLarge` tells the server to close the connection after answering, since
 * the body is never read. A body that grows past the limit while streaming is
 * refused at once too; the rest is dropped as it comes, up to
 * DRAINED_PAST_LIMIT or for DRAIN_MS. A client that goes away mid-body, sends malformed chunks
 * or is too slow gets the 400 or 408 it earned (and the log says so), not a 500.
 */
export function readBody(request: IncomingMessage, onTooLarge: () => void, limit = MAX_BODY_BYTES): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const refuse = () => {
      onTooLarge();
      request.pause();
      reject(new BodyTooLargeError());
    };
    const declared = Number(request.headers['content-length']);
    if (declared > limit) {
      refuse();
      return;
    }
    let chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= limit) {
        chunks.push(chunk);
        return;
      }
      if (received - chunk.length <= limit) {
        // Just past the limit: answered now; what follows is dropped, for a while.
        chunks = [];
        reject(new BodyTooLargeError());
        const timer = setTimeout(() => request.socket.destroy(), DRAIN_MS).unref();
        request.once('end', () => clearTimeout(timer));
      }
      if (received > limit + DRAINED_PAST_LIMIT) request.socket.destroy();
    };
    request.on('data', onData);
    // A small body arrives as one chunk: no need to copy it into a new buffer first.
    request.once('end', () => resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)));
    request.once('error', (error: NodeJS.ErrnoException) => reject(unreadable(error)));
    request.once('close', () => {
      if (!request.complete) reject(unreadable(undefined));
    });
  });
}

function unreadable(error: NodeJS.ErrnoException | undefined): HttpError {
  if (error?.code === 'ERR_HTTP_REQUEST_TIMEOUT') return new HttpError('request_timeout', 'The request body took too long to arrive');
  return new HttpError('invalid_request', 'The request body did not arrive whole: the connection closed, or its chunked encoding was malformed');
}
