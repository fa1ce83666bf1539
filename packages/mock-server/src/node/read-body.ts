import type { IncomingMessage } from 'node:http';
import { BodyTooLargeError, MAX_BODY_BYTES } from '../core/index.js';

/**
 * A `readBody` for the core. A declared `Content-Length` over the limit is
 * refused before a byte is read; a body that grows past it while streaming
 * stops being read at once. Either way `onTooLarge` tells the server to close
 * the connection after answering, since the rest of the body is never read.
 */
export function createBodyReader(request: IncomingMessage, onTooLarge: () => void, limit = MAX_BODY_BYTES) {
  return (): Promise<string> =>
    new Promise((resolve, reject) => {
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
      request.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      request.once('error', reject);
    });
}
