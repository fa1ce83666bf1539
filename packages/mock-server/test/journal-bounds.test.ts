// The journal and the overrides at their bounds, in a server process of its
// own, filled with the entries that cost V8 the most for what they say (many
// headers, two-byte text): the bounds hold for the process's memory (RSS), and
// listing a full journal leaves the server answering. docs/decisions.md,
// "Journal and override bounds (#29)", has the figures these tests meet.
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEV_API_KEY } from '@petstore/mock-server';
import { afterEach, describe, expect, it } from 'vitest';

const fixture = new URL('./fixtures/serve.mjs', import.meta.url).pathname;
const MiB = 1024 * 1024;
const auth = { authorization: `Bearer ${DEV_API_KEY}` };

/** The memory of a server process once it has collected its garbage, in bytes. */
interface Memory {
  /** What the JavaScript heap holds: what the bounds count. */
  heapUsed: number;
  /** Resident memory: the heap, the headroom V8 keeps for garbage to come, and the rest of the process. */
  rss: number;
}

interface ServerProcess {
  origin: string;
  memory: () => Promise<Memory>;
}

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

/** The server in a child process, with `options` for `startMockServer`. */
async function serve(options: Record<string, unknown> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--expose-gc', fixture, JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  stops.push(async () => {
    child.kill('SIGKILL');
    await exited;
  });
  let stdout = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (data: Buffer) => {
      stdout += data.toString();
      const match = /listening on (http:\/\/\S+)/.exec(stdout);
      if (match) resolve(match[1] as string);
    });
    void exited.then(() => reject(new Error('the server exited')));
  });
  const memory = async (): Promise<Memory> => {
    // What V8 has yet to collect is no bound's: memory is read after a full collection (fixtures/serve.mjs).
    const seen = stdout.length;
    child.kill('SIGUSR2');
    while (!/memory (\{.*\})\n/.test(stdout.slice(seen))) await sleep(20);
    return JSON.parse(/memory (\{.*\})\n/.exec(stdout.slice(seen))?.[1] as string) as Memory;
  };
  return { origin: new URL(url).origin, memory };
}

/** 990 empty headers, as the report had them: what costs V8 most per byte sent. */
const MANY_HEADERS = Object.fromEntries(Array.from({ length: 990 }, (_, index) => [`x-h${index}`, '']));
/** 16 KiB of UTF-8 whose one character past U+00FF makes V8 keep all of it at two bytes a character; an unknown field, so nothing is stored. */
const TWO_BYTE_BODY = JSON.stringify({ note: `Ā${'a'.repeat(16 * 1024 - 16)}` });

/** Sends `count` requests on a few keep-alive connections and reads every answer. */
async function send(origin: string, count: number, init: { method: string; path: string; headers: Record<string, string>; body?: string }): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  const statuses: number[] = [];
  let next = 0;
  const one = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const sent = request(`${origin}${init.path}`, { method: init.method, headers: init.headers, agent }, (response) => {
        statuses.push(response.statusCode ?? 0);
        response.resume().once('end', resolve);
      });
      sent.once('error', reject);
      sent.end(init.body);
    });
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < count) {
        next += 1;
        await one();
      }
    }),
  );
  agent.destroy();
  return statuses;
}

