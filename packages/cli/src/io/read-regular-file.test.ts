import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRegularFile } from './read-regular-file.js';

describe('readRegularFile', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'petstore-read-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads a regular file as UTF-8, up to the bound', async () => {
    await writeFile(join(dir, 'ok.txt'), 'Rex é');
    expect(await readRegularFile(join(dir, 'ok.txt'), 6, 'ok.txt')).toBe('Rex é');
    await expect(readRegularFile(join(dir, 'ok.txt'), 5, 'ok.txt')).rejects.toThrow('ok.txt: larger than 5 bytes; split it');
  });

  it('refuses a FIFO without waiting for a writer', async () => {
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    await expect(readRegularFile(fifo, 100, 'fifo', '; pipe it')).rejects.toThrow('fifo: a FIFO (named pipe), not a regular file; pipe it');
  });

  it('refuses a directory and a device, and says why a file cannot be read', async () => {
    await expect(readRegularFile(dir, 100, 'dir')).rejects.toThrow('dir: a directory, not a regular file');
    await expect(readRegularFile('/dev/zero', 100, 'zero')).rejects.toThrow('zero: a device, not a regular file');
    await expect(readRegularFile(join(dir, 'missing'), 100, 'missing')).rejects.toThrow('missing: cannot read the file (ENOENT)');
  });
});
