import { randomBytes } from 'node:crypto';
import { constants, open, rename, rm } from 'node:fs/promises';

/** Tries at new names when a temporary name is taken (by a file planted there, or a leftover). */
const NAME_ATTEMPTS = 4;

// O_NOFOLLOW is absent on Windows; O_EXCL already refuses to open through a link.
const CREATE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

/**
 * Writes a file whole, or not at all (a crash leaves the old one), with `mode`.
 * The text goes to a new file at a random name beside it, created exclusively
 * (O_EXCL, O_NOFOLLOW: never through a link or into a file someone planted),
 * then renamed over `path` (which replaces a link there instead of following it).
 * Errors are node:fs's, for the caller to word.
 */
export async function writeFileAtomically(path: string, text: string, mode: number): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const partial = `${path}.${randomBytes(8).toString('hex')}.tmp`;
    let handle;
    try {
      handle = await open(partial, CREATE_NEW, mode);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST' && attempt < NAME_ATTEMPTS) continue;
      throw error;
    }
    try {
      // The umask may have taken bits off the mode open() was given: the file gets exactly `mode`.
      await handle.chmod(mode);
      await handle.writeFile(text);
      await handle.close();
      await rename(partial, path);
      return;
    } catch (error) {
      await handle.close().catch(() => {});
      await rm(partial, { force: true }).catch(() => {});
      throw error;
    }
  }
}
