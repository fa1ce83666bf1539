// Sessions against the built binary in a child process on 127.0.0.1: isolation
// of stores, faults, overrides and journals; the idle end, DELETE and the
// listing; the bounds (sessions, animals, journal); names; a browser-like
// request that reaches a session by its URL alone; and server.session() in code.
import { DEV_API_KEY, HttpError, startMockServer } from '@petstore/mock-server';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockServerProcess, type MockServerProcess } from '../../../test/support/mock-server-process.js';

const auth = { authorization: `Bearer ${DEV_API_KEY}` };
const json = { ...auth, 'content-type': 'application/json' };
const KiB = 1024;

const running: MockServerProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop()));
});

async function serve(args: readonly string[] = []) {
  const server = await startMockServerProcess(args);
  running.push(server);
  const { origin } = new URL(server.url);
  const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = body === undefined ? auth : json) => {
    const response = await fetch(`${origin}${path}`, { method, headers, ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }) });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
  };
  const names = async () => ((await send('GET', '/__admin/sessions')).body as { name: string }[]).map(({ name }) => name);
  return { server, origin, send, names };
}

interface SessionInfo {
  name: string;
  created: string;
  lastUsed: string;
  animals: number;
  requests: number;
  inFlight: number;
}

describe('sessions of petstore-mock', () => {
  it('two sessions are isolated: a create, a fault, an override and a reset in one are not seen in the other nor in /v1', async () => {
    const { send } = await serve(['--seed', '3']);
    expect((await send('POST', '/sessions/one/v1/pets', { name: 'Only in one', categoryId: 1 })).status).toBe(201);
    expect(((await send('GET', '/sessions/one/v1/pets')).body as unknown[]).length).toBe(4);
    expect(((await send('GET', '/sessions/two/v1/pets')).body as unknown[]).length).toBe(3);
    expect(((await send('GET', '/v1/pets')).body as unknown[]).length).toBe(3);

    expect((await send('POST', '/sessions/one/__admin/faults', { operation: 'listPets', status: 503 })).status).toBe(201);
    expect((await send('POST', '/sessions/two/__admin/overrides', { operation: 'getPet', body: { id: 1, name: 'Staged', categoryId: 2, status: 'sold' } })).status).toBe(201);
    expect((await send('GET', '/v1/pets')).status).toBe(200);
    expect((await send('GET', '/sessions/two/v1/pets')).status).toBe(200);
    expect((await send('GET', '/sessions/one/v1/pets')).status).toBe(503);
    expect((await send('GET', '/sessions/one/v1/pets/1')).body).toMatchObject({ name: 'Rex' });
    expect((await send('GET', '/v1/pets/1')).body).toMatchObject({ name: 'Rex' });
    expect((await send('GET', '/sessions/two/v1/pets/1')).body).toMatchObject({ name: 'Staged' });

    expect((await send('POST', '/sessions/two/__admin/reset', { seed: [{ name: 'Own seed', categoryId: 3 }] })).status).toBe(204);
    expect((await send('GET', '/sessions/two/v1/pets')).body).toEqual([{ id: 1, name: 'Own seed', categoryId: 3, status: 'available' }]);
    expect(((await send('GET', '/sessions/one/v1/pets')).body as unknown[]).length).toBe(4);
    expect(((await send('GET', '/v1/pets')).body as unknown[]).length).toBe(3);

    // Each journal has its own requests only, by the path the session's API saw.
    const journal = async (prefix: string) => ((await send('GET', `${prefix}/__admin/requests`)).body as { path: string; status: number }[]).map(({ path, status }) => `${path} ${status}`);
    expect(await journal('/sessions/one')).toEqual(['/v1/pets 201', '/v1/pets 200', '/v1/pets 503', '/v1/pets/1 200', '/v1/pets 200']);
    expect(await journal('/sessions/two')).toEqual(['/v1/pets 200']);
    expect(await journal('')).toEqual(['/v1/pets 200', '/v1/pets 200', '/v1/pets/1 200', '/v1/pets 200']);
    expect((await send('GET', '/sessions/one/v1/openapi.json')).status).toBe(200);
  });

  it('GET /__admin/sessions lists them; DELETE /__admin/sessions/NAME ends one (204), then 404', async () => {
    const { send, names } = await serve();
    const before = Date.now();
    await send('GET', '/sessions/a/v1/pets');
    await send('POST', '/sessions/b/v1/pets', { name: 'Bo', categoryId: 1 });
    const listed = (await send('GET', '/__admin/sessions')).body as SessionInfo[];
    expect(listed.map(({ name, animals, requests }) => ({ name, animals, requests }))).toEqual([
      { name: 'a', animals: 12, requests: 1 },
      { name: 'b', animals: 13, requests: 1 },
    ]);
    expect(Date.parse(listed[0]?.created ?? '')).toBeGreaterThanOrEqual(before - 1_000);
    expect((await send('DELETE', '/__admin/sessions/b')).status).toBe(204);
    expect(await names()).toEqual(['a']);
    expect(await send('DELETE', '/__admin/sessions/b')).toMatchObject({ status: 404, body: { code: 'not_found', status: 404, message: 'No session named b: GET /__admin/sessions lists them' } });
    // Its next request starts afresh from the seed.
    expect(((await send('GET', '/sessions/b/v1/pets')).body as unknown[]).length).toBe(12);
    expect((await send('DELETE', '/__admin/sessions/a', undefined, {})).status).toBe(401);
  });

  it('a session idle for --session-idle ends: it leaves the listing, and its next request starts from the seed', async () => {
    const { send, names } = await serve(['--session-idle', '1']);
    await send('POST', '/sessions/short/v1/pets', { name: 'Brief', categoryId: 1 });
    expect(await names()).toEqual(['short']);
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    expect(await names()).toEqual([]);
    expect(((await send('GET', '/sessions/short/v1/pets')).body as unknown[]).length).toBe(12);
  });

  it('a session answering a request does not end idle: a create delayed or uploaded past --session-idle is stored, listed in flight meanwhile, and the idle time counts from its end', async () => {
    const { send, origin } = await serve(['--session-idle', '1']);
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // One create waits 2.5 s on a staged delay; the other's body arrives over 2.5 s, half of it first.
    const delayed = send('POST', '/sessions/ra/v1/pets', { name: 'Delayed', categoryId: 1 }, { ...json, prefer: 'delay=2500' });
    const body = Buffer.from(JSON.stringify({ name: 'Uploaded slowly', categoryId: 2 }));
    const { request } = await import('node:http');
    const uploaded = new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const { hostname, port } = new URL(origin);
      const upload = request({ host: hostname, port, method: 'POST', path: '/sessions/up/v1/pets', headers: { ...json, 'content-length': String(body.length) } }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as unknown }));
      });
      upload.on('error', reject);
      upload.write(body.subarray(0, 10));
      setTimeout(() => upload.end(body.subarray(10)), 2_500);
    });
    await sleep(1_700);
    const listed = (await send('GET', '/__admin/sessions')).body as SessionInfo[];
    expect(listed.map(({ name, inFlight }) => ({ name, inFlight }))).toEqual([
      { name: 'ra', inFlight: 1 },
      { name: 'up', inFlight: 1 },
    ]);
    const answers = [
      ['ra', await delayed, 'Delayed'],
      ['up', await uploaded, 'Uploaded slowly'],
    ] as const;
    // Idle from each answer's end, not its arrival 2.5 s ago: both live on.
    expect(((await send('GET', '/__admin/sessions')).body as SessionInfo[]).map(({ name, inFlight }) => `${name} ${inFlight}`)).toEqual(['ra 0', 'up 0']);
    for (const [name, answer, animal] of answers) {
      expect(answer.status).toBe(201);
      // The animal its 201 names is stored in the session, which is the one it was created in.
      const { id } = answer.body as { id: number };
      expect(await send('GET', `/sessions/${name}/v1/pets/${id}`)).toMatchObject({ status: 200, body: { id, name: animal } });
      expect(((await send('GET', `/sessions/${name}/v1/pets`)).body as unknown[]).length).toBe(13);
    }
  });

  it('a response still being written keeps its session: a stalled list holds it past --session-idle until the client gives up', async () => {
    const { send, origin } = await serve(['--session-idle', '1']);
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const listing = async () => ((await send('GET', '/__admin/sessions')).body as SessionInfo[]).map(({ name, inFlight }) => `${name} ${inFlight}`);
    expect((await send('POST', '/sessions/st/__admin/faults', { operation: 'listPets', kind: 'stall' })).status).toBe(201);
    // The core answers at once; the server writes half the body, then nothing until the client goes.
    const reader = new AbortController();
    const response = await fetch(`${origin}/sessions/st/v1/pets`, { headers: auth, signal: reader.signal });
    const body = response.text().catch(() => 'gave up');
    await sleep(1_700);
    expect(await listing()).toEqual(['st 1']);
    reader.abort();
    expect(await body).toBe('gave up');
    await sleep(200);
    expect(await listing()).toEqual(['st 0']);
  });

  it('one session more than --max-sessions is a 503 too_many_sessions naming the limit and how to end one, explained in the log; none is evicted', async () => {
    const { send, names, server } = await serve(['--max-sessions', '2', '--log', 'json']);
    await send('GET', '/sessions/a/v1/pets');
    await send('GET', '/sessions/b/v1/pets');
    const refused = await send('GET', '/sessions/c/v1/pets');
    expect(refused).toMatchObject({ status: 503, body: { code: 'too_many_sessions', status: 503 } });
    const { message } = refused.body as { message: string };
    expect(message).toMatch(/at most 2 sessions.*DELETE \/__admin\/sessions\/NAME.*--max-sessions/);
    expect(refused.headers.get('x-request-id')).toMatch(/\S/);
    expect(await names()).toEqual(['a', 'b']);
    expect((await send('GET', '/sessions/a/v1/pets')).status).toBe(200);
    // The log line of the refusal carries its explanation, as the core's refusals do.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const line = server
      .output()
      .split('\n')
      .map((text) => (text.startsWith('{') ? (JSON.parse(text) as { path?: string; status?: number; error?: unknown }) : {}))
      .find((entry) => entry.path === '/sessions/c/v1/pets');
    expect(line).toMatchObject({ status: 503, error: { code: 'too_many_sessions', message } });
  });

  it('--max-sessions 0 turns sessions off: a 404 that says so; /v1 as ever', async () => {
    const { send } = await serve(['--max-sessions', '0']);
    expect(await send('GET', '/sessions/a/v1/pets')).toMatchObject({ status: 404, body: { code: 'route_not_found', message: expect.stringContaining('Sessions are off') } });
    expect((await send('GET', '/v1/pets')).status).toBe(200);
  });

  it('a session holds at most 10000 animals: one more is a 409 store_full, a larger seed a 400; the server store has no such cap', async () => {
    const { send } = await serve();
    expect((await send('POST', '/sessions/big/__admin/reset', { seed: 9_999 })).status).toBe(204);
    expect((await send('POST', '/sessions/big/v1/pets', { name: 'Last', categoryId: 1 })).status).toBe(201);
    expect(await send('POST', '/sessions/big/v1/pets', { name: 'Too many', categoryId: 1 })).toMatchObject({ status: 409, body: { code: 'store_full', status: 409 } });
    expect(await send('POST', '/sessions/big/__admin/reset', { seed: 10_001 })).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    // The refused reset changed nothing.
    expect(((await send('GET', '/__admin/sessions')).body as SessionInfo[])[0]).toMatchObject({ animals: 10_000, requests: 2 });
    expect((await send('POST', '/__admin/reset', { seed: 10_001 })).status).toBe(204);
  });

  it("a session's journal keeps its last 200 requests, and within 2 MiB", async () => {
    const { send } = await serve();
    for (let index = 0; index < 210; index += 1) await send('GET', `/sessions/small/v1/pets?limit=${(index % 100) + 1}`);
    const requests = async () => ((await send('GET', '/__admin/sessions')).body as SessionInfo[])[0]?.requests;
    expect(await requests()).toBe(200);
    // Bodies of 20 KiB keep 16 KiB each: 200 of them would pass 2 MiB, so the oldest go sooner.
    const body = JSON.stringify({ name: 'x'.repeat(20 * KiB), categoryId: 1 });
    for (let index = 0; index < 200; index += 1) expect((await send('POST', '/sessions/small/v1/pets', body)).status).toBe(400);
    const kept = await requests();
    expect(kept).toBeGreaterThan(100);
    expect(kept).toBeLessThan(2 * 1024 / 16);
  });

  it('refuses a session name outside [A-Za-z0-9_-]{1,64} with a 400 naming the rule', async () => {
    const { send, names } = await serve();
    for (const name of ['a.b', 'x'.repeat(65), 'caf%C3%A9', 'a%2Fb', '']) {
      expect(await send('GET', `/sessions/${name}/v1/pets`)).toMatchObject({
        status: 400,
        body: { code: 'invalid_request', message: expect.stringContaining('must be 1 to 64 letters (A-Z, a-z), digits, "_" or "-"') },
      });
    }
    expect(await send('DELETE', '/__admin/sessions/a.b')).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    expect(await names()).toEqual([]);
  });

  it('a browser-like request with no header beyond the key reaches its session by URL alone; the host check and CORS apply as to /v1; the log names the session', async () => {
    const { send, origin, server } = await serve(['--log', 'json']);
    const page = { origin: 'http://localhost:5173' };
    const preflight = await send('OPTIONS', '/sessions/tab-1/v1/pets', undefined, { ...page, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(page.origin);
    const created = await send('POST', '/sessions/tab-1/v1/pets', { name: 'From the page', categoryId: 1 }, { ...json, ...page });
    expect(created.status).toBe(201);
    expect(created.headers.get('access-control-allow-origin')).toBe(page.origin);
    expect(((await send('GET', '/sessions/tab-1/v1/pets')).body as { name: string }[]).at(-1)?.name).toBe('From the page');
    expect(await send('GET', '/sessions/tab-1/v1/pets', undefined, { ...auth, origin: 'https://evil.example' })).toMatchObject({ status: 200 });
    expect((await send('GET', '/sessions/tab-1/v1/pets', undefined, { ...auth, origin: 'https://evil.example' })).headers.get('access-control-allow-origin')).toBeNull();
    // The body limit as on /v1.
    expect(await send('POST', '/sessions/tab-1/v1/pets', 'x'.repeat(1024 * KiB + 1))).toMatchObject({ status: 413, body: { code: 'payload_too_large' } });
    // Without a key: the 401 a session gives, and no session made.
    expect(await send('GET', '/sessions/nokey/v1/pets', undefined, {})).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    expect(((await send('GET', '/__admin/sessions')).body as SessionInfo[]).map(({ name }) => name)).toEqual(['tab-1']);
    // A page on a rebinding host name is refused before anything runs.
    const rebound = await new Promise<number>((resolve, reject) => {
      const { hostname, port } = new URL(origin);
      void import('node:http').then(({ request }) =>
        request({ host: hostname, port, path: '/sessions/tab-1/v1/pets', headers: { ...auth, host: `evil.example:${port}` } }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        }).on('error', reject).end(),
      );
    });
    expect(rebound).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.output()).toMatch(/"method":"POST","path":"\/sessions\/tab-1\/v1\/pets","status":201/);
  });
});

