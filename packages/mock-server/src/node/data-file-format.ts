import { APPLICATION_ID } from './check-data-file.js';

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

/** A new file's tables, empty (the last id 0), marked ours and of this format. */
export const SCHEMA = `
  ${PETS_TABLE}
  ${LAST_ID_TABLE}
  INSERT INTO last_id (id) VALUES (0);
  PRAGMA application_id = ${APPLICATION_ID};
  PRAGMA user_version = ${FORMAT_VERSION};
`;

/** Format 1 to 2, in the transaction of the open: the last id handed out was the largest stored, as format 1 read it. */
export const FROM_FORMAT_1 = `
  ${LAST_ID_TABLE}
  INSERT INTO last_id (id) SELECT coalesce(max(id), 0) FROM pets;
  PRAGMA user_version = 2;
`;
