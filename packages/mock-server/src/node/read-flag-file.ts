import type { Stats } from 'node:fs';
import { constants, open, stat } from 'node:fs/promises';
import { UsageError } from './cli-options.js';
import { notRegularFileKind } from './file-kind.js';

/**
 * The text of the file a flag names (`--seed-file pets.json`): a regular file
 * (or a symbolic link to one) of at most `maxBytes`. Anything else is refused
 * before it is opened, and the file is opened non-blocking and checked again,
 * so that a FIFO never makes start-up wait for a writer. Every problem is a
 * `UsageError` naming the flag and the file; `tooLarge` says what to do about size.
 */
export async function readFlagFile(flag: string, path: string, maxBytes: number, tooLarge: string): Promise<string> {
  const refuse = (problem: string) => new UsageError(`${flag} ${path}: ${problem}`);
  const checkKind = (stats: Stats) => {
    const kind = notRegularFileKind(stats);
    if (kind !== undefined) throw refuse(`${kind}, not a regular file; give the path of a JSON file`);
    if (stats.size > maxBytes) throw refuse(tooLarge);
  };
  try {
    checkKind(await stat(path));
    const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      checkKind(await handle.stat());
      return await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw refuse(`cannot read it (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}