/** A request with 990 empty headers as bytes, built once. */
const withManyHeaders = (head: string, body = ''): Buffer =>
  Buffer.from(
    [head, 'Host: 127.0.0.1', `Authorization: ${auth.authorization}`, ...(body ? ['Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`] : []), ...Object.keys(MANY_HEADERS).map((name) => `${name}:`), '', body].join(
      '\r\n',
    ),
  );

/** The costliest request for the journal: 990 headers and 16 KiB of two-byte text, refused (400, an unknown field) so the store stays as it was. */
const COSTLIEST = withManyHeaders('POST /v1/pets HTTP/1.1', TWO_BYTE_BODY);
/** The report's request: 990 empty headers on a list. */
const REPORTED = withManyHeaders('GET /v1/pets?limit=1 HTTP/1.1');

/** `count` of `request`, pipelined on 4 connections, every answer read: 600 of the costliest fill the 16 MiB journal (~490 fit). */
function pipeline(origin: string, count = 600, request = COSTLIEST): Promise<void> {
  const { hostname, port } = new URL(origin);
  return Promise.all(
    Array.from({ length: 4 }, (_, index) => {
      const share = Math.floor(count / 4) + (index < count % 4 ? 1 : 0);
      return new Promise<void>((resolve, reject) => {
        const socket = connect(Number(port), hostname, () => socket.write(Buffer.concat(Array.from({ length: share }, () => request))));
        let answered = 0;
        // The end of the last chunk: a status line may arrive split in two.
        let tail = '';
        socket.on('data', (data: Buffer) => {
          const text = tail + data.toString('latin1');
          answered += text.split('HTTP/1.1 ').length - 1;
          tail = text.slice(-12);
          if (answered >= share) {
            socket.destroy();
            resolve();
          }
        });
        socket.once('error', reject);
        socket.once('close', () => (answered >= share ? resolve() : reject(new Error(`${answered} of ${share} answered`))));
      });
    }),
  ).then(() => undefined);
}

/** What the same traffic grows a server by with and without what is measured, so the server's own garbage cancels out. */
async function growth(
  withIt: Record<string, unknown>,
  without: Record<string, unknown>,
  warmUp: (origin: string) => Promise<unknown>,
  traffic: (origin: string) => Promise<unknown>,
): Promise<{ grown: Memory; measured: ServerProcess; control: ServerProcess }> {
  const [measured, control] = await Promise.all([serve(withIt), serve(without)]);
  // Warm both up the same way first: what the first requests allocate once is not what is measured.
  await Promise.all([warmUp(measured.origin), warmUp(control.origin)]);
  const [measuredBefore, controlBefore] = await Promise.all([measured.memory(), control.memory()]);
  await traffic(measured.origin);
  await traffic(control.origin);
  const [measuredAfter, controlAfter] = await Promise.all([measured.memory(), control.memory()]);
  const grown = (key: keyof Memory) => measuredAfter[key] - measuredBefore[key] - (controlAfter[key] - controlBefore[key]);
  return { grown: { heapUsed: grown('heapUsed'), rss: grown('rss') }, measured, control };
}

describe('the journal at its bound', () => {
  it('a journal filled with entries of 990 headers and two-byte text holds at most 17 MiB of heap (its 16, counted as V8 keeps them) and grows RSS by at most 64 MiB (four times its 16) more than none', async () => {
    const warmUp = async (origin: string) => {
      await pipeline(origin, 40);
      await fetch(`${origin}/__admin/requests`, { method: 'DELETE', headers: auth });
    };
    const { grown } = await growth({}, { journalSize: 0 }, warmUp, pipeline);
    // Filled to its bound (most of its 16 MiB), and no further.
    expect(grown.heapUsed).toBeGreaterThan(12 * MiB);
    expect(grown.heapUsed).toBeLessThan(17 * MiB);
    // V8 keeps room for garbage in proportion to what is live, more on Node.js 24 than 26.
    expect(grown.rss).toBeLessThan(64 * MiB);
  }, 60_000);

  it('an entry keeps 64 of 990 headers and counts the others', async () => {
    const server = await serve();
    await send(server.origin, 1, { method: 'GET', path: '/v1/pets?limit=1', headers: { ...auth, ...MANY_HEADERS, 'x-request-id': 'many' } });
    const response = await fetch(`${server.origin}/__admin/requests?requestId=many`, { headers: auth });
    const [entry] = (await response.json()) as { headers: Record<string, string>; headersOmitted: number; truncated: boolean }[];
    expect(Object.keys(entry?.headers ?? {})).toHaveLength(64);
    expect(entry).toMatchObject({ truncated: true });
    expect((entry?.headersOmitted ?? 0) + 64).toBeGreaterThanOrEqual(990);
  });

  it('ten listings of a full journal at once leave the server answering other requests within a second', async () => {
    const server = await serve();
    // The report's full journal: 1,000 requests of 990 headers each.
    await pipeline(server.origin, 1_000, REPORTED);
    let listing = true;
    const listings = Promise.all(Array.from({ length: 10 }, () => fetch(`${server.origin}/__admin/requests`, { headers: auth }).then((response) => response.arrayBuffer()))).finally(
      () => (listing = false),
    );
    let slowest = 0;
    let probes = 0;
    while (listing) {
      const started = performance.now();
      await fetch(`${server.origin}/v1/pets?limit=1`, { headers: auth }).then((response) => response.arrayBuffer());
      slowest = Math.max(slowest, performance.now() - started);
      probes += 1;
      await sleep(20);
    }
    const lists = await listings;
    // Each a full journal (the probes take the place of the oldest entries).
    expect((JSON.parse(Buffer.from(lists[0] as ArrayBuffer).toString()) as unknown[]).length).toBe(1_000);
    expect(probes).toBeGreaterThan(1);
    expect(slowest).toBeLessThan(1_000);
  }, 60_000);
});

describe('the overrides at their bound', () => {
  /** Pets whose names hold a character past U+00FF: JSON text V8 keeps at two bytes a character. */
  const body = Array.from({ length: 4_000 }, (_, index) => ({ id: index + 1, name: `Ā${'n'.repeat(99)}`, categoryId: 1 }));
  const arm = (origin: string) =>
    send(origin, 32, { method: 'POST', path: '/__admin/overrides', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ operation: 'listPets', body, times: 'always' }) });

  it('overrides armed up to their 16 MiB with two-byte bodies hold at most 17 MiB of heap and grow RSS by at most 80 MiB', async () => {
    const statuses = new Map<string, number[]>();
    const warmUp = async (origin: string) => {
      await send(origin, 1, { method: 'POST', path: '/__admin/overrides', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ operation: 'listPets', body, times: 'always' }) });
      await fetch(`${origin}/__admin/overrides`, { method: 'DELETE', headers: auth });
    };
    const armAll = async (origin: string) => statuses.set(origin, await arm(origin));
    const { grown, measured, control } = await growth({}, { overrideBytes: 0 }, warmUp, armAll);
    // The measured server armed some and refused the rest at the bound; the control armed none.
    expect(statuses.get(measured.origin)).toContain(201);
    expect(statuses.get(measured.origin)).toContain(400);
    expect(statuses.get(control.origin)).not.toContain(201);
    expect(grown.heapUsed).toBeGreaterThan(12 * MiB);
    expect(grown.heapUsed).toBeLessThan(17 * MiB);
    expect(grown.rss).toBeLessThan(80 * MiB);
  }, 60_000);
});
