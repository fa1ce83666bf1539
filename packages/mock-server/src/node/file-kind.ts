import type { Stats } from 'node:fs';

/**
 * What a path is when it is not a regular file, in words for a message
 * ("a FIFO (named pipe)"); undefined for a regular file. A file flag reads
 * only regular files: opening a FIFO waits for a writer, a device streams
 * without end, a directory or socket holds no data.
 */
export function notRegularFileKind(stats: Stats): string | undefined {
  if (stats.isFile()) return undefined;
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a regular file';
}
