// What sessions cost the server process, read from its resident memory
// (/proc/PID/status, so Linux only): a session at every bound against the
// figure docs/decisions.md gives ("Session bounds (#29)"), and a session of a
// server with a large seed, which shares the seed rather than copying it.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { DEV_API_KEY } from '@petstore/mock-server';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockServerProcess } from '../../../test/support/mock-server-process.js';
import { SESSION_MAX_PETS, SESSION_MEMORY_BYTES } from '../src/core/sessions/sessions.js';

const MiB = 1024 * 1024;
const auth = { authorization: `Bearer ${DEV_API_KEY}` };
const fixture = new URL('./fixtures/fill-sessions.mjs', import.meta.url).pathname;
const rssOf = (pid: number | undefined): number => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) * 1024;

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

/** The fixture server in a child process, with its stdin commands and its resident memory. */
async function startFillable() {
  const child = spawn(process.execPath, ['--expose-gc', fixture, '{}'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  stops.push(async () => {
    child.kill('SIGTERM');
    await exited;
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => String((await lines.next()).value);
  const origin = new URL(/listening on (\S+)/.exec(await next())?.[1] ?? '').origin;
  const command = async (line: string) => {
    child.stdin.write(`${line}\n`);
    return next();
  };
  return { origin, command, rss: () => rssOf(child.pid) };
}

/** Fills session `name`'s journal over HTTP: 136 bodies of 16 KiB (each kept whole), more than its 2 MiB hold. */
async function fillJournal(origin: string, name: string): Promise<void> {
  const body = JSON.stringify({ name: 'x'.repeat(16 * 1024 - 40), categoryId: 1 });
  const send = () => fetch(`${origin}/sessions/${name}/v1/pets`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body }).then((response) => response.arrayBuffer());
  for (let batch = 0; batch < 17; batch += 1) await Promise.all(Array.from({ length: 8 }, send));
}

/** Fills session `name` to every bound: in code, then its journal over HTTP. */
async function fillSession(server: Awaited<ReturnType<typeof startFillable>>, name: string): Promise<void> {
  const filled = JSON.parse((await server.command(`fill ${name}`)).replace(/^done /, '')) as { animals: number; overrides: number; faults: number };
  expect(filled).toMatchObject({ animals: SESSION_MAX_PETS, faults: 1_000 });
  expect(filled.overrides).toBeGreaterThan(0);
  await fillJournal(server.origin, name);
}

describe.skipIf(process.platform !== 'linux')('what sessions cost the server process', () => {
  it(`a session at every bound (animals, journal, overrides, faults) grows the server's memory by at most ${SESSION_MEMORY_BYTES / MiB} MiB`, async () => {
    const server = await startFillable();
    // A first session, ended, so that code loaded and heap grown once are in the baseline.
    await fillSession(server, 'warm-up');
    await fetch(`${server.origin}/__admin/sessions/warm-up`, { method: 'DELETE', headers: auth });
    await server.command('gc');
    const before = server.rss();
    const count = 4;
    for (let index = 0; index < count; index += 1) await fillSession(server, `full-${index}`);
    await server.command('gc');
    const perSession = (server.rss() - before) / count;
    const listed = (await (await fetch(`${server.origin}/__admin/sessions`, { headers: auth })).json()) as { animals: number; requests: number }[];
    expect(listed.map(({ animals }) => animals)).toEqual(Array.from({ length: count }, () => SESSION_MAX_PETS + 12));
    // Fewer than the 136 sent, and fewer than its count bound (200): the journal is at its byte bound.
    expect(listed.every(({ requests }) => requests > 0 && requests < 136)).toBe(true);
    expect(perSession, `${(perSession / MiB).toFixed(1)} MiB a session`).toBeLessThanOrEqual(SESSION_MEMORY_BYTES);
  });

  it('a session-creating request of a server seeded with 300,000 animals shares the seed: no copy in time or memory', async () => {
    const server = await startMockServerProcess(['--seed', '300000']);
    stops.push(server.stop);
    const { origin } = new URL(server.url);
    const get = async (path: string) => {
      const started = performance.now();
      const response = await fetch(`${origin}${path}`, { headers: auth });
      await response.arrayBuffer();
      return { status: response.status, ms: performance.now() - started };
    };
    await get('/sessions/first/v1/pets?limit=100');
    const before = rssOf(server.child.pid);
    const created = [];
    for (let index = 0; index < 5; index += 1) created.push(await get(`/sessions/s${index}/v1/pets/300000`));
    const grown = rssOf(server.child.pid) - before;
    expect(created.map(({ status }) => status)).toEqual([200, 200, 200, 200, 200]);
    // A copy of the seed took 0.5 to 1.1 s and 45 MiB a session here.
    expect(Math.max(...created.map(({ ms }) => ms)), 'the slowest, in ms').toBeLessThan(250);
    expect(grown, 'bytes of memory grown by 5 sessions').toBeLessThan(10 * MiB);
  });
});
