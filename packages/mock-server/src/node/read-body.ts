import type { IncomingMessage } from 'node:http';
import { BodyTooLargeError, MAX_BODY_BYTES } from '../core/index.js';

/**
 * Reads a request body as text, for the core's `readBody`. A declared
 * `Content-Length` over the limit is refused before a byte is read; a body that
 * grows past it while streaming stops being read at once. Either way `onTooLarge` tells the server to close
 * the connection after answering, since the rest of the body is never read.
 */
export function readBody(request: IncomingMessage, onTooLarge: () => void, limit = MAX_BODY_BYTES): Promise<string> {
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
    request.once('end', () => resolve((chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)).toString('utf8')));
    request.once('error', reject);
  });
}
