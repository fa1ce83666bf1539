/** A word as a POSIX shell reads it back: quoted when it holds anything but the plain characters. */
export const shellWord = (word: string): string => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`);
