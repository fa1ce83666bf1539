import { createHash } from 'node:crypto';
import { closeSync, constants, openSync, writeSync } from 'node:fs';
import { lstat, readdir, rm } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { writeFileAtomically } from '../config/write-file-atomically.js';
import { renderImportLine } from '../output/render-import.js';
import { IMPORT_LIMITS } from './import-limits.js';
import type { RowResult } from './row-result.js';

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * The resume file's name for an input sent to a base URL: the same file (by
 * its absolute path; stdin by its content) to the same service is the same
 * name, so the next run of the same command finds it, and an import of the
 * same file elsewhere never skips rows by it.
 */
export function resumeFileName(file: string, text: string, baseUrl: string): string {
  const input = file === '-' ? `stdin ${sha256(text)}` : `file ${resolve(file)}`;
  const stem = file === '-' ? 'stdin' : basename(file).replace(/[^\w.-]/g, '_').slice(0, 40);
  return `${stem}-${sha256(`${input}\n${baseUrl}`).slice(0, 16)}.ndjson`;
}

/**
 * Removes all but the newest `keep` resume files of `folder` (by modification
 * time), so runs that are never resumed do not pile up. Only our own names
 * (`*.ndjson` regular files) are touched; a file that cannot be removed stays.
 */
export async function pruneResumeFiles(folder: string, keep: number = IMPORT_LIMITS.resumeFiles): Promise<void> {
  const names = (await readdir(folder)).filter((name) => name.endsWith('.ndjson'));
  if (names.length <= keep) return;
  const files = await Promise.all(names.map(async (name) => ({ path: join(folder, name), stat: await lstat(join(folder, name)).catch(() => undefined) })));
  const ours = files.filter((file) => file.stat?.isFile() === true).sort((a, b) => (b.stat?.mtimeMs ?? 0) - (a.stat?.mtimeMs ?? 0));
  await Promise.all(ours.slice(keep).map((file) => rm(file.path, { force: true }).catch(() => undefined)));
}

/** The report lines `--resume` needs (rows added, or skipped as added before), kept as each is known. */
export interface ResumeFile {
  path: string;
  /** Appends an added row at once, synchronously: a second Ctrl-C or a crash loses nothing recorded. */
  record(result: RowResult): void;
  /** Closes the file and keeps it only if `keep` (rows are left to send) and every line reached it; says whether it is kept. */
  finish(keep: boolean): Promise<boolean>;
}

/**
 * Starts the resume file `name` in `folder` (mode 0600) with the rows skipped
 * as added before; it replaces an earlier one whole, so a failure here leaves
 * the earlier one as it was. `warn` is told once if a line cannot be written.
 */
export async function createResumeFile(folder: string, name: string, skipped: readonly RowResult[], warn: (text: string) => void): Promise<ResumeFile> {
  const path = join(folder, name);
  // One slot for this run's file.
  await pruneResumeFiles(folder, IMPORT_LIMITS.resumeFiles - 1);
  await writeFileAtomically(path, skipped.map((result) => renderImportLine(result, 'ndjson')).join(''), 0o600);
  const fd = openSync(path, constants.O_WRONLY | constants.O_APPEND | (constants.O_NOFOLLOW ?? 0));
  let broken = false;
  return {
    path,
    record: (result) => {
      if (broken) return;
      try {
        writeSync(fd, renderImportLine(result, 'ndjson'));
      } catch (error) {
        broken = true;
        warn(`warning: cannot write the resume file ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'}); it is removed at the end`);
      }
    },
    finish: async (keep) => {
      closeSync(fd);
      if (keep && !broken) return true;
      await rm(path, { force: true });
      return false;
    },
  };
}
