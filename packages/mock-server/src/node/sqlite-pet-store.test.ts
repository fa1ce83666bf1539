import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { MockServerConfigError } from './mock-server-config-error.js';
import { FORMAT_VERSION } from './data-file-format.js';
import { openSqlitePetStore, type SqlitePetStore } from './sqlite-pet-store.js';

const dirs: string[] = [];
const freshPath = () => {
  const dir = mkdtempSync(join(tmpdir(), 'petstore-sqlite-'));
  dirs.push(dir);
  return join(dir, 'pets.db');
};
const opened: SqlitePetStore[] = [];
const open = (path: string, seed: Parameters<typeof openSqlitePetStore>[1] = []) => {
  const store = openSqlitePetStore(path, seed);
  opened.push(store);
  return store;
};
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const seed = [{ name: 'Rex', categoryId: 1 }, { name: 'Tom', categoryId: 2, status: 'sold' as const }];
const REX = { id: 1, name: 'Rex', categoryId: 1, status: 'available' };
const TOM = { id: 2, name: 'Tom', categoryId: 2, status: 'sold' };

describe('openSqlitePetStore', () => {
  it('starts a new file with the seed, ids assigned and the default status filled in', () => {
    const store = open(freshPath(), seed);
    expect(store.list({ limit: 10 })).toEqual([REX, TOM]);
    expect(store.size).toBe(2);
    expect(store.get(2)).toEqual(TOM);
    expect(store.get(3)).toBeUndefined();
  });

  it('lists the newest first when asked, filtered by status, at most limit', () => {
    const store = open(freshPath(), seed);
    store.create({ name: 'Ada', categoryId: 3, status: 'sold' });
    expect(store.list({ limit: 10, order: 'id-descending' }).map((pet) => pet.id)).toEqual([3, 2, 1]);
    expect(store.list({ limit: 2, order: 'id-descending' }).map((pet) => pet.id)).toEqual([3, 2]);
    expect(store.list({ limit: 1, status: 'sold', order: 'id-descending' }).map((pet) => pet.id)).toEqual([3]);
    expect(store.list({ limit: 10, status: 'sold' }).map((pet) => pet.id)).toEqual([2, 3]);
  });

  it('keeps its animals across a reopen, ignores the seed then, and continues the ids', () => {
    const path = freshPath();
    const first = open(path, seed);
    expect(first.create({ name: 'New', categoryId: 3, status: 'pending' })).toEqual({ id: 3, name: 'New', categoryId: 3, status: 'pending' });
    first.close();
    const second = open(path, [{ name: 'Ignored', categoryId: 9 }]);
    expect(second.list({ limit: 10 }).map((pet) => pet.name)).toEqual(['Rex', 'Tom', 'New']);
    expect(second.create({ name: 'Next', categoryId: 1 }).id).toBe(4);
    expect(second.size).toBe(4);
  });

  it('lists by status in id order, up to the limit', () => {
    const store = open(freshPath(), seed);
    for (const name of ['A', 'B', 'C']) store.create({ name, categoryId: 1, status: 'sold' });
    expect(store.list({ status: 'sold', limit: 3 }).map((pet) => pet.id)).toEqual([2, 3, 4]);
    expect(store.list({ status: 'pending', limit: 3 })).toEqual([]);
    expect(store.list({ limit: 2 }).map((pet) => pet.id)).toEqual([1, 2]);
  });

  it('resets to its seed or to another, ids continuing after it', () => {
    const store = open(freshPath(), seed);
    store.create({ name: 'Gone', categoryId: 1 });
    store.reset();
    expect(store.list({ limit: 10 })).toEqual([REX, TOM]);
    expect(store.create({ name: 'After', categoryId: 1 }).id).toBe(3);
    store.reset([{ id: 7, name: 'Solo', categoryId: 3 }]);
    expect(store.list({ limit: 10 })).toEqual([{ id: 7, name: 'Solo', categoryId: 3, status: 'available' }]);
    expect(store.create({ name: 'Eight', categoryId: 1 }).id).toBe(8);
    expect(store.size).toBe(2);
  });

  it('rolls a failed reset back whole: the animals before it stay', () => {
    const path = freshPath();
    const store = open(path, seed);
    store.create({ name: 'Kept', categoryId: 1 });
    expect(() => store.reset([{ id: 5, name: 'A', categoryId: 1 }, { id: 4, name: 'B', categoryId: 1 }])).toThrow(/ids must ascend/);
    expect(store.list({ limit: 10 }).map((pet) => pet.name)).toEqual(['Rex', 'Tom', 'Kept']);
    expect(store.create({ name: 'Four', categoryId: 1 }).id).toBe(4);
    store.close();
    expect(open(path).size).toBe(4);
  });

  it('treats an empty file as a new store', () => {
    const path = freshPath();
    writeFileSync(path, '');
    expect(open(path, seed).list({ limit: 10 })).toEqual([REX, TOM]);
    expect(readFileSync(path).subarray(0, 16).toString('latin1')).toBe('SQLite format 3\0');
  });

  it('treats a SQLite database with no table ever made in it as a new store', () => {
    const path = freshPath();
    const empty = new DatabaseSync(path);
    empty.exec('PRAGMA journal_mode = WAL');
    empty.close();
    expect(open(path, seed).size).toBe(2);
  });

  it('refuses a second store on the same file while the first is open, and lets it in once closed', () => {
    const path = freshPath();
    const first = open(path, seed);
    expect(() => open(path)).toThrow(/is in use by another process .* one server at a time/);
    first.create({ name: 'Still', categoryId: 1 });
    first.close();
    expect(open(path).size).toBe(3);
  });

  function foreignSqlite(path: string, applicationId: number): void {
    const db = new DatabaseSync(path);
    db.exec(`CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('mine'); PRAGMA application_id = ${applicationId}`);
    db.close();
  }

  it.each([
    ['the old journal format, header only', (path: string) => writeFileSync(path, '{"petstoreMockData":1}\n'), /journal format of earlier petstore-mock versions.*left untouched\. It holds no animals/s],
    [
      'the old journal format with animals',
      (path: string) => writeFileSync(path, '{"petstoreMockData":1}\n{"id":1,"name":"Rex","categoryId":1,"status":"available"}\n'),
      /journal format .* To keep its animals.*--seed-file/s,
    ],
    ["another program's JSON", (path: string) => writeFileSync(path, '{"name":"someone-else"}\n'), /is not a petstore-mock data file \(not a SQLite database\); it was left untouched/],
    ['another SQLite database', (path: string) => foreignSqlite(path, 0), /is a SQLite database of another application.*left untouched/],
    ['a SQLite database with another application id', (path: string) => foreignSqlite(path, 42), /is a SQLite database of another application/],
  ])('refuses %s, naming it, and leaves it untouched', (_name, write, message) => {
    const path = freshPath();
    write(path);
    const before = readFileSync(path);
    expect(() => open(path, seed)).toThrow(MockServerConfigError);
    expect(() => open(path, seed)).toThrow(message);
    expect(() => open(path, seed)).toThrow(path);
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('refuses a file written by a newer format', () => {
    const path = freshPath();
    open(path, seed).close();
    const db = new DatabaseSync(path);
    db.exec(`PRAGMA user_version = ${FORMAT_VERSION + 1}`);
    db.close();
    expect(() => open(path)).toThrow(`written by a newer petstore-mock (format ${FORMAT_VERSION + 1}; this one reads format ${FORMAT_VERSION})`);
  });

  /** Runs `sql` on the closed file at `path`, as `sqlite3 FILE` would. */
  function edit(path: string, sql: string): void {
    const db = new DatabaseSync(path);
    db.exec(sql);
    db.close();
  }

  const pragmaOf = (path: string, name: 'user_version'): unknown => {
    const db = new DatabaseSync(path, { readOnly: true });
    const value = db.prepare(`PRAGMA ${name}`).get()?.[name];
    db.close();
    return value;
  };

  it('never hands out an id twice: one whose animal left the file is not taken again after a reopen', () => {
    const path = freshPath();
    const first = open(path, seed);
    first.create({ name: 'Gone', categoryId: 1 });
    first.close();
    edit(path, 'DELETE FROM pets WHERE id = 3');
    const second = open(path);
    expect(second.size).toBe(2);
    expect(second.create({ name: 'Next', categoryId: 1 }).id).toBe(4);
  });

  it('migrates a file of format 1 once, its last id the largest stored, and never takes an id again after that', () => {
    const path = freshPath();
    edit(
      path,
      `CREATE TABLE pets (
         id INTEGER PRIMARY KEY,
         json TEXT NOT NULL CHECK (json_valid(json) AND json ->> 'id' = id),
         status TEXT NOT NULL GENERATED ALWAYS AS (json ->> 'status') VIRTUAL
       ) STRICT;
       CREATE INDEX pets_by_status ON pets (status, id);
       INSERT INTO pets (id, json) VALUES (1, '${JSON.stringify(REX)}'), (5, '{"id":5,"name":"Five","categoryId":1,"status":"sold"}');
       PRAGMA application_id = 0x50455453;
       PRAGMA user_version = 1;`,
    );
    const migrated = open(path);
    expect(migrated.list({ limit: 10 }).map((pet) => pet.id)).toEqual([1, 5]);
    expect(migrated.create({ name: 'Six', categoryId: 1 }).id).toBe(6);
    migrated.close();
    expect(pragmaOf(path, 'user_version')).toBe(FORMAT_VERSION);
    edit(path, 'DELETE FROM pets WHERE id >= 5');
    expect(open(path).create({ name: 'Seven', categoryId: 1 }).id).toBe(7);
  });

  it('refuses a file whose last id is below an animal\'s, naming it, and leaves the file as it was', () => {
    const path = freshPath();
    open(path, seed).close();
    edit(path, 'UPDATE last_id SET id = 1');
    const before = readFileSync(path);
    expect(() => open(path)).toThrow(`--data ${path}: last_id 1 is below the largest stored id 2: ids up to it would be handed out again`);
    expect(readFileSync(path).equals(before)).toBe(true);
    edit(path, 'DELETE FROM last_id');
    expect(() => open(path)).toThrow('table last_id holds 0 rows');
  });

  it('refuses a create once the last id is 2^53-1, storing nothing, and the file opens again', () => {
    const path = freshPath();
    const store = open(path, [{ id: Number.MAX_SAFE_INTEGER, name: 'Last', categoryId: 1 }]);
    expect(() => store.create({ name: 'Over', categoryId: 1 })).toThrow(expect.objectContaining({ code: 'id_space_exhausted', status: 409 }));
    store.close();
    const again = open(path);
    expect(again.list({ limit: 10 }).map((pet) => pet.id)).toEqual([Number.MAX_SAFE_INTEGER]);
    expect(again.size).toBe(1);
  });

  it('opens a file an earlier version wrote a create past 2^53-1 into, dropping that row (it was answered 500)', () => {
    const path = freshPath();
    open(path, seed).close();
    const db = new DatabaseSync(path);
    db.exec(`INSERT INTO pets (id, json) VALUES (9007199254740992, '{"id":9007199254740992,"name":"Over","categoryId":1,"status":"available"}')`);
    db.close();
    const store = open(path);
    expect(store.list({ limit: 10 })).toEqual([REX, TOM]);
    expect(store.create({ name: 'Next', categoryId: 1 }).id).toBe(3);
  });

  it('refuses a seed id past 2^53-1 and keeps the file new', () => {
    const path = freshPath();
    expect(() => open(path, [{ id: 2 ** 53, name: 'Over', categoryId: 1 }])).toThrow('seed id 9007199254740992 is not');
    expect(open(path, seed).list({ limit: 10 })).toEqual([REX, TOM]);
  });
});
