import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { seedPets, type SeedPet } from '../core/index.js';

/** What the store runs, prepared once when the file opens. */
export interface Statements {
  insert: StatementSync;
  setLastId: StatementSync;
  byId: StatementSync;
  first: StatementSync;
  firstWithStatus: StatementSync;
  last: StatementSync;
  lastWithStatus: StatementSync;
  clear: StatementSync;
}

export function prepareStatements(db: DatabaseSync): Statements {
  return {
    insert: db.prepare('INSERT INTO pets (id, json) VALUES (?, ?)'),
    setLastId: db.prepare('UPDATE last_id SET id = ?'),
    byId: db.prepare('SELECT json FROM pets WHERE id = ?'),
    first: db.prepare('SELECT json FROM pets ORDER BY id LIMIT ?'),
    firstWithStatus: db.prepare('SELECT json FROM pets WHERE status = ? ORDER BY id LIMIT ?'),
    last: db.prepare('SELECT json FROM pets ORDER BY id DESC LIMIT ?'),
    lastWithStatus: db.prepare('SELECT json FROM pets WHERE status = ? ORDER BY id DESC LIMIT ?'),
    clear: db.prepare('DELETE FROM pets'),
  };
}

/** What the store starts from: the last id handed out and how many animals the file holds. */
export interface Loaded {
  lastId: number;
  count: number;
}

/** Inserts a seed in the open transaction and records its last id; ids ascend, as the in-memory store requires. */
export function insertSeed(db: DatabaseSync, seed: Iterable<SeedPet>): Loaded {
  const insert = db.prepare('INSERT INTO pets (id, json) VALUES (?, ?)');
  let lastId = 0;
  let count = 0;
  for (const pet of seedPets(seed)) {
    insert.run(pet.id, JSON.stringify(pet));
    lastId = pet.id;
    count++;
  }
  db.prepare('UPDATE last_id SET id = ?').run(lastId);
  return { lastId, count };
}
