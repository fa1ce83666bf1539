import { constants, type Stats } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { CliError, configError } from '../cli-error.js';
import { terminalSafe } from '../output/escape.js';
import { formatBytes } from '../read-stream.js';

/** The most a configuration file may hold: a few profiles take a few hundred bytes. */
export const CONFIG_FILE_LIMIT = 1024 * 1024;

/** A configuration file's text, and its mode (for the credentials file's permission check). */
export interface ConfigFileText {
  text: string;
  mode: number;
}

const errnoOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

const KINDS: [(stats: Stats) => boolean, string][] = [
  [(stats) => stats.isDirectory(), 'a folder'],
  [(stats) => stats.isFIFO(), 'a FIFO (named pipe)'],
  [(stats) => stats.isSocket(), 'a socket'],
  [(stats) => stats.isCharacterDevice() || stats.isBlockDevice(), 'a device'],
];
const kindOf = (stats: Stats): string => KINDS.find(([is]) => is(stats))?.[1] ?? 'not a regular file';

/**
 * Why a file operation on `path` failed, in words naming the file or its
 * folder, as a configuration error (exit 3) rather than a raw errno and a stack.
 * `action` is `read` or `write`.
 */
export function fileError(error: unknown, path: string, action: 'read' | 'write') {
  const code = errnoOf(error);
  const file = terminalSafe(path);
  const folder = terminalSafe(dirname(path));
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return configError(`cannot ${action} ${file}: permission denied (${code}); check the owner and mode of the file and of ${folder}`);
    case 'ENOTDIR':
      return configError(`cannot ${action} ${file}: ${folder} or a folder above it is not a folder (ENOTDIR); set PETSTORE_CONFIG_DIR to a folder`);
    case 'EROFS':
      return configError(`cannot ${action} ${file}: the file system is read-only (EROFS)`);
    case 'ELOOP':
      return configError(`cannot ${action} ${file}: too many symbolic links (ELOOP)`);
    default:
      return configError(`cannot ${action} ${file}: ${code ?? (error instanceof Error ? error.message : String(error))}`);
  }
}

/**
 * Reads a configuration file, or `undefined` if there is none. Only a regular
 * file is read (a symbolic link to one too): a FIFO, a device or a folder is
 * refused before it is opened, so a FIFO never blocks the CLI. The check is
 * made again on the open file (opened with O_NONBLOCK, so even a FIFO swapped
 * in between cannot block) and its identity compared, so what is read is what
 * was checked. At most CONFIG_FILE_LIMIT bytes are read.
 */
export async function readConfigFile(path: string, limit = CONFIG_FILE_LIMIT): Promise<ConfigFileText | undefined> {
  let before: Stats;
  try {
    before = await stat(path);
  } catch (error) {
    if (errnoOf(error) === 'ENOENT') return undefined;
    // Without search permission on the folder, the file cannot even be looked at.
    if (errnoOf(error) === 'EACCES') {
      throw configError(`cannot open the configuration folder ${terminalSafe(dirname(path))}: permission denied (EACCES); check its owner and mode, or set PETSTORE_CONFIG_DIR`);
    }
    throw fileError(error, path, 'read');
  }
  const refuse = (stats: Stats) => configError(`${terminalSafe(path)} is ${kindOf(stats)}, not a regular file; the CLI reads only regular files: remove or replace it`);
  const tooLarge = () => configError(`${terminalSafe(path)} is larger than ${formatBytes(limit)}; it cannot be a configuration file: fix or delete it`);
  if (!before.isFile()) throw refuse(before);
  if (before.size > limit) throw tooLarge();

  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    if (errnoOf(error) === 'ENOENT') return undefined;
    throw fileError(error, path, 'read');
  }
  try {
    const opened = await handle.stat();
    if (!opened.isFile()) throw refuse(opened);
    if (opened.ino !== before.ino || opened.dev !== before.dev) throw configError(`${terminalSafe(path)} changed while it was read; try again`);
    // One byte more than the limit tells a file that grew past it from one that fits.
    const buffer = Buffer.allocUnsafe(limit + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > limit) throw tooLarge();
    }
    return { text: decode(buffer.subarray(0, length), path), mode: opened.mode };
  } catch (error) {
    throw error instanceof CliError ? error : fileError(error, path, 'read');
  } finally {
    await handle.close();
  }
}

function decode(bytes: Uint8Array, path: string): string {
  try {
    // A leading byte order mark (some editors write one) is dropped.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw configError(`${terminalSafe(path)} is not UTF-8 text; fix or delete it`);
  }
}
