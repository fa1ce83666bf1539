import { readFile } from 'node:fs/promises';
import { checkSeedAnimals, type SeedPet } from '../core/index.js';
import { UsageError } from './cli-options.js';

/**
 * Reads `--seed-file`: a JSON array of animals as `POST /pets` takes them, each
 * optionally with its `id` (ascending). Every problem names the file and the entry.
 */
export async function loadSeedFile(path: string): Promise<SeedPet[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`--seed-file ${path}: cannot read it (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
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
