import { readFile } from 'node:fs/promises';
import { formatIssues, Id, NewPet } from '@petstore/sdk/contract';
import * as z from 'zod/mini';
import type { SeedPet } from '../core/index.js';
import { UsageError } from './cli-options.js';

const SeedFile = z.array(z.extend(NewPet, { id: z.exactOptional(Id) }), { error: 'must be a JSON array of animals' });

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
  const result = z.safeParse(SeedFile, data);
  if (!result.success) {
    // The file's name stands in for the location: "--seed-file pets.json: [0].name: …".
    throw new UsageError(`--seed-file ${path}: ${formatIssues('', result.error.issues)}`);
  }
  let lastId = 0;
  for (const [index, pet] of result.data.entries()) {
    const id = pet.id ?? lastId + 1;
    if (id <= lastId) throw new UsageError(`--seed-file ${path}: [${index}].id ${id} must be greater than ${lastId}: ids ascend`);
    lastId = id;
  }
  return result.data;
}
