import { usageError } from '../errors/cli-error.js';

/**
 * Reads a whole stream as UTF-8 text (stdin for `--data -`, `pets import -` and
 * `--with-token`), at most `maxBytes`: past that it stops reading and fails with
 * a usage error naming `what`, instead of filling memory from an endless pipe.
 */
export async function readStream(stream: NodeJS.ReadableStream, maxBytes: number, what: string): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    total += buffer.length;
    if (total > maxBytes) throw usageError(`${what}: more than ${formatBytes(maxBytes)} on stdin; pass a file instead, or split the input`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** `1 MiB`, `64 MiB`, `512 bytes`. */
export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}
