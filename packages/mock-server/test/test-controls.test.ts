// The test controls in code and below HTTP, through both transports: faults
// armed on the server or handlers object, the recorded requests, a reset to a
// seed of the test's own, and the faults that are no HTTP answer at all.
import { DEV_API_KEY, startMockServer, type MockServer } from '@petstore/mock-server';
import { createHandlers, type MockHandlers } from '@petstore/mock-server/msw';
import { NAME_MAX_LENGTH, OPERATION_IDS } from '@petstore/sdk/contract';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const auth = { authorization: `Bearer ${DEV_API_KEY}` };

interface Target {
  name: string;
  setup(): Promise<{ url: string; controls: MockServer | MockHandlers; teardown(): Promise<void> }>;
}

const targets: Target[] = [
  {
    name: 'the Node server',
    setup: async () => {
      const server = await startMockServer({ journalSize: 3 });
      return { url: server.url, controls: server, teardown: () => server.close() };
    },
  },
  {
    name: 'the MSW handlers',
    setup: async () => {
      const handlers = createHandlers({ baseUrl: 'http://petstore.test/v1', journalSize: 3 });
      const mocks = setupServer(...handlers);
      mocks.listen({ onUnhandledFrame: 'error' });
      return { url: 'http://petstore.test/v1', controls: handlers, teardown: async () => mocks.close() };
    },
  },
];

