import { stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { CliError, configError } from '../errors/cli-error.js';
import { terminalSafe } from '../output/escape.js';
import { fileKind, NotReadable, readRegularBytes } from '../io/read-regular-file.js';
import { formatBytes } from '../io/read-stream.js';

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
 * refused without being read, so a FIFO never blocks the CLI (see
 * readRegularBytes). At most CONFIG_FILE_LIMIT bytes are read.
 */
export async function readConfigFile(path: string, limit = CONFIG_FILE_LIMIT): Promise<ConfigFileText | undefined> {
  try {
    const { bytes, stats } = await readRegularBytes(path, limit);
    return { text: decode(bytes, path), mode: stats.mode };
  } catch (error) {
    if (error instanceof CliError) throw error;
    if (error instanceof NotReadable) {
      if (error.reason === 'too_large') throw configError(`${terminalSafe(path)} is larger than ${formatBytes(limit)}; it cannot be a configuration file: fix or delete it`);
      const kind = error.stats.isDirectory() ? 'a folder' : fileKind(error.stats);
      throw configError(`${terminalSafe(path)} is ${kind}, not a regular file; the CLI reads only regular files: remove or replace it`);
    }
    if (errnoOf(error) === 'ENOENT') return undefined;
    // Without search permission on the folder, the file cannot even be looked at.
    if (errnoOf(error) === 'EACCES' && errnoOf(await stat(path).catch((statError: unknown) => statError)) === 'EACCES') {
      throw configError(`cannot open the configuration folder ${terminalSafe(dirname(path))}: permission denied (EACCES); check its owner and mode, or set PETSTORE_CONFIG_DIR`);
    }
    throw fileError(error, path, 'read');
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
