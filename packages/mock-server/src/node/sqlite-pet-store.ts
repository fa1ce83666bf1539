import type { DatabaseSync } from 'node:sqlite';
import type { NewPet } from '@petstore/sdk/contract';
import { nextPetId, toStoredPet, type PetStore, type SeedPet, type StoredPet } from '../core/index.js';
import { DataFileError } from './data-file-error.js';
import { checkDataFile } from './check-data-file.js';
import { loadDataFile } from './load-data-file.js';
import { loadSqlite } from './load-sqlite.js';
import { MockServerConfigError } from './mock-server-config-error.js';
import { isSqliteError, reason } from './sqlite-errors.js';
import { insertSeed, prepareStatements, type Loaded, type Statements } from './sqlite-statements.js';

/** The store behind `--data FILE`; `close` releases the file. */
export interface SqlitePetStore extends PetStore {
  close(): void;
}

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
    const loaded = loadDataFile(db, path, seed);
    return createStore(db, path, seed, loaded);
  } catch (error) {
    // Closing rolls back whatever was begun.
    db?.close();
    throw isSqliteError(error) ? new MockServerConfigError(`--data ${path}: cannot open it (${reason(error)})`, { cause: error }) : error;
  }
}

/** The store on the opened file, from what `loadDataFile` read: the last id handed out and the count. */
function createStore(db: DatabaseSync, path: string, seed: Iterable<SeedPet>, loaded: Loaded): SqlitePetStore {
  const statements: Statements = prepareStatements(db);
  let { lastId, count } = loaded;
  let open = true;

  /** Runs `write` as one transaction: committed whole, or rolled back whole and thrown as a `DataFileError`. */
  const inTransaction = <T>(write: () => T): T => {
    try {
      db.exec('BEGIN IMMEDIATE');
      const result = write();
      db.exec('COMMIT');
      return result;
    } catch (error) {
      rollback(db);
      throw isSqliteError(error) ? new DataFileError(`--data ${path}: the write failed (${reason(error)}); nothing of it was stored`, { cause: error }) : error;
    }
  };

  return {
    create(input: NewPet): StoredPet {
      // The store holds the file's lock, so the next id is known here; it is
      // taken only once the row and the last id are committed, and a failed create uses none.
      const pet = toStoredPet(nextPetId(lastId), input);
      inTransaction(() => {
        statements.insert.run(pet.id, JSON.stringify(pet));
        statements.setLastId.run(pet.id);
      });
      lastId = pet.id;
      count++;
      return pet;
    },
    get(id) {
      const row = statements.byId.get(id) as { json: string } | undefined;
      return row === undefined ? undefined : (JSON.parse(row.json) as StoredPet);
    },
    list({ status, limit, order }) {
      const [all, withStatus] = order === 'id-descending' ? [statements.last, statements.lastWithStatus] : [statements.first, statements.firstWithStatus];
      const rows = (status === undefined ? all.all(limit) : withStatus.all(status, limit)) as { json: string }[];
      return rows.map((row) => JSON.parse(row.json) as StoredPet);
    },
    reset(other) {
      ({ lastId, count } = inTransaction(() => {
        statements.clear.run();
        return insertSeed(db, other ?? seed);
      }));
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

function rollback(db: DatabaseSync): void {
  try {
    db.exec('ROLLBACK');
  } catch {
    // SQLite rolled the transaction back itself, as it may on a full disk or an I/O error.
  }
}
