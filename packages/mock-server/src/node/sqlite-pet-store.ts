import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { ID_MAX, type NewPet } from '@petstore/sdk/contract';
import { nextPetId, seedPets, toStoredPet, type PetStore, type SeedPet, type StoredPet } from '../core/index.js';
import { DataFileError } from './data-file-error.js';
import { APPLICATION_ID, checkDataFile } from './check-data-file.js';
import { firstRowOutsideContract, lastIdOutsideContract } from './check-stored-rows.js';
import { loadSqlite } from './load-sqlite.js';
import { MockServerConfigError } from './mock-server-config-error.js';

/**
 * The layout of the file (`PRAGMA user_version`): what a later version migrates from, or refuses.
 * 1: the animals only, the last id read as their largest on open. 2: and `last_id`.
 */
export const FORMAT_VERSION = 2;

/**
 * One row per animal: its JSON text, as the API serves it, and the columns it
 * is found by. The status is derived from the JSON, so the two cannot disagree
 * and a field the contract gains needs no change here. The id is a rowid
 * (INTEGER PRIMARY KEY) without AUTOINCREMENT: the store assigns it (see
 * `create`), and a reset starts the ids again after its seed.
 */
const PETS_TABLE = `
  CREATE TABLE pets (
    id INTEGER PRIMARY KEY,
    json TEXT NOT NULL CHECK (json_valid(json) AND json ->> 'id' = id),
    status TEXT NOT NULL GENERATED ALWAYS AS (json ->> 'status') VIRTUAL
  ) STRICT;
  CREATE INDEX pets_by_status ON pets (status, id);
`;

/**
 * One row: the last id handed out, written in the transaction of the create
 * that took it. Kept apart from the animals, so an animal that leaves the file
 * takes no id back with it: the largest id stored is not the last handed out.
 */
const LAST_ID_TABLE = `
  CREATE TABLE last_id (id INTEGER NOT NULL CHECK (id >= 0)) STRICT;
`;

const SCHEMA = `
  ${PETS_TABLE}
  ${LAST_ID_TABLE}
  INSERT INTO last_id (id) VALUES (0);
  PRAGMA application_id = ${APPLICATION_ID};
  PRAGMA user_version = ${FORMAT_VERSION};
`;

/** Format 1 to 2, in the transaction of the open: the last id handed out was the largest stored, as format 1 read it. */
const FROM_FORMAT_1 = `
  ${LAST_ID_TABLE}
  INSERT INTO last_id (id) SELECT coalesce(max(id), 0) FROM pets;
  PRAGMA user_version = 2;
`;

/** SQLite's primary result codes (the low byte of an extended one) that this file tells apart. */
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;

/** The store behind `--data FILE`; `close` releases the file. */
export interface SqlitePetStore extends PetStore {
  close(): void;
}

const sqliteCode = (error: unknown): number | undefined => {
  const errcode = (error as { errcode?: unknown } | null)?.errcode;
  return typeof errcode === 'number' ? errcode & 0xff : undefined;
};

const isSqliteError = (error: unknown): error is Error & { errstr?: string } =>
  error instanceof Error && (error as NodeJS.ErrnoException).code === 'ERR_SQLITE_ERROR';

/** SQLite's words for what went wrong ("database or disk is full"), else the error's message. */
const reason = (error: unknown): string => (isSqliteError(error) ? (error.errstr ?? error.message) : String(error));

/**
 * Opens (or creates) the SQLite file behind `petstore-mock --data FILE`. A new
 * file starts with the seed; an existing one keeps its animals and the seed
 * applies only to resets. The file is held with an exclusive lock until
 * `close`: a second server on it is refused, not let in to hand out the same
 * ids. Every create and reset is one transaction, committed to the write-ahead
 * log and fsynced (`synchronous = FULL`) before the call returns, so before
 * its 201 or 204; one that fails (disk full, file size limit, I/O error) is
 * rolled back whole and throws `DataFileError`.
 */
export function openSqlitePetStore(path: string, seed: Iterable<SeedPet>): SqlitePetStore {
  checkDataFile(path);
  const sqlite = loadSqlite();
  let db: DatabaseSync | undefined;
  try {
    db = new sqlite.DatabaseSync(path);
    return createStore(db, path, seed);
  } catch (error) {
    // Closing rolls back whatever was begun.
    db?.close();
    throw isSqliteError(error) ? new MockServerConfigError(`--data ${path}: cannot open it (${reason(error)})`, { cause: error }) : error;
  }
}

