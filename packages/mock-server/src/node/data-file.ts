import { open, readFile, rename, truncate, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Pet, PetStatus } from '@petstore/sdk/contract';
import * as z from 'zod/mini';
import { seedPets, type Journal, type SeedPet, type StoredPet } from '../core/index.js';
import { MockServerConfigError } from './mock-server-config-error.js';

/** A record of the file: the mock always writes a status. */
const StoredPetRecord = z.extend(Pet, { status: PetStatus });

/** The first line of every data file: how a file says it is ours. */
const HEADER = '{"petstoreMockData":1}';

export interface DataFile {
  /** The animals in the file: what the store starts with. */
  pets: StoredPet[];
  journal: Journal;
  /** Set when the file had a torn last record (a crash mid-write), which was dropped. */
  recovered: string | undefined;
  /** Writes (each followed by an fsync) so far: fewer than records when creates share them. */
  readonly flushes: number;
  close(): Promise<void>;
}

async function syncDirectory(path: string): Promise<void> {
  const directory = await open(dirname(path), 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}

/** Writes a whole file durably: a temporary file, fsync, rename over, fsync of the folder. */
async function replaceFile(path: string, text: string): Promise<void> {
  const partial = `${path}.${process.pid}.tmp`;
  const handle = await open(partial, 'w', 0o644);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(partial, path);
  await syncDirectory(path);
}

const serialise = (pets: readonly StoredPet[]): string => `${HEADER}\n${pets.map((pet) => `${JSON.stringify(pet)}\n`).join('')}`;

/**
 * Reads a data file, recovering from a torn last record; refuses a file that
 * is not ours or is damaged elsewhere, without touching it.
 */
async function replay(path: string, text: string): Promise<{ pets: StoredPet[]; recovered: string | undefined }> {
  const firstLineEnd = text.indexOf('\n');
  if (text.slice(0, firstLineEnd === -1 ? undefined : firstLineEnd) !== HEADER) {
    throw new MockServerConfigError(
      `--data ${path} is not a petstore-mock data file (its first line is not ${HEADER}); it was left untouched. Choose another file, or remove this one.`,
    );
  }
  const lines = text.slice(firstLineEnd + 1).split('\n');
  // A complete file ends with a newline, so the last piece is empty.
  const last = lines.pop() ?? '';
  const pets: StoredPet[] = [];
  let goodLength = firstLineEnd + 1;
  let previousId = 0;
  for (const [index, line] of lines.entries()) {
    let pet: StoredPet;
    try {
      pet = z.parse(StoredPetRecord, JSON.parse(line));
    } catch {
      throw new MockServerConfigError(`--data ${path}: record ${index + 1} is damaged (${line.slice(0, 60)}); the file was left untouched.`);
    }
    if (pet.id <= previousId) throw new MockServerConfigError(`--data ${path}: record ${index + 1} has id ${pet.id} after ${previousId}; ids must ascend. The file was left untouched.`);
    previousId = pet.id;
    pets.push(pet);
    goodLength += Buffer.byteLength(line) + 1;
  }
  if (last === '') return { pets, recovered: undefined };
  // A record without its newline: the write it belonged to never finished, so its create was never acknowledged.
  await truncate(path, goodLength);
  return { pets, recovered: `--data ${path}: dropped an incomplete last record (${Buffer.byteLength(last)} bytes) left by an interrupted write` };
}

/**
 * Opens (or creates) the file behind `petstore-mock --data FILE`: a header line
 * and one JSON line per animal, in id order. A new file starts with the seed;
 * an existing one is replayed and the seed ignored. Creates are appended and
 * fsynced before their 201; creates that arrive while a write is in flight are
 * written together by the next one (group commit).
 */
export async function openDataFile(path: string, seed: Iterable<SeedPet>): Promise<DataFile> {
  let text: string | undefined;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new MockServerConfigError(`--data ${path}: cannot read it (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  let pets: StoredPet[];
  let recovered: string | undefined;
  if (text === undefined || text === '') {
    pets = [...seedPets(seed)];
    await replaceFile(path, serialise(pets));
  } else {
    ({ pets, recovered } = await replay(path, text));
  }

  let handle: FileHandle = await open(path, 'a');
  let pending: { line: string; settle: (error?: unknown) => void }[] = [];
  let flushing: Promise<void> | undefined;
  let flushes = 0;

  async function flush(): Promise<void> {
    while (pending.length > 0) {
      const batch = pending;
      pending = [];
      flushes++;
      try {
        await handle.write(batch.map((entry) => entry.line).join(''));
        await handle.datasync();
        for (const entry of batch) entry.settle();
      } catch (error) {
        for (const entry of batch) entry.settle(error);
      }
    }
    flushing = undefined;
  }

  const journal: Journal = {
    record: (pet) =>
      new Promise<void>((resolve, reject) => {
        pending.push({ line: `${JSON.stringify(pet)}\n`, settle: (error) => (error ? reject(error) : resolve()) });
        flushing ??= flush();
      }),
    reset: async (seedPets) => {
      await flushing;
      await handle.close();
      await replaceFile(path, serialise(seedPets));
      handle = await open(path, 'a');
    },
  };

  return {
    pets,
    journal,
    recovered,
    get flushes() {
      return flushes;
    },
    close: async () => {
      await flushing;
      await handle.close();
    },
  };
}
