import { closeSync, openSync, readSync } from 'node:fs';
import { MockServerConfigError } from './mock-server-config-error.js';

/** `PRAGMA application_id` of our files: "PETS" in ASCII. How a SQLite file says it is a petstore-mock data file. */
export const APPLICATION_ID = 0x50455453;

/** How every SQLite database file begins. */
const SQLITE_MAGIC = 'SQLite format 3\0';
/** The first line of the journal format that came before SQLite. */
const OLD_JOURNAL_HEADER = '{"petstoreMockData":';
/** Where the SQLite file header keeps the schema cookie and the application id (4-byte big-endian integers). */
const SCHEMA_COOKIE_OFFSET = 40;
const APPLICATION_ID_OFFSET = 68;
const HEADER_BYTES = 100;

/**
 * Refuses what `--data FILE` must not open, judged by its first bytes before
 * SQLite touches it, with a message that names the file; it is left as it
 * was. Let through: no file, an empty one, a SQLite database in which no
 * table was ever made, and ours.
 */
export function checkDataFile(path: string): void {
  let header: Buffer;
  let size: number;
  try {
    const fd = openSync(path, 'r');
    try {
      header = Buffer.alloc(HEADER_BYTES);
      size = readSync(fd, header, 0, HEADER_BYTES, 0);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return;
    throw new MockServerConfigError(`--data ${path}: cannot read it (${code ?? String(error)})`);
  }
  if (size === 0) return;
  const start = header.toString('latin1', 0, size);
  if (start.startsWith(SQLITE_MAGIC) && size === HEADER_BYTES) {
    const applicationId = header.readUInt32BE(APPLICATION_ID_OFFSET);
    if (applicationId === APPLICATION_ID) return;
    // A database no table was ever made in (`sqlite3 FILE 'PRAGMA journal_mode=WAL'`) holds nothing to lose.
    if (applicationId === 0 && header.readUInt32BE(SCHEMA_COOKIE_OFFSET) === 0) return;
    throw new MockServerConfigError(
      `--data ${path} is a SQLite database of another application, not a petstore-mock data file; it was left untouched. Choose another file, or remove this one.`,
    );
  }
  if (start.startsWith(OLD_JOURNAL_HEADER)) throw new MockServerConfigError(oldFormatMessage(path, start));
  throw new MockServerConfigError(
    `--data ${path} is not a petstore-mock data file (not a SQLite database); it was left untouched. Choose another file, or remove this one.`,
  );
}

/** The journal format is refused; its animals can move to the new file as a seed. */
function oldFormatMessage(path: string, start: string): string {
  const firstLineEnd = start.indexOf('\n');
  const holdsAnimals = firstLineEnd !== -1 && start.length > firstLineEnd + 1;
  const lead = `--data ${path} is in the line-per-animal journal format of earlier petstore-mock versions, which this version no longer reads (it keeps its data in SQLite); the file was left untouched.`;
  return holdsAnimals
    ? `${lead} To keep its animals, turn them into a seed file and start a new data file from it:\n  tail -n +2 ${path} | jq -s . > pets.json && petstore-mock --seed-file pets.json --data pets.db`
    : `${lead} It holds no animals: remove it, or choose another path.`;
}
