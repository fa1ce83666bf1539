import { usageError } from '../cli-error.js';
import type { CommandContext } from '../context.js';
import type { ImportFlags } from '../import-flags.js';

/** `pets import FILE|-`: adds many animals. */
export async function importPets(_context: CommandContext, file: string, _flags: ImportFlags): Promise<void> {
  throw usageError(`pets import ${file}: not built yet`);
}
