import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createResumeFile, pruneResumeFiles, resumeFileName } from './resume-file.js';
import { parseReport } from './resume-report.js';

const folder = mkdtempSync(join(tmpdir(), 'petstore-resume-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('resumeFileName', () => {
  it('is the same for the same input and base URL, and differs for another of either', () => {
    const name = resumeFileName('data/pets.csv', 'x', 'http://127.0.0.1:4010/v1');
    expect(name).toMatch(/^pets\.csv-[0-9a-f]{16}\.ndjson$/);
    expect(resumeFileName(join(process.cwd(), 'data/pets.csv'), 'y', 'http://127.0.0.1:4010/v1')).toBe(name);
    expect(resumeFileName('data/pets.csv', 'x', 'https://api.example.org/v1')).not.toBe(name);
    expect(resumeFileName('other/pets.csv', 'x', 'http://127.0.0.1:4010/v1')).not.toBe(name);
    expect(resumeFileName('-', 'a', 'http://x/v1')).toMatch(/^stdin-/);
    expect(resumeFileName('-', 'a', 'http://x/v1')).not.toBe(resumeFileName('-', 'b', 'http://x/v1'));
    expect(resumeFileName("../it's $HOME.csv", '', 'http://x/v1')).toMatch(/^it_s__HOME\.csv-/);
  });
});

describe('createResumeFile', () => {
  it('starts with the skipped rows, appends each added row, is 0600, and is read back by --resume', async () => {
    const file = await createResumeFile(folder, 'a.ndjson', [{ row: 1, status: 'skipped', id: 7, name: 'Rex' }], () => {});
    file.record({ row: 3, status: 'added', id: 9, name: 'Tom' });
    expect(statSync(file.path).mode & 0o777).toBe(0o600);
    expect(await file.finish(true)).toBe(true);
    expect([...parseReport(readFileSync(file.path, 'utf8'), 'x').keys()]).toEqual([1, 3]);
  });

  it('is removed when nothing is left to send', async () => {
    const file = await createResumeFile(folder, 'b.ndjson', [], () => {});
    expect(await file.finish(false)).toBe(false);
    expect(() => statSync(file.path)).toThrow(/ENOENT/);
  });
});

describe('pruneResumeFiles', () => {
  it('keeps the newest files and leaves anything that is not a resume file', async () => {
    const imports = join(folder, 'imports');
    mkdirSync(imports);
    for (let index = 0; index < 5; index += 1) {
      const path = join(imports, `f${index}.ndjson`);
      writeFileSync(path, '');
      utimesSync(path, 1_000 + index, 1_000 + index);
    }
    writeFileSync(join(imports, 'notes.txt'), '');
    mkdirSync(join(imports, 'dir.ndjson'));
    await pruneResumeFiles(imports, 2);
    expect(readdirSync(imports).toSorted()).toEqual(['dir.ndjson', 'f3.ndjson', 'f4.ndjson', 'notes.txt']);
  });
});
