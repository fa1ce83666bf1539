import { stat } from 'node:fs/promises';
import { configError } from '../errors/cli-error.js';
import { terminalSafe } from '../output/escape.js';

/** Group or others may write it. */
const WRITABLE_BY_OTHERS = 0o022;

/**
 * Refuses the configuration folder, as ssh refuses `~/.ssh`, when another user
 * could put files in it: owned by someone other than this user (or root), or
 * writable by group or others. In such a folder a planted `config.json` would
 * send the key to another server, and a planted link could catch what the CLI
 * writes. Only the folder itself is checked, not the folders above it (a
 * folder in /tmp, sticky and writable by all, is fine). A folder that does not
 * exist yet, or cannot be looked at, is left to the read or write that follows.
 */
export async function checkConfigFolder(dir: string): Promise<void> {
  const uid = process.getuid?.();
  if (uid === undefined) return;
  const stats = await stat(dir).catch(() => undefined);
  if (!stats?.isDirectory()) return;
  const where = terminalSafe(dir);
  if (stats.uid !== uid && stats.uid !== 0) {
    throw configError(`the configuration folder ${where} belongs to another user (uid ${stats.uid}); use a folder of your own (set PETSTORE_CONFIG_DIR)`);
  }
  if ((stats.mode & WRITABLE_BY_OTHERS) !== 0) {
    const mode = (stats.mode & 0o777).toString(8).padStart(4, '0');
    throw configError(`the configuration folder ${where} may be written by other users (mode ${mode}), who could replace its files; run \`chmod go-w ${where}\``);
  }
}
