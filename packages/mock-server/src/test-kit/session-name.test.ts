import { describe, expect, it } from 'vitest';
import { sessionNameOf, sessionNameOfTest } from './session-name.js';

describe('sessionNameOf', () => {
  it('names a file by its path under the root, without its test suffix, and a hash of the whole path', () => {
    expect(sessionNameOf('/repo/src/cats.test.ts', '/repo')).toMatch(/^src-cats-[0-9a-f]{8}$/);
    expect(sessionNameOf('/repo/src/cats.spec.tsx', '/repo/')).toMatch(/^src-cats-[0-9a-f]{8}$/);
  });

  it('keeps two files of one name in different folders apart', () => {
    const a = sessionNameOf('/repo/a/pets.test.ts', '/repo');
    const b = sessionNameOf('/repo/b/pets.test.ts', '/repo');
    expect(a.slice(-8)).not.toBe(b.slice(-8));
  });

  it('always gives a valid session name: 1 to 64 letters, digits, _ and -', () => {
    for (const path of [`/repo/${'deep/'.repeat(30)}x.test.ts`, '/elsewhere/ünïcödé file (1).test.ts', 'C:\\work\\app\\cats.test.ts', '/repo/.test.ts']) {
      expect(sessionNameOf(path, '/repo')).toMatch(/^[\w-]{1,64}$/);
    }
  });

  it('shows the file name alone for a file outside the root, and keeps two of one name apart', () => {
    expect(sessionNameOf('/elsewhere/dogs.test.ts', '/repo')).toMatch(/^dogs-[0-9a-f]{8}$/);
    expect(sessionNameOf('/elsewhere/dogs.test.ts', '/repo')).not.toBe(sessionNameOf('/other/dogs.test.ts', '/repo'));
  });

  it('gives a file the same name in every checkout', () => {
    expect(sessionNameOf('/home/ada/app/src/cats.test.ts', '/home/ada/app')).toBe(sessionNameOf('/ci/build/src/cats.test.ts', '/ci/build'));
  });
});

describe('sessionNameOfTest', () => {
  it('names a test by its file without the suffix and its titles, and a hash of its id', () => {
    expect(sessionNameOfTest(['animals.spec.ts', 'lists the animals: Rex, Bella'], 'f1-0a')).toMatch(/^animals-lists-the-animals--Rex--Bella-[0-9a-f]{8}$/);
  });

  it('keeps apart two tests that read alike, by their ids (another project, another repeat)', () => {
    const titles = ['animals.spec.ts', 'lists'];
    expect(sessionNameOfTest(titles, 'f1-0a')).not.toBe(sessionNameOfTest(titles, 'f1-0b'));
  });

  it('always gives a valid session name, however long or strange the titles', () => {
    for (const titles of [['a.spec.ts', 'x'.repeat(200)], ['sub/ünï cödé.spec.ts', 'describe', '«title» #1'], []]) {
      expect(sessionNameOfTest(titles, 'id')).toMatch(/^[\w-]{1,64}$/);
    }
  });
});
