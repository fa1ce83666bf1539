import type { Stats } from 'node:fs';
import { constants, open } from 'node:fs/promises';
import { usageError } from '../errors/cli-error.js';
import { formatBytes } from './read-stream.js';

const CHUNK_BYTES = 1024 * 1024;

/** What a path is when it is not a regular file, in words. */
export function fileKind(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/** Why a path was not read, for the caller to word: not a regular file (`stats` says what), or larger than the bound. */
export class NotReadable extends Error {
  override name = 'NotReadable';

  constructor(
    readonly reason: 'not_regular' | 'too_large',
    readonly stats: Stats,
  ) {
    super(reason);
  }
}

/**
 * The bytes of a regular file, at most `maxBytes`, and its stats. Anything else
 * is refused before a byte is read: it is opened non-blocking (opening a FIFO
 * would otherwise wait for a writer) and checked with fstat on the open file, so
 * a FIFO, a device or /dev/stdin, even one swapped in meanwhile, never blocks or
 * streams forever. Errors of open() (ENOENT, EACCES) pass as they are.
 */
export async function readRegularBytes(path: string, maxBytes: number): Promise<{ bytes: Buffer; stats: Stats }> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new NotReadable('not_regular', stats);
    if (stats.size > maxBytes) throw new NotReadable('too_large', stats);
    const chunks: Buffer[] = [];
    let total = 0;
    // Read to the end rather than to stats.size: the file may grow meanwhile, and is still bounded.
    for (;;) {
      const { bytesRead, buffer } = await handle.read({ buffer: Buffer.allocUnsafe(CHUNK_BYTES) });
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > maxBytes) throw new NotReadable('too_large', stats);
      chunks.push(buffer.subarray(0, bytesRead));
    }
    return { bytes: Buffer.concat(chunks, total), stats };
  } finally {
    await handle.close();
  }
}

/**
 * A regular file as UTF-8 text, at most `maxBytes` (see readRegularBytes), for
 * a file named on the command line: a refusal is a usage error whose message
 * starts with `what`; `instead` ends the one for a file that is not regular.
 */
export async function readRegularFile(path: string, maxBytes: number, what: string, instead = ''): Promise<string> {
  try {
    return (await readRegularBytes(path, maxBytes)).bytes.toString('utf8');
  } catch (error) {
    if (error instanceof NotReadable) {
      throw usageError(error.reason === 'too_large' ? `${what}: larger than ${formatBytes(maxBytes)}; split it` : `${what}: ${fileKind(error.stats)}, not a regular file${instead}`);
    }
    throw usageError(`${what}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}