describe('server.session(name) in code', () => {
  it('gives the same controls as the server, scoped, at its own url; end() ends it', async () => {
    const server = await startMockServer({ seed: 2 });
    try {
      const session = server.session('worker-1');
      expect(session.url).toBe(`${server.origin}/sessions/worker-1/v1`);
      session.overrides.next('listPets', { body: [] });
      expect(await (await fetch(`${session.url}/pets`, { headers: auth })).json()).toEqual([]);
      expect(((await (await fetch(`${server.url}/pets`, { headers: auth })).json()) as unknown[]).length).toBe(2);
      session.faults.next('getPet', { status: 500 });
      expect((await fetch(`${session.url}/pets/1`, { headers: auth })).status).toBe(500);
      expect(session.requests.list({ operation: 'getPet' }).map(({ status }) => status)).toEqual([500]);
      expect(server.requests.list({ operation: 'getPet' })).toEqual([]);
      session.reset(5);
      expect(session.store.size).toBe(5);
      expect(server.store.size).toBe(2);
      expect(session.requests.list()).toEqual([]);
      // The same session over HTTP and in code.
      await fetch(`${session.url}/pets`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'Via HTTP', categoryId: 1 }) });
      expect(server.session('worker-1').store.size).toBe(6);
      session.end();
      expect(server.session('worker-1').store.size).toBe(2);
      expect(() => server.session('bad name')).toThrow(/must be 1 to 64 letters/);
      // The error a test can tell apart: exported, with the code and status the same request gets over HTTP.
      const refused = (() => {
        try {
          server.session('bad name');
        } catch (error) {
          return error;
        }
        return undefined;
      })();
      expect(refused).toBeInstanceOf(HttpError);
      expect(refused).toMatchObject({ code: 'invalid_request', status: 400 });
    } finally {
      await server.close();
    }
  });

  it('a handle of a session that ended refuses its controls instead of staging on nothing; using one counts as activity', async () => {
    const server = await startMockServer({ seed: 2, sessionIdleMs: 300 });
    try {
      const ended = server.session('gone');
      ended.end();
      expect(() => ended.overrides.next('listPets', { body: [] })).toThrow(/Session gone has ended .*server\.session\('gone'\) gives a new one/);
      expect(() => ended.store.size).toThrow(/Session gone has ended/);
      expect(() => ended.reset()).toThrow(/Session gone has ended/);
      ended.end();

      // Idle: a handle used in code stays alive; one left alone past sessionIdleMs ends.
      const kept = server.session('kept');
      const idle = server.session('idle');
      for (let step = 0; step < 4; step += 1) {
        await new Promise((resolve) => setTimeout(resolve, 120));
        expect(kept.requests.count).toBe(0);
      }
      expect(() => idle.overrides.list()).toThrow(/Session idle has ended/);
      kept.overrides.next('listPets', { body: [] });
      expect(await (await fetch(`${server.origin}/sessions/kept/v1/pets`, { headers: auth })).json()).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
