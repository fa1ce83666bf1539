import type { IncomingMessage } from 'node:http';
import { BodyTooLargeError, HttpError, MAX_BODY_BYTES } from '../core/index.js';

/**
 * Reads a request body's bytes, for the core's `readBody`. A declared
 * `Content-Length` over the limit is refused before a byte is read; a body that
 * grows past it while streaming stops being read at once. Either way `onTooLarge`
 * tells the server to close the connection after answering, since the rest of the
 * body is never read. A client that goes away mid-body, sends malformed chunks or
 * is too slow gets the 400 or 408 it earned (and the log says so), not a 500.
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
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) {
        request.off('data', onData);
        refuse();
        return;
      }
      chunks.push(chunk);
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
