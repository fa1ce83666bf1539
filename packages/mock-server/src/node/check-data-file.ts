import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, realpathSync, statSync, type Stats } from 'node:fs';
import { notRegularFileKind } from './file-kind.js';
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
 * Refuses what `--data FILE` must not open, judged by what it is and its first
 * bytes before SQLite touches it, with a message that names the file; it is
 * left as it was. Let through: no file, an empty one, a SQLite database in
 * which no table was ever made, and ours. Only a regular file (or a symbolic
 * link to one) is opened, non-blocking, and checked again once open: a FIFO
 * swapped in meanwhile never makes start-up wait for a writer.
 */
export function checkDataFile(path: string): void {
  const found = statOf(path);
  if (found === undefined) return;
  refuseUnlessRegular(path, found);
  let header: Buffer;
  let size: number;
  try {
    const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      refuseUnlessRegular(path, fstatSync(fd));
      header = Buffer.alloc(HEADER_BYTES);
      size = readSync(fd, header, 0, HEADER_BYTES, 0);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    if (error instanceof MockServerConfigError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new MockServerConfigError(`--data ${path}: cannot read it (${code ?? String(error)})`);
  }
  if (size === 0 || isInterruptedNewFile(path, header.subarray(0, size))) return;
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

/**
 * A new data file whose seeding was interrupted (a signal, a crash, a full
 * disk): SQLite had written pages but not yet the first, and its rollback
 * journal is beside it. Opening it rolls the seed back to an empty file, which
 * then starts as a new one.
 */
function isInterruptedNewFile(path: string, start: Buffer): boolean {
  if (!start.every((byte) => byte === 0)) return false;
  // SQLite keeps the journal beside the file a symbolic link leads to.
  const journal = statSync(`${realpathSync(path)}-journal`, { throwIfNoEntry: false });
  return journal !== undefined && journal.isFile() && journal.size > 0;
}

/** The file `path` names (through symbolic links), or undefined for none: a new data file. */
function statOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') throw new MockServerConfigError(`--data ${path}: cannot read it (${code ?? String(error)})`);
  }
  // A link to nothing would make SQLite create its target, somewhere else.
  if (lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink()) {
    throw new MockServerConfigError(`--data ${path} is a symbolic link to a file that does not exist; give the path of a data file, or of a new one`);
  }
  return undefined;
}

function refuseUnlessRegular(path: string, stats: Stats): void {
  const kind = notRegularFileKind(stats);
  if (kind !== undefined) {
    throw new MockServerConfigError(`--data ${path} is ${kind}, not a regular file; give the path of a data file, or of a new one`);
  }
}
