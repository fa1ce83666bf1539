import type { Stats } from 'node:fs';
import { constants, open, stat } from 'node:fs/promises';
import { checkSeedAnimals, type SeedPet } from '../core/index.js';
import { UsageError } from './cli-options.js';
import { notRegularFileKind } from './file-kind.js';

/** Largest seed file read: a million animals take about 70 MB of JSON. */
const MAX_SEED_FILE_BYTES = 256 * 1024 * 1024;

/**
 * Reads `--seed-file`: a JSON array of animals as `POST /pets` takes them, each
 * optionally with its `id` (ascending). Every problem names the file and the entry.
 */
export async function loadSeedFile(path: string): Promise<SeedPet[]> {
  const text = await readSeedText(path);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--seed-file ${path}: not valid JSON (${(error as Error).message})`);
  }
  // The file's name stands in for the location: "--seed-file pets.json: [0].name: …".
  const checked = checkSeedAnimals(data);
  if ('error' in checked) throw new UsageError(`--seed-file ${path}: ${checked.error}`);
  return checked.animals;
}

/**
 * The seed file's text: a regular file (or a symbolic link to one) of at most
 * `MAX_SEED_FILE_BYTES`. Anything else is refused before it is opened, and
 * the file is opened non-blocking and checked again, so that a FIFO never
 * makes start-up wait for a writer.
 */
async function readSeedText(path: string): Promise<string> {
  const refuse = (problem: string) => new UsageError(`--seed-file ${path}: ${problem}`);
  const checkKind = (stats: Stats) => {
    const kind = notRegularFileKind(stats);
    if (kind !== undefined) throw refuse(`${kind}, not a regular file; give the path of a JSON file`);
    if (stats.size > MAX_SEED_FILE_BYTES) throw refuse(`larger than ${MAX_SEED_FILE_BYTES / 1024 / 1024} MiB; give fewer animals, or --seed N for generated ones`);
  };
  try {
    checkKind(await stat(path));
    const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      checkKind(await handle.stat());
      return await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw refuse(`cannot read it (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}
