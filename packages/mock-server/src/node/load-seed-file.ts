import { checkSeedAnimals, type SeedPet } from '../core/index.js';
import { UsageError } from './cli-options.js';
import { readFlagFile } from './read-flag-file.js';

/** Largest seed file read: a million animals take about 70 MB of JSON. */
const MAX_SEED_FILE_BYTES = 256 * 1024 * 1024;

/**
 * Reads `--seed-file`: a JSON array of animals as `POST /pets` takes them, each
 * optionally with its `id` (ascending). Every problem names the file and the entry.
 */
export async function loadSeedFile(path: string): Promise<SeedPet[]> {
  const text = await readFlagFile('--seed-file', path, MAX_SEED_FILE_BYTES, `larger than ${MAX_SEED_FILE_BYTES / 1024 / 1024} MiB; give fewer animals, or --seed N for generated ones`);
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