/** The timers that keep this process alive. */
const activeTimers = (): number => process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 2_000;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe.each(targets)('test controls of $name', ({ setup }) => {
  let target: Awaited<ReturnType<Target['setup']>>;
  beforeAll(async () => {
    target = await setup();
  });
  afterAll(() => target.teardown());
  beforeEach(() => target.controls.reset());

  const get = (path: string, init: RequestInit = {}) => fetch(`${target.url}${path}`, { ...init, headers: { ...auth, ...init.headers } });

  it('faults.next() in code fails the next request of that operation, with Retry-After', async () => {
    const armed = target.controls.faults.next('listPets', { status: 503, retryAfter: 1 });
    expect(armed).toMatchObject({ operation: 'listPets', status: 503, remaining: 1 });
    const failed = await get('/pets');
    expect(failed.status).toBe(503);
    expect(failed.headers.get('retry-after')).toBe('1');
    expect(await failed.json()).toEqual({ code: 'service_unavailable', message: 'Service Unavailable (staged by the mock server)', status: 503 });
    expect((await get('/pets')).status).toBe(200);
    expect(target.controls.faults.list()).toEqual([]);
  });

  it('a fault in code with a bad field throws a TypeError naming it', () => {
    // @ts-expect-error not an operation of the API
    expect(() => target.controls.faults.next('noSuchOperation', { status: 500 })).toThrow(`operation: must be one of ${OPERATION_IDS.join(', ')}`);
    expect(() => target.controls.faults.arm({ status: 200 })).toThrow(TypeError);
  });

  it('overrides.next() in code: a typed success body for the next N matching requests, then the store', async () => {
    // The longest name the contract allows; one more character is refused.
    const name = 'N'.repeat(NAME_MAX_LENGTH);
    expect(() => target.controls.overrides.next('getPet', { body: { id: 1, name: `${name}N`, categoryId: 1 } })).toThrow(
      `Invalid override: body.name: must be at most ${NAME_MAX_LENGTH} characters`,
    );
    const pets = [{ id: 1, name, categoryId: 1, status: 'sold' as const }, { id: 2, name: 'Two', categoryId: 1 }];
    const armed = target.controls.overrides.next('listPets', { body: pets }, { times: 2, match: { query: { status: 'sold' } } });
    expect(armed).toMatchObject({ operation: 'listPets', remaining: 2 });
    expect(await (await get('/pets?status=sold')).json()).toEqual(pets);
    expect(((await (await get('/pets?limit=1')).json()) as unknown[]).length).toBe(1);
    expect(await (await get('/pets?status=sold&limit=5')).json()).toEqual(pets);
    const real = (await (await get('/pets?status=sold')).json()) as { name: string }[];
    expect(real.every((pet) => pet.name !== name)).toBe(true);
    expect(target.controls.overrides.list()).toEqual([]);
  });

  it('overrides.always() stages an Error body, a network failure or a delay until cleared; reset() clears them', async () => {
    target.controls.overrides.always('getPet', { status: 404, body: { code: 'not_found', message: 'Gone for good', status: 404 } }, { match: { petId: 2 } });
    target.controls.overrides.next('createPet', { kind: 'reset' });
    for (let round = 0; round < 2; round += 1) {
      const missing = await get('/pets/2');
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ code: 'not_found', message: 'Gone for good', status: 404 });
    }
    expect((await get('/pets/1')).status).toBe(200);
    await expect(get('/pets', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Rex","categoryId":1}' })).rejects.toThrow(TypeError);
    target.controls.reset();
    expect(target.controls.overrides.list()).toEqual([]);
    expect((await get('/pets/2')).status).toBe(200);
  });

  it('an overridden create still records what the app sent', async () => {
    const staged = { id: 99, name: 'Staged', categoryId: 1, status: 'pending' as const };
    target.controls.overrides.next('createPet', { body: staged });
    const created = await get('/pets', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Rex","categoryId":1}' });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual(staged);
    expect(target.controls.requests.list({ operation: 'createPet' }).map((entry) => entry.body)).toEqual([{ name: 'Rex', categoryId: 1 }]);
    expect(target.controls.store.size).toBe(12);
  });

  it('an override the contract refuses throws a TypeError naming the field, and stages nothing', () => {
    // @ts-expect-error a Pet needs its id
    expect(() => target.controls.overrides.next('getPet', { body: { name: 'Rex', categoryId: 1 } })).toThrow('Invalid override: body.id: must be an integer');
    // @ts-expect-error a list answers Pet[]
    expect(() => target.controls.overrides.next('listPets', { body: { id: 1, name: 'Rex', categoryId: 1 } })).toThrow(/^Invalid override: body: /);
    expect(() => target.controls.overrides.next('listPets', { status: 400, body: { code: 'invalid_request', message: 'x', status: 422 } })).toThrow('Invalid override: body.status: must be 400, the status of the answer');
    expect(target.controls.overrides.list()).toEqual([]);
  });

  it('a delay-only fault answers normally, late', async () => {
    target.controls.faults.next('getPet', { delayMs: 150 });
    const started = performance.now();
    const response = await get('/pets/1');
    expect(response.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('reset and empty are network errors: fetch rejects', async () => {
    target.controls.faults.arm({ kind: 'reset' });
    await expect(get('/pets')).rejects.toThrow(TypeError);
    target.controls.faults.arm({ kind: 'empty' });
    await expect(get('/pets')).rejects.toThrow(TypeError);
    expect((await get('/pets')).status).toBe(200);
  });

  it('a create aborted during its staged delay stores nothing, is journalled as 499 and leaves no timer behind', async () => {
    const before = target.controls.store.size;
    const timers = activeTimers();
    const controller = new AbortController();
    const aborted = get('/pets', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'delay=60000' },
      body: '{"name":"Late","categoryId":1}',
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 100);
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    await until(() => target.controls.requests.list({ operation: 'createPet' }).length === 1);
    expect(target.controls.store.size).toBe(before);
    expect(activeTimers()).toBeLessThanOrEqual(timers);
    expect(target.controls.requests.list({ operation: 'createPet' })[0]).toMatchObject({ status: 499, error: { code: 'client_closed_request' } });
  });

  it('stall sends the headers and half the body, then nothing', async () => {
    target.controls.faults.next('listPets', { kind: 'stall' });
    const response = await get('/pets');
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toMatch(/^\[\{"id":1,/);
    const next = await Promise.race([reader.read().then(() => 'more'), new Promise((resolve) => setTimeout(resolve, 300, 'stalled'))]);
    expect(next).toBe('stalled');
    await reader.cancel();
  });

  it('requests.list() in code: what the app sent, newest last, credentials redacted, bounded by journalSize', async () => {
    await get('/pets', { method: 'POST', headers: { 'content-type': 'application/json', cookie: 'session=1' }, body: '{"name":"Rex","categoryId":1}' });
    await get('/pets?status=sold&limit=2');
    await get('/pets', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'not json' });
    await get('/pets/1');
    const all = target.controls.requests.list();
    // journalSize 3: the first request is gone.
    expect(all.map((entry) => [entry.method, entry.path, entry.status])).toEqual([
      ['GET', '/v1/pets', 200],
      ['POST', '/v1/pets', 415],
      ['GET', '/v1/pets/1', 200],
    ]);
    expect(all[0]).toMatchObject({ operation: 'listPets', query: { status: 'sold', limit: '2' } });
    for (const entry of all) {
      expect(entry.headers['authorization']).toBe('[redacted]');
      expect(JSON.stringify(entry)).not.toContain(DEV_API_KEY);
      expect(entry.time).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(entry.requestId).toBeTruthy();
    }
    expect(target.controls.requests.list({ operation: 'getPet' })).toHaveLength(1);
    expect(target.controls.requests.list({ method: 'post', status: 415 })).toHaveLength(1);
  });

  it('records the parsed body of a create, and its text when it is not JSON', async () => {
    await get('/pets', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Rex","categoryId":1}' });
    await get('/pets', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' });
    expect(target.controls.requests.list({ operation: 'createPet' }).map((entry) => entry.body)).toEqual([{ name: 'Rex', categoryId: 1 }, '{"name":']);
  });

  it('reset(seed) in code starts from the store a test needs', async () => {
    target.controls.reset([{ name: 'Only', categoryId: 2, status: 'sold' }]);
    expect(await (await get('/pets')).json()).toEqual([{ id: 1, name: 'Only', categoryId: 2, status: 'sold' }]);
    target.controls.reset(0);
    expect(await (await get('/pets')).json()).toEqual([]);
  });
});

describe('recording turned off', () => {
  it('journalSize 0 records nothing', async () => {
    const server = await startMockServer({ journalSize: 0 });
    try {
      await fetch(`${server.url}/pets`, { headers: auth });
      expect(server.requests.list()).toEqual([]);
      const listed = await fetch(`${server.origin}/__admin/requests`, { headers: auth });
      expect(await listed.json()).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
