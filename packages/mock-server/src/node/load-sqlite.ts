import type * as Sqlite from 'node:sqlite';
import { MockServerConfigError } from './mock-server-config-error.js';

/**
 * `node:sqlite`, loaded only for `--data`: a server in memory runs without it
 * (and without the ExperimentalWarning Node.js 22 prints when it loads). It is
 * built into Node.js 22.13+ and 23.4+; older versions have it behind a flag or
 * not at all.
 */
export function loadSqlite(): typeof Sqlite {
  const sqlite = process.getBuiltinModule('node:sqlite') as typeof Sqlite | undefined;
  if (sqlite === undefined) {
    throw new MockServerConfigError(
      `--data needs node:sqlite, built into Node.js 22.13 and later; this is Node.js ${process.version}. Upgrade Node.js, or run without --data (memory only).`,
    );
  }
  return sqlite;
}
