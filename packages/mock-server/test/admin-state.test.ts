// The admin state a client can grow, bounded: the request journal (bytes and
// count, listing that never fails), the armed faults and overrides (count, and
// bytes on the server and in a session), the secrets the journal
// must not keep, and Prefer codes that would be silently ignored. Against the
// built binary in a child process on 127.0.0.1.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { DEV_API_KEY } from '@petstore/mock-server';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockServerProcess, type MockServerProcess } from '../../../test/support/mock-server-process.js';

const auth = { authorization: `Bearer ${DEV_API_KEY}` };
const MiB = 1024 * 1024;

const running: { server: MockServerProcess; agent: Agent }[] = [];
afterEach(async () => {
  for (const { agent } of running) agent.destroy();
  await Promise.all(running.splice(0).map(({ server }) => server.stop()));
});

interface Reply {
  status: number;
  text: string;
}

/** The server, and a keep-alive client of at most 4 connections to it. */
async function serve() {
  const server = await startMockServerProcess();
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  running.push({ server, agent });
  const { hostname, port, origin } = new URL(server.url);
  const send = (method: string, path: string, headers: Record<string, string> = {}, body?: Uint8Array | string): Promise<Reply> =>
    new Promise((resolve, reject) => {
      const outgoing = request({ agent, host: hostname, port, method, path, headers: { ...auth, ...headers } }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  /** Sends `count` requests made by `make`, four at a time; resolves with their statuses in order. */
  const sendMany = async (count: number, make: (index: number) => Parameters<typeof send>): Promise<number[]> => {
    const statuses: number[] = [];
    let next = 0;
    const worker = async () => {
      while (next < count) {
        const index = next++;
        statuses[index] = (await send(...make(index))).status;
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    return statuses;
  };
  const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))?.[1]) * 1024;
  return { origin, send, sendMany, rss };
}

const listed = (reply: Reply) => JSON.parse(reply.text) as { requestId: string; body?: unknown; truncated?: true; query: Record<string, unknown>; headers: Record<string, unknown> }[];

describe('the request journal', () => {
  it('a thousand 1 MiB bodies: the server stays small, and the listing answers 200 at once with truncated entries', async () => {
    const { send, sendMany, rss } = await serve();
    const json = { 'content-type': 'application/json' };
    // Mostly one long string (quick for the server to parse, so the test stays fast); every 50th
    // is the array of a third of a million empty objects that once took the server's heap.
    const longName = Buffer.from(JSON.stringify({ name: 'x'.repeat(MiB - 40), categoryId: 1 }));
    const emptyObjects = Buffer.from(`[${'{},'.repeat((MiB - 3) / 3)}{}]`);
    expect(emptyObjects.length).toBeLessThanOrEqual(MiB);
    const statuses = await sendMany(1_000, (index) => ['POST', '/v1/pets', { ...json, 'x-request-id': `flood-${index}` }, index % 50 === 0 ? emptyObjects : longName]);
    expect(new Set(statuses)).toEqual(new Set([400]));
    // Four at a time arrive in any order: the newest ten are sent one by one, so their order is known.
    for (let index = 0; index < 10; index += 1) expect((await send('POST', '/v1/pets', { ...json, 'x-request-id': `last-${index}` }, longName)).status).toBe(400);

    const started = performance.now();
    const reply = await send('GET', '/__admin/requests');
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(reply.status).toBe(200);
    // 16 MiB in all, 16 KiB of each body: the oldest went, the newest is last.
    expect(reply.text.length).toBeLessThan(20 * MiB);
    const entries = listed(reply);
    expect(entries.length).toBeGreaterThan(500);
    expect(entries.length).toBeLessThan(1_000);
    expect(entries.at(-1)?.requestId).toBe('last-9');
    for (const entry of entries) {
      expect(entry.truncated).toBe(true);
      expect(typeof entry.body).toBe('string');
      expect((entry.body as string).length).toBeLessThanOrEqual(16 * 1024);
    }
    // Not a gigabyte of bodies: what the journal keeps, and what parsing them left behind.
    expect(rss()).toBeLessThan(512 * MiB);

    const newest = await send('GET', '/__admin/requests?limit=10');
    expect(listed(newest).map((entry) => entry.requestId)).toEqual(Array.from({ length: 10 }, (_, index) => `last-${index}`));
  }, 60_000);

  it('limit and since select the newest requests, and bad values are a 400 naming the parameter', async () => {
    const { send } = await serve();
    await send('GET', '/v1/pets?limit=1', { 'x-request-id': 'first' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const since = new Date().toISOString();
    await send('GET', '/v1/pets?limit=2', { 'x-request-id': 'second' });
    await send('GET', '/v1/pets/1', { 'x-request-id': 'third' });
    const ids = async (query: string) => listed(await send('GET', `/__admin/requests?${query}`)).map((entry) => entry.requestId);
    expect(await ids('limit=2')).toEqual(['second', 'third']);
    expect(await ids(`since=${encodeURIComponent(since)}`)).toEqual(['second', 'third']);
    expect(await ids(`since=${encodeURIComponent(since)}&limit=1&operation=listPets`)).toEqual(['second']);
    for (const [query, message] of [
      ['limit=0', 'query.limit: must be an integer from 1 to 1000000'],
      ['limit=1000001', 'query.limit: must be an integer from 1 to 1000000'],
      ['limit=ten', 'query.limit: must be an integer from 1 to 1000000'],
      ['since=today', 'query.since: must be an ISO 8601 time with a zone, e.g. 2026-11-25T10:00:00.000Z'],
      ['since=a&since=b', 'query.since: must be given only once'],
    ]) {
      const reply = await send('GET', `/__admin/requests?${query}`);
      expect(reply.status, query).toBe(400);
      expect(JSON.parse(reply.text)).toEqual({ code: 'invalid_request', message, status: 400 });
    }
  });

  it('keeps the names of secret headers and query parameters, never their values', async () => {
    const { send } = await serve();
    const secrets = ['s3cr3t-query-key', 's3cr3t-token', 's3cr3t-password', 's3cr3t-header-key', 's3cr3t-cookie', 's3cr3t-auth'];
    const [queryKey, token, password, headerKey, cookie, authToken] = secrets as [string, string, string, string, string, string];
    await send('GET', `/v1/pets?limit=1&api_key=${queryKey}&access_token=${token}&Password=${password}`, { 'x-api-key': headerKey, cookie: `sid=${cookie}`, 'x-auth-token': authToken });
    const reply = await send('GET', '/__admin/requests');
    for (const secret of [...secrets, DEV_API_KEY]) expect(reply.text).not.toContain(secret);
    const [entry] = listed(reply);
    expect(entry?.query).toEqual({ limit: '1', api_key: '[redacted]', access_token: '[redacted]', Password: '[redacted]' });
    expect(entry?.headers).toMatchObject({ authorization: '[redacted]', 'x-api-key': '[redacted]', cookie: '[redacted]', 'x-auth-token': '[redacted]' });
  });
});

describe('armed faults', () => {
  it('past 1,000 armed at once, another is refused with a 400 naming the limit; disarming makes room', async () => {
    const { send, sendMany } = await serve();
    const json = { 'content-type': 'application/json' };
    const statuses = await sendMany(1_000, () => ['POST', '/__admin/faults', json, '{"operation":"getPet","status":503,"times":1000}']);
    expect(new Set(statuses)).toEqual(new Set([201]));
    const refused = await send('POST', '/__admin/faults', json, '{"status":500}');
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text)).toEqual({
      code: 'invalid_request',
      message: 'at most 1000 faults may be armed at once; disarm them (DELETE /__admin/faults, faults.clear()) or let requests spend them',
      status: 400,
    });
    expect(JSON.parse((await send('GET', '/__admin/faults')).text)).toHaveLength(1_000);
    expect((await send('POST', '/__admin/faults', json, '{"status":500,"times":1001}')).status).toBe(400);
    expect((await send('DELETE', '/__admin/faults')).status).toBe(204);
    expect((await send('POST', '/__admin/faults', json, '{"status":500}')).status).toBe(201);
  });
});

describe('armed overrides', () => {
  it('past 1,000 armed at once, another is refused with a 400 naming the limit; an override past the body limit is a 413', async () => {
    const { send, sendMany } = await serve();
    const json = { 'content-type': 'application/json' };
    const statuses = await sendMany(1_000, () => ['POST', '/__admin/overrides', json, '{"operation":"getPet","status":404,"times":"always"}']);
    expect(new Set(statuses)).toEqual(new Set([201]));
    const refused = await send('POST', '/__admin/overrides', json, '{"operation":"listPets","body":[]}');
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text)).toEqual({
      code: 'invalid_request',
      message: 'at most 1000 overrides may be armed at once; clear them (DELETE …/__admin/overrides, overrides.clear()) or let requests spend them',
      status: 400,
    });
    expect((await send('DELETE', '/__admin/overrides')).status).toBe(204);
    const huge = JSON.stringify({ operation: 'listPets', body: [{ id: 1, name: 'x'.repeat(1024 * 1024), categoryId: 1 }] });
    const tooLarge = await send('POST', '/__admin/overrides', json, huge);
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse((await send('GET', '/__admin/overrides')).text)).toEqual([]);
  });
});

