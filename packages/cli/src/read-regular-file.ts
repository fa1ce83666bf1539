import { constants, open } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { usageError } from './cli-error.js';
import { formatBytes } from './read-stream.js';

const CHUNK_BYTES = 1024 * 1024;

function kind(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/**
 * Reads a regular file as UTF-8 text, at most `maxBytes`. Anything else is
 * refused before a byte is read: it is opened non-blocking (opening a FIFO
 * would otherwise wait for a writer) and checked with fstat, so a FIFO, a
 * device or /dev/stdin never blocks or streams forever. Messages start with
 * `what`; `instead` ends the one for a file that is not regular.
 */
export async function readRegularFile(path: string, maxBytes: number, what: string, instead = ''): Promise<string> {
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw usageError(`${what}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw usageError(`${what}: ${kind(stats)}, not a regular file${instead}`);
    if (stats.size > maxBytes) throw usageError(`${what}: larger than ${formatBytes(maxBytes)}; split it`);
    const chunks: Buffer[] = [];
    let total = 0;
    // Read to the end rather than to stats.size: the file may grow meanwhile, and is still bounded.
    for (;;) {
      const { bytesRead, buffer } = await handle.read({ buffer: Buffer.allocUnsafe(CHUNK_BYTES) });
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > maxBytes) throw usageError(`${what}: larger than ${formatBytes(maxBytes)}; split it`);
      chunks.push(buffer.subarray(0, bytesRead));
    }
    return Buffer.concat(chunks, total).toString('utf8');
  } finally {
    await handle.close();
  }
}
