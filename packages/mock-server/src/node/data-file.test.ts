import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDataFile } from './data-file.js';
import { MockServerConfigError } from './mock-server-config-error.js';

const dirs: string[] = [];
const freshPath = () => {
  const dir = mkdtempSync(join(tmpdir(), 'petstore-data-'));
  dirs.push(dir);
  return join(dir, 'pets.data');
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const seed = [{ name: 'Rex', categoryId: 1 }, { name: 'Tom', categoryId: 2, status: 'sold' as const }];
const lines = (path: string) => readFileSync(path, 'utf8').split('\n').filter(Boolean);

describe('openDataFile', () => {
  it('starts a new file with a header and the seed, ids assigned', async () => {
    const path = freshPath();
    const file = await openDataFile(path, seed);
    expect(file.pets).toEqual([
      { id: 1, name: 'Rex', categoryId: 1, status: 'available' },
      { id: 2, name: 'Tom', categoryId: 2, status: 'sold' },
    ]);
    await file.close();
    expect(lines(path)).toEqual(['{"petstoreMockData":1}', '{"id":1,"name":"Rex","categoryId":1,"status":"available"}', '{"id":2,"name":"Tom","categoryId":2,"status":"sold"}']);
  });

  it('replays an existing file and ignores the seed', async () => {
    const path = freshPath();
    const first = await openDataFile(path, seed);
    await first.journal.record({ id: 3, name: 'New', categoryId: 3, status: 'pending' });
    await first.close();
    const second = await openDataFile(path, [{ name: 'Ignored', categoryId: 9 }]);
    expect(second.pets.map((pet) => pet.name)).toEqual(['Rex', 'Tom', 'New']);
    expect(second.recovered).toBeUndefined();
    await second.close();
  });

  it('drops a torn last record with a warning and keeps every earlier one', async () => {
    const path = freshPath();
    await (await openDataFile(path, seed)).close();
    appendFileSync(path, '{"id":3,"name":"Half');
    const file = await openDataFile(path, []);
    expect(file.pets.map((pet) => pet.id)).toEqual([1, 2]);
    expect(file.recovered).toMatch(/dropped an incomplete last record \(20 bytes\)/);
    await file.journal.record({ id: 3, name: 'Whole', categoryId: 1, status: 'available' });
    await file.close();
    expect(lines(path).at(-1)).toBe('{"id":3,"name":"Whole","categoryId":1,"status":"available"}');
  });

  it.each([
    ['another program\'s JSON', '{"pets":[]}\n', /is not a petstore-mock data file/],
    ['plain text', 'hello\n', /is not a petstore-mock data file/],
    ['a damaged record in the middle', '{"petstoreMockData":1}\n{"id":1,"name":"A","categoryId":1,"status":"available"}\nnot json\n{"id":3,"name":"C","categoryId":1,"status":"available"}\n', /record 2 is damaged/],
    ['ids out of order', '{"petstoreMockData":1}\n{"id":2,"name":"A","categoryId":1,"status":"available"}\n{"id":1,"name":"B","categoryId":1,"status":"available"}\n', /ids must ascend/],
  ])('refuses %s and leaves it untouched', async (_name, content, message) => {
    const path = freshPath();
    writeFileSync(path, content);
    await expect(openDataFile(path, seed)).rejects.toThrow(MockServerConfigError);
    await expect(openDataFile(path, seed)).rejects.toThrow(message);
    expect(readFileSync(path, 'utf8')).toBe(content);
  });

  it('writes concurrent records together, in fewer flushes than records', async () => {
    const path = freshPath();
    const file = await openDataFile(path, []);
    await Promise.all(Array.from({ length: 200 }, (_, index) => file.journal.record({ id: index + 1, name: `Pet ${index}`, categoryId: 1, status: 'available' })));
    expect(file.flushes).toBeLessThan(200);
    expect(file.flushes).toBeGreaterThanOrEqual(1);
    await file.close();
    expect(lines(path)).toHaveLength(201);
  });

  it('rewrites the file on reset', async () => {
    const path = freshPath();
    const file = await openDataFile(path, seed);
    await file.journal.record({ id: 3, name: 'Gone', categoryId: 1, status: 'available' });
    await file.journal.reset([{ id: 1, name: 'Rex', categoryId: 1, status: 'available' }]);
    await file.journal.record({ id: 2, name: 'After', categoryId: 1, status: 'available' });
    await file.close();
    expect(lines(path)).toEqual(['{"petstoreMockData":1}', '{"id":1,"name":"Rex","categoryId":1,"status":"available"}', '{"id":2,"name":"After","categoryId":1,"status":"available"}']);
  });
});
