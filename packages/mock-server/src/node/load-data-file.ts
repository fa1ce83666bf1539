import type { DatabaseSync } from 'node:sqlite';
import { ID_MAX } from '@petstore/sdk/contract';
import type { SeedPet } from '../core/index.js';
import { APPLICATION_ID } from './check-data-file.js';
import { firstRowOutsideContract, lastIdOutsideContract } from './check-stored-rows.js';
import { FORMAT_VERSION, FROM_FORMAT_1, SCHEMA } from './data-file-format.js';
import { MockServerConfigError } from './mock-server-config-error.js';
import { isBusy } from './sqlite-errors.js';
import { insertSeed, type Loaded } from './sqlite-statements.js';

/**
 * Locks the opened file for this process until it closes, and reads it in one
 * transaction: a new file is made and seeded, one of the previous format
 * migrated, one of ours checked against the contract, anything else refused
 * with the file left as it was. Then the write-ahead log, fsynced at each commit.
 */
export function loadDataFile(db: DatabaseSync, path: string, seed: Iterable<SeedPet>): Loaded {
  lockExclusively(db, path);
  const loaded = isNewFile(db) ? startNewFile(db, seed) : readOwnFile(db, path);
  db.exec('COMMIT');
  const mode = db.prepare('PRAGMA journal_mode = WAL').get()?.['journal_mode'];
  if (mode !== 'wal') throw new MockServerConfigError(`--data ${path}: SQLite cannot keep a write-ahead log there (journal mode ${String(mode)})`);
  db.exec('PRAGMA synchronous = FULL');
  return loaded;
}

function lockExclusively(db: DatabaseSync, path: string): void {
  // Set before the file is first read: the lock is then kept until close, and
  // the write-ahead log needs no shared-memory file beside it.
  db.exec('PRAGMA locking_mode = EXCLUSIVE');
  try {
    db.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    if (!isBusy(error)) throw error;
    throw new MockServerConfigError(
      `--data ${path} is in use by another process (another petstore-mock?): a data file serves one server at a time. Stop the other one, or give this one a file of its own.`,
    );
  }
}

const isNewFile = (db: DatabaseSync): boolean =>
  pragma(db, 'application_id') === 0 && (db.prepare('SELECT count(*) AS n FROM sqlite_schema').get()?.['n'] ?? 0) === 0;

function startNewFile(db: DatabaseSync, seed: Iterable<SeedPet>): Loaded {
  db.exec(SCHEMA);
  return insertSeed(db, seed);
}

function readOwnFile(db: DatabaseSync, path: string): Loaded {
  // The file changed between checkDataFile and the lock.
  if (pragma(db, 'application_id') !== APPLICATION_ID) {
    throw new MockServerConfigError(`--data ${path} is a SQLite database of another application, not a petstore-mock data file; it was left untouched.`);
  }
  const version = pragma(db, 'user_version');
  if (version > FORMAT_VERSION) {
    throw new MockServerConfigError(
      `--data ${path} was written by a newer petstore-mock (format ${version}; this one reads format ${FORMAT_VERSION}); it was left untouched. Upgrade petstore-mock.`,
    );
  }
  // Checked before anything is written: a file refused here is left as it was.
  refuseRowsOutsideContract(db, path, version);
  // Earlier versions stored a create past the largest id, answered it 500,
  // and could not read the file again (node:sqlite refuses such integers).
  // No client was given that animal, and none could ever be served: drop it.
  db.prepare('DELETE FROM pets WHERE id > ?').run(ID_MAX);
  if (version < FORMAT_VERSION) db.exec(FROM_FORMAT_1);
  return db.prepare('SELECT (SELECT id FROM last_id) AS lastId, (SELECT count(*) FROM pets) AS count').get() as unknown as Loaded;
}

function refuseRowsOutsideContract(db: DatabaseSync, path: string, version: number): void {
  const outside = firstRowOutsideContract(db.prepare('SELECT id, json FROM pets WHERE id <= ? ORDER BY id'));
  if (outside !== undefined) {
    throw new MockServerConfigError(
      `--data ${path}: row id ${outside.id} is outside the contract (${outside.issues}): the API could not have stored it; was the file edited by hand? The file was left untouched; correct the row or delete it (DELETE FROM pets WHERE id = ${outside.id}).`,
    );
  }
  // A file of the previous format has no record of the last id yet: opening makes it.
  const lastIdIssue = version < FORMAT_VERSION ? undefined : lastIdOutsideContract(db);
  if (lastIdIssue !== undefined) {
    throw new MockServerConfigError(
      `--data ${path}: ${lastIdIssue}; was the file edited by hand? The file was left untouched; correct it (UPDATE last_id SET id = (SELECT max(id) FROM pets), if no id past it was handed out).`,
    );
  }
}

function pragma(db: DatabaseSync, name: 'application_id' | 'user_version'): number {
  return Number(db.prepare(`PRAGMA ${name}`).get()?.[name] ?? 0);
}