function createStore(db: DatabaseSync, path: string, seed: Iterable<SeedPet>): SqlitePetStore {
  // Set before the file is first read: the lock is then kept until close, and
  // the write-ahead log needs no shared-memory file beside it.
  db.exec('PRAGMA locking_mode = EXCLUSIVE');
  try {
    db.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    const code = sqliteCode(error);
    if (code !== SQLITE_BUSY && code !== SQLITE_LOCKED) throw error;
    throw new MockServerConfigError(
      `--data ${path} is in use by another process (another petstore-mock?): a data file serves one server at a time. Stop the other one, or give this one a file of its own.`,
    );
  }

  let loaded: { lastId: number; count: number };
  const applicationId = pragma(db, 'application_id');
  if (applicationId === 0 && (db.prepare('SELECT count(*) AS n FROM sqlite_schema').get()?.['n'] ?? 0) === 0) {
    db.exec(SCHEMA);
    loaded = insertAll(db.prepare('INSERT INTO pets (id, json) VALUES (?, ?)'), seed);
    db.prepare('UPDATE last_id SET id = ?').run(loaded.lastId);
  } else if (applicationId !== APPLICATION_ID) {
    // The file changed between checkDataFile and the lock.
    throw new MockServerConfigError(`--data ${path} is a SQLite database of another application, not a petstore-mock data file; it was left untouched.`);
  } else if (pragma(db, 'user_version') > FORMAT_VERSION) {
    throw new MockServerConfigError(
      `--data ${path} was written by a newer petstore-mock (format ${pragma(db, 'user_version')}; this one reads format ${FORMAT_VERSION}); it was left untouched. Upgrade petstore-mock.`,
    );
  } else {
    const version = pragma(db, 'user_version');
    // Checked before anything is written: a file refused here is left as it was.
    const outside = firstRowOutsideContract(db.prepare('SELECT id, json FROM pets WHERE id <= ? ORDER BY id'));
    if (outside !== undefined) {
      throw new MockServerConfigError(
        `--data ${path}: row id ${outside.id} is outside the contract (${outside.issues}): the API could not have stored it; was the file edited by hand? The file was left untouched; correct the row or delete it (DELETE FROM pets WHERE id = ${outside.id}).`,
      );
    }
    const lastIdIssue = version < FORMAT_VERSION ? undefined : lastIdOutsideContract(db);
    if (lastIdIssue !== undefined) {
      throw new MockServerConfigError(
        `--data ${path}: ${lastIdIssue}; was the file edited by hand? The file was left untouched; correct it (UPDATE last_id SET id = (SELECT max(id) FROM pets), if no id past it was handed out).`,
      );
    }
    // Earlier versions stored a create past the largest id, answered it 500,
    // and could not read the file again (node:sqlite refuses such integers).
    // No client was given that animal, and none could ever be served: drop it.
    db.prepare('DELETE FROM pets WHERE id > ?').run(ID_MAX);
    if (version < FORMAT_VERSION) db.exec(FROM_FORMAT_1);
    const row = db.prepare('SELECT (SELECT id FROM last_id) AS lastId, (SELECT count(*) FROM pets) AS count').get() as { lastId: number; count: number };
    loaded = { lastId: row.lastId, count: row.count };
  }
  db.exec('COMMIT');
  const mode = db.prepare('PRAGMA journal_mode = WAL').get()?.['journal_mode'];
  if (mode !== 'wal') throw new MockServerConfigError(`--data ${path}: SQLite cannot keep a write-ahead log there (journal mode ${String(mode)})`);
  db.exec('PRAGMA synchronous = FULL');

  const insert = db.prepare('INSERT INTO pets (id, json) VALUES (?, ?)');
  const byId = db.prepare('SELECT json FROM pets WHERE id = ?');
  const first = db.prepare('SELECT json FROM pets ORDER BY id LIMIT ?');
  const firstWithStatus = db.prepare('SELECT json FROM pets WHERE status = ? ORDER BY id LIMIT ?');
  const last = db.prepare('SELECT json FROM pets ORDER BY id DESC LIMIT ?');
  const lastWithStatus = db.prepare('SELECT json FROM pets WHERE status = ? ORDER BY id DESC LIMIT ?');
  const clear = db.prepare('DELETE FROM pets');
  const setLastId = db.prepare('UPDATE last_id SET id = ?');
  let { lastId, count } = loaded;
  let open = true;

  const failed = (error: unknown): unknown =>
    isSqliteError(error) ? new DataFileError(`--data ${path}: the write failed (${reason(error)}); nothing of it was stored`, { cause: error }) : error;

  const rollback = (): void => {
    try {
      db.exec('ROLLBACK');
    } catch {
      // SQLite rolled the transaction back itself, as it may on a full disk or an I/O error.
    }
  };

  return {
    create(input: NewPet): StoredPet {
      // The store holds the file's lock, so the next id is known here; it is
      // taken only once the row is committed, and a failed create uses none.
      const pet = toStoredPet(nextPetId(lastId), input);
      try {
        db.exec('BEGIN IMMEDIATE');
        insert.run(pet.id, JSON.stringify(pet));
        setLastId.run(pet.id);
        db.exec('COMMIT');
      } catch (error) {
        rollback();
        throw failed(error);
      }
      lastId = pet.id;
      count++;
      return pet;
    },
    get(id) {
      const row = byId.get(id) as { json: string } | undefined;
      return row === undefined ? undefined : (JSON.parse(row.json) as StoredPet);
    },
    list({ status, limit, order }) {
      const [all, withStatus] = order === 'id-descending' ? [last, lastWithStatus] : [first, firstWithStatus];
      const rows = (status === undefined ? all.all(limit) : withStatus.all(status, limit)) as { json: string }[];
      return rows.map((row) => JSON.parse(row.json) as StoredPet);
    },
    reset(other) {
      try {
        db.exec('BEGIN IMMEDIATE');
        clear.run();
        const reloaded = insertAll(insert, other ?? seed);
        setLastId.run(reloaded.lastId);
        db.exec('COMMIT');
        ({ lastId, count } = reloaded);
      } catch (error) {
        rollback();
        throw failed(error);
      }
    },
    get size() {
      return count;
    },
    close() {
      if (!open) return;
      open = false;
      db.close();
    },
  };
}

function pragma(db: DatabaseSync, name: 'application_id' | 'user_version'): number {
  return Number(db.prepare(`PRAGMA ${name}`).get()?.[name] ?? 0);
}

/** Inserts a seed in the open transaction; ids ascend, as the in-memory store requires. */
function insertAll(insert: StatementSync, seed: Iterable<SeedPet>): { lastId: number; count: number } {
  let lastId = 0;
  let count = 0;
  for (const pet of seedPets(seed)) {
    insert.run(pet.id, JSON.stringify(pet));
    lastId = pet.id;
    count++;
  }
  return { lastId, count };
}
