import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEV_API_KEY } from '../api/api-keys.js';
import type { MockRequest } from '../api/exchange.js';
import { MAX_OVERRIDE_BYTES } from '../staged/overrides.js';
import { createSessions, SESSION_MAX_PETS, SESSION_OVERRIDE_BYTES } from './sessions.js';

const auth = { authorization: `Bearer ${DEV_API_KEY}` };

function request(method: string, path: string, headers: MockRequest['headers'] = auth, body?: unknown): MockRequest {
  const bytes = new TextEncoder().encode(body === undefined ? '' : JSON.stringify(body));
  return { method, path, query: '', headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' }, readBody: () => Promise.resolve(bytes) };
}

const bodyOf = (response: { body: string | undefined }) => JSON.parse(response.body ?? 'null') as unknown;

afterEach(() => {
  vi.useRealTimers();
});

describe('createSessions', () => {
  it('routes /sessions/NAME/v1 to a store of its own, created from the seed on first use', async () => {
    const sessions = createSessions({ seed: 3 });
    const created = await sessions.handle(request('POST', '/sessions/a/v1/pets', auth, { name: 'Only in a', categoryId: 1 }));
    expect(created.status).toBe(201);
    expect((bodyOf(await sessions.handle(request('GET', '/sessions/a/v1/pets'))) as unknown[]).length).toBe(4);
    expect((bodyOf(await sessions.handle(request('GET', '/sessions/b/v1/pets'))) as unknown[]).length).toBe(3);
    expect((bodyOf(await sessions.handle(request('GET', '/v1/pets'))) as unknown[]).length).toBe(3);
    expect(sessions.list().map(({ name, animals, requests }) => ({ name, animals, requests }))).toEqual([
      { name: 'a', animals: 4, requests: 2 },
      { name: 'b', animals: 3, requests: 1 },
    ]);
    // The session's journal has its requests, by the path its API saw; the server's has none of them.
    expect(sessions.session('a').requests.list().map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /v1/pets', 'GET /v1/pets']);
    expect(sessions.main.requests.list().map(({ path }) => path)).toEqual(['/v1/pets']);
    sessions.close();
  });

  it("passes the client's abort to its session: a create aborted during its delay stores nothing", async () => {
    const sessions = createSessions({ seed: 0 });
    const controller = new AbortController();
    const aborted = { ...request('POST', '/sessions/a/v1/pets', { ...auth, prefer: 'delay=5000' }, { name: 'Gone', categoryId: 1 }), signal: controller.signal };
    const answer = sessions.handle(aborted);
    setTimeout(() => controller.abort(), 20);
    expect((await answer).status).toBe(499);
    expect(bodyOf(await sessions.handle(request('GET', '/sessions/a/v1/pets')))).toEqual([]);
    sessions.close();
  });

  it('names paths in a 404 as the client sent them, under the session prefix', async () => {
    const sessions = createSessions({});
    for (const [path, message] of [
      ['/sessions/a/pets', 'No operation at /sessions/a/pets; did you mean GET /sessions/a/v1/pets?'],
      ['/sessions/a/v1/pet/3', 'No operation at /sessions/a/v1/pet/3; did you mean GET /sessions/a/v1/pets/3?'],
    ] as const) {
      expect(bodyOf(await sessions.handle(request('GET', path)))).toMatchObject({ code: 'route_not_found', message });
    }
    sessions.close();
  });

  it('creates no session for a request without an accepted key: it gets the 401 a session would give', async () => {
    const sessions = createSessions({});
    const refused = await sessions.handle(request('GET', '/sessions/a/v1/pets', {}));
    expect(refused.status).toBe(401);
    expect((await sessions.handle(request('OPTIONS', '/sessions/a/v1/pets', { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' }))).status).toBe(204);
    expect(sessions.list()).toEqual([]);
    expect(sessions.main.requests.list()).toEqual([]);
  });

  it('refuses a name outside [A-Za-z0-9_-]{1,64} with a 400 naming the rule', async () => {
    const sessions = createSessions({});
    for (const path of ['/sessions/a.b/v1/pets', `/sessions/${'x'.repeat(65)}/v1/pets`, '/sessions//v1/pets', '/sessions/%20/v1']) {
      const response = await sessions.handle(request('GET', path));
      expect(response.status).toBe(400);
      expect(bodyOf(response)).toMatchObject({ code: 'invalid_request', message: expect.stringContaining('1 to 64 letters (A-Z, a-z), digits, "_" or "-"') });
    }
    expect(() => sessions.session('no way')).toThrow(/must be 1 to 64 letters/);
  });

  it('refuses one session more than maxSessions with a 503 too_many_sessions, and never evicts one', async () => {
    const sessions = createSessions({ maxSessions: 2 });
    sessions.session('a');
    sessions.session('b');
    const refused = await sessions.handle(request('GET', '/sessions/c/v1/pets', { ...auth, origin: 'http://localhost:5173' }));
    expect(refused.status).toBe(503);
    expect(refused.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(bodyOf(refused)).toMatchObject({ code: 'too_many_sessions', status: 503, message: expect.stringContaining('at most 2 sessions') });
    expect(sessions.list().map(({ name }) => name)).toEqual(['a', 'b']);
    // Ending one makes room.
    expect((await sessions.handle(request('DELETE', '/__admin/sessions/a'))).status).toBe(204);
    expect((await sessions.handle(request('GET', '/sessions/c/v1/pets'))).status).toBe(200);
    sessions.close();
  });

  it('with maxSessions 0, sessions are off: a 404 that says so', async () => {
    const sessions = createSessions({ maxSessions: 0 });
    const response = await sessions.handle(request('GET', '/sessions/a/v1/pets'));
    expect(response.status).toBe(404);
    expect(bodyOf(response)).toMatchObject({ code: 'route_not_found', message: expect.stringContaining('Sessions are off') });
    expect(() => sessions.session('a')).toThrow(/Sessions are off/);
  });

  it('ends a session idle for sessionIdleMs: its next request starts a new one from the seed', async () => {
    vi.useFakeTimers();
    const sessions = createSessions({ seed: 1, sessionIdleMs: 1_000 });
    await sessions.handle(request('POST', '/sessions/a/v1/pets', auth, { name: 'Gone later', categoryId: 1 }));
    vi.advanceTimersByTime(900);
    expect(sessions.list().map(({ name }) => name)).toEqual(['a']);
    vi.advanceTimersByTime(700);
    expect(sessions.list()).toEqual([]);
    expect(sessions.session('a').store.size).toBe(1);
    sessions.close();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps a session while a response is still being written, and counts its idle time from the end', async () => {
    vi.useFakeTimers();
    const sessions = createSessions({ seed: 1, sessionIdleMs: 1_000 });
    let responseEnd: (() => void) | undefined;
    const created = await sessions.handle({
      ...request('POST', '/sessions/a/v1/pets', auth, { name: 'Read slowly', categoryId: 1 }),
      onResponseEnd: (listener) => (responseEnd = listener),
    });
    expect(created.status).toBe(201);
    // The core is done; the transport still writes the 201 to a client that reads slowly.
    vi.advanceTimersByTime(5_000);
    expect(sessions.list().map(({ name, inFlight }) => `${name} ${inFlight}`)).toEqual(['a 1']);
    responseEnd?.();
    vi.advanceTimersByTime(900);
    expect(sessions.list().map(({ name, inFlight, animals }) => `${name} ${inFlight} ${animals}`)).toEqual(['a 0 2']);
    vi.advanceTimersByTime(700);
    expect(sessions.list()).toEqual([]);
    sessions.close();
  });

  it('DELETE /__admin/sessions/NAME: 204, then 404 once there is none', async () => {
    const sessions = createSessions({});
    const a = sessions.session('a');
    a.faults.next('listPets', { status: 503 });
    expect((await sessions.handle(request('DELETE', '/__admin/sessions/a'))).status).toBe(204);
    const again = await sessions.handle(request('DELETE', '/__admin/sessions/a'));
    expect(again.status).toBe(404);
    expect(bodyOf(again)).toMatchObject({ code: 'not_found', message: 'No session named a: GET /__admin/sessions lists them' });
    // A new session of that name has nothing armed; the old handle's end() leaves it alone.
    expect((await sessions.handle(request('GET', '/sessions/a/v1/pets'))).status).toBe(200);
    a.end();
    expect(sessions.list().map(({ name }) => name)).toEqual(['a']);
    sessions.close();
  });

  it(`caps a session's store at ${SESSION_MAX_PETS} animals of its own: a create past it is a 409 store_full, a larger seed a 400`, async () => {
    const sessions = createSessions({});
    expect((await sessions.handle(request('POST', '/sessions/a/__admin/reset', auth, { seed: SESSION_MAX_PETS - 1 }))).status).toBe(204);
    expect((await sessions.handle(request('POST', '/sessions/a/v1/pets', auth, { name: 'Last', categoryId: 1 }))).status).toBe(201);
    const full = await sessions.handle(request('POST', '/sessions/a/v1/pets', auth, { name: 'One more', categoryId: 1 }));
    expect(full.status).toBe(409);
    expect(bodyOf(full)).toMatchObject({ code: 'store_full', status: 409 });
    const tooBig = await sessions.handle(request('POST', '/sessions/a/__admin/reset', auth, { seed: SESSION_MAX_PETS + 1 }));
    expect(tooBig.status).toBe(400);
    expect(sessions.session('a').store.size).toBe(SESSION_MAX_PETS);
    // The server's own store has no such cap.
    expect((await sessions.handle(request('POST', '/__admin/reset', auth, { seed: SESSION_MAX_PETS + 1 }))).status).toBe(204);
    sessions.close();
  });

  it("counts none of the server's seed, which sessions share, against a session's cap; a reset without a seed shares it again", async () => {
    const sessions = createSessions({ seed: SESSION_MAX_PETS + 5 });
    const store = sessions.session('a').store;
    expect(store.create({ name: 'Own', categoryId: 1 }).id).toBe(SESSION_MAX_PETS + 6);
    // The same seed animal in two sessions and the server: one object, not a copy each.
    expect(sessions.session('b').store.get(7)).toBe(store.get(7));
    expect(sessions.main.store.get(7)).toBe(store.get(7));
    sessions.session('a').reset(3);
    expect(() => store.create({ name: 'Fits', categoryId: 1 })).not.toThrow();
    sessions.session('a').reset();
    expect(store.size).toBe(SESSION_MAX_PETS + 5);
    expect(store.get(7)).toBe(sessions.session('b').store.get(7));
    expect(store.list({ limit: 2, status: 'sold' }).map(({ id }) => id)).toEqual([4, 8]);
    sessions.close();
  });

  it(`holds ${SESSION_OVERRIDE_BYTES / 1024 / 1024} MiB of a session's override bodies, ${MAX_OVERRIDE_BYTES / 1024 / 1024} MiB of the server's: past it, a RangeError in code and a 400 over HTTP`, async () => {
    const sessions = createSessions({});
    const body = Array.from({ length: 5_000 }, (_, index) => ({ id: index + 1, name: 'x'.repeat(100), categoryId: 1, status: 'sold' as const }));
    const perOverride = JSON.stringify(body).length + 256;
    const session = sessions.session('a');
    const fits = Math.floor(SESSION_OVERRIDE_BYTES / perOverride);
    for (let index = 0; index < fits; index += 1) session.overrides.always('listPets', { body });
    expect(() => session.overrides.always('listPets', { body })).toThrow(RangeError);
    expect(() => session.overrides.always('listPets', { body })).toThrow(/may hold at most 2 MiB of bodies/);
    const refused = await sessions.handle(request('POST', '/sessions/a/__admin/overrides', auth, { operation: 'listPets', body }));
    expect(refused.status).toBe(400);
    expect(bodyOf(refused)).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/may hold at most 2 MiB of bodies/) as unknown });
    expect(session.overrides.list()).toHaveLength(fits);
    // The server's own overrides, and another session's, have budgets of their own.
    for (let index = 0; index <= fits; index += 1) sessions.main.overrides.always('listPets', { body });
    sessions.session('b').overrides.always('listPets', { body });
    sessions.close();
  });
});
