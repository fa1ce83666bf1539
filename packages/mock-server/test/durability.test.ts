import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEV_API_KEY } from '@petstore/mock-server';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockServerProcess, type MockServerProcess } from '../../../test/support/mock-server-process.js';

const auth = { authorization: `Bearer ${DEV_API_KEY}` };
const running: MockServerProcess[] = [];
const dirs: string[] = [];
const scratch = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(dataFile: string): Promise<MockServerProcess> {
  const server = await startMockServerProcess(['--seed', '3', '--data', dataFile]);
  running.push(server);
  return server;
}

interface Acknowledged {
  id: number;
  name: string;
  categoryId: number;
  status: string;
}

describe('petstore-mock --data', () => {
  it('keeps every acknowledged create across a SIGKILL mid-stream, and reuses no id', async () => {
    const dataFile = join(scratch('petstore-crash-'), 'pets.data');
    const first = await start(dataFile);
    const acknowledged: Acknowledged[] = [];
    let stop = false;
    let sent = 0;
    // Eight clients creating as fast as they can; the kill lands while requests are in flight.
    const clients = Array.from({ length: 8 }, async (_, client) => {
      while (!stop && sent < 5_000) {
        const body = { name: `Pet ${client}-${sent++}`, categoryId: (sent % 5) + 1, status: 'pending' };
        try {
          const response = await fetch(`${first.url}/pets`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
          if (response.status === 201) acknowledged.push((await response.json()) as Acknowledged);
        } catch {
          return; // the server is gone
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    first.child.kill('SIGKILL');
    stop = true;
    await Promise.all(clients);
    await new Promise<void>((resolve) => (first.child.exitCode !== null || first.child.signalCode !== null ? resolve() : first.child.once('exit', () => resolve())));
    expect(acknowledged.length).toBeGreaterThan(20);

    const second = await start(dataFile);
    // Every create that got a 201 is there, with the same id and fields.
    for (const pet of acknowledged) {
      const response = await fetch(`${second.url}/pets/${pet.id}`, { headers: auth });
      expect(response.status, `id ${pet.id}`).toBe(200);
      expect(await response.json()).toEqual(pet);
    }
    // New ids start after every stored one: none that was acknowledged is handed out again.
    const highest = Math.max(...acknowledged.map((pet) => pet.id));
    const next = (await (
      await fetch(`${second.url}/pets`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{"name":"After","categoryId":1}' })
    ).json()) as Acknowledged;
    expect(next.id).toBeGreaterThan(highest);
    // The seed applied only to the new file: three animals, then the creates.
    expect(readFileSync(dataFile, 'utf8').split('\n')[1]).toBe('{"id":1,"name":"Rex","categoryId":1,"status":"available"}');
  });

  it('refuses a file that is not its own, with a clear message, and leaves it untouched', async () => {
    const dataFile = join(scratch('petstore-foreign-'), 'package.json');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(dataFile, '{"name":"someone-else"}\n');
    await expect(start(dataFile)).rejects.toThrow(/is not a petstore-mock data file .* left untouched/);
    expect(readFileSync(dataFile, 'utf8')).toBe('{"name":"someone-else"}\n');
  });

  it('resets the file along with the store', async () => {
    const dataFile = join(scratch('petstore-reset-'), 'pets.data');
    const first = await start(dataFile);
    await fetch(`${first.url}/pets`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{"name":"Temp","categoryId":1}' });
    expect((await fetch(first.url.replace(/\/v1$/, '/__admin/reset'), { method: 'POST', headers: auth })).status).toBe(204);
    await first.stop();
    const second = await start(dataFile);
    const pets = (await (await fetch(`${second.url}/pets`, { headers: auth })).json()) as Acknowledged[];
    expect(pets.map((pet) => pet.name)).toEqual(['Rex', 'Whiskers', 'Bella']);
  });
});