describe('the bytes armed overrides hold', () => {
  const json = { 'content-type': 'application/json' };
  // A list of 5,000 animals: about 750 KiB of body, under the 1 MiB request limit.
  const animals = Array.from({ length: 5_000 }, (_, index) => ({ id: index + 1, name: 'x'.repeat(100), categoryId: 1, status: 'sold' }));
  const arm = JSON.stringify({ operation: 'listPets', body: animals, times: 'always' });
  const full = (limit: string) =>
    new RegExp(`^the overrides armed at once may hold at most ${limit} of bodies; \\d+ KiB are armed and this one needs \\d+ KiB: clear them \\(DELETE …/__admin/overrides, overrides\\.clear\\(\\)\\) or let requests spend them$`);

  it('a session holds 2 MiB: another arm is a 400 naming the limit, nothing armed is dropped, the server keeps answering, clearing makes room', async () => {
    const { send } = await serve();
    const admin = '/sessions/w1/__admin/overrides';
    const first = await send('POST', admin, json, arm);
    expect(first.status).toBe(201);
    // The echo is the armed override, its body as sent.
    expect(JSON.parse(first.text)).toEqual({ id: 1, operation: 'listPets', body: animals, remaining: 'always' });
    expect((await send('POST', admin, json, arm)).status).toBe(201);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const refused = await send('POST', admin, json, arm);
      expect(refused.status).toBe(400);
      const body = JSON.parse(refused.text) as { code: string; message: string; status: number };
      expect(body).toMatchObject({ code: 'invalid_request', status: 400 });
      expect(body.message).toMatch(full('2 MiB'));
    }
    // What was armed still answers, the session's other controls and the server's own API too.
    expect(JSON.parse((await send('GET', admin)).text)).toHaveLength(2);
    const staged = await send('GET', '/sessions/w1/v1/pets');
    expect(staged.status).toBe(200);
    expect(JSON.parse(staged.text)).toHaveLength(5_000);
    expect((await send('POST', '/sessions/w1/__admin/overrides', json, '{"operation":"getPet","status":404}')).status).toBe(201);
    expect(JSON.parse((await send('GET', '/v1/pets')).text)).toHaveLength(12);
    expect((await send('DELETE', admin)).status).toBe(204);
    expect((await send('POST', admin, json, arm)).status).toBe(201);
  });

  it('the server holds 16 MiB of its own, apart from its sessions\'', async () => {
    const { send } = await serve();
    let armed = 0;
    let refused: Reply | undefined;
    while (refused === undefined && armed < 40) {
      const reply = await send('POST', '/__admin/overrides', json, arm);
      if (reply.status === 201) armed += 1;
      else refused = reply;
    }
    expect(armed).toBe(Math.floor((16 * MiB) / (JSON.stringify(animals).length + 24 + 256)));
    expect(refused?.status).toBe(400);
    expect((JSON.parse(refused?.text ?? '{}') as { message?: string }).message).toMatch(full('16 MiB'));
    // A session's budget is its own.
    expect((await send('POST', '/sessions/w2/__admin/overrides', json, arm)).status).toBe(201);
    expect(JSON.parse((await send('GET', '/v1/pets?limit=1')).text)).toHaveLength(5_000);
  });
});

describe('Prefer', () => {
  it('a success code is refused with a 400 naming what is allowed, and nothing is created', async () => {
    const { send } = await serve();
    for (const code of ['204', '201', '200']) {
      const reply = await send('POST', '/v1/pets', { 'content-type': 'application/json', prefer: `code=${code}` }, '{"name":"Ghost","categoryId":1}');
      expect(reply.status).toBe(400);
      expect(JSON.parse(reply.text)).toEqual({ code: 'invalid_request', message: `header.prefer: code must be an error status from 400 to 599, got "${code}"`, status: 400 });
    }
    expect(JSON.parse((await send('GET', '/v1/pets?limit=100')).text)).toHaveLength(12);
  });
});
