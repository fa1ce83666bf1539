import { PetstoreClient } from '@petstore/sdk';
import { describe, expect, it } from 'vitest';
import { DEV_API_KEY, MAX_BODY_BYTES } from '../core/index.js';
import { createMockFetch } from './create-mock-fetch.js';

const BASE_URL = 'http://mock.test/v1';
const auth = { authorization: `Bearer ${DEV_API_KEY}` };

/** The timers that keep this process alive. */
const activeTimers = (): number => process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;

describe('createMockFetch', () => {
  it('answers the SDK in process, with the same controls as the server', async () => {
    const mock = createMockFetch({ baseUrl: BASE_URL, seed: [{ name: 'Rex', categoryId: 1, status: 'available' }] });
    const client = new PetstoreClient({ baseUrl: BASE_URL, apiKey: DEV_API_KEY, fetch: mock.fetch });
    const created = await client.pets.create({ name: 'Tom', categoryId: 2, status: 'pending' });
    expect((await client.pets.list()).map((pet) => pet.name)).toEqual(['Rex', 'Tom']);
    expect(mock.store.get(created.id)?.name).toBe('Tom');
    expect(mock.requests.list({ operation: 'createPet' })).toHaveLength(1);
    mock.reset();
    expect((await client.pets.list()).map((pet) => pet.name)).toEqual(['Rex']);
  });

  it('stages a typed override, checked against the contract, as the server and the handlers do', async () => {
    const mock = createMockFetch({ baseUrl: BASE_URL });
    const client = new PetstoreClient({ baseUrl: BASE_URL, apiKey: DEV_API_KEY, fetch: mock.fetch });
    mock.overrides.next('listPets', { status: 200, body: [{ id: 7, name: 'x'.repeat(100), categoryId: 1, status: 'sold' }] });
    expect((await client.pets.list()).map((pet) => pet.id)).toEqual([7]);
    expect((await client.pets.list()).length).toBeGreaterThan(1);
    expect(() => mock.overrides.next('listPets', { status: 200, body: [{ name: 'No id', categoryId: 1 }] as never })).toThrow(/id/);
  });

  it('answers the admin API under the same origin', async () => {
    const mock = createMockFetch({ baseUrl: BASE_URL });
    const response = await mock.fetch('http://mock.test/__admin/faults', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ operation: 'listPets', status: 503 }),
    });
    expect(response.status).toBe(201);
    expect(mock.faults.list()).toHaveLength(1);
  });

  it("refuses a URL on another origin with a TypeError naming it, answers its own origin outside /v1 with a 404, and answers a proxy prefix", async () => {
    const mock = createMockFetch({ baseUrl: BASE_URL });
    await expect(mock.fetch('http://example.com/v1/pets', { headers: auth })).rejects.toThrow(
      new TypeError(`mock fetch: GET http://example.com/v1/pets is outside the mock's baseUrl ${BASE_URL}; it answers nothing else`),
    );
    expect(mock.requests.list()).toHaveLength(0);
    expect(await (await mock.fetch('http://mock.test/v2/pets')).json()).toMatchObject({ message: 'No operation at /v2/pets; did you mean GET /v1/pets?' });
    const prefixed = createMockFetch({ baseUrl: 'http://mock.test/api/v1' });
    expect((await prefixed.fetch('http://mock.test/api/v1/pets', { headers: auth })).status).toBe(200);
    await expect(prefixed.fetch('http://mock.test/v1/pets', { headers: auth })).rejects.toThrow(TypeError);
  });

  it('rejects with a TypeError for a staged reset or empty reply, as fetch does on a network error', async () => {
    const mock = createMockFetch({ baseUrl: BASE_URL });
    mock.faults.next('listPets', { kind: 'reset' });
    mock.faults.next('listPets', { kind: 'empty' });
    await expect(mock.fetch(`${BASE_URL}/pets`, { headers: auth })).rejects.toThrow(TypeError);
    await expect(mock.fetch(`${BASE_URL}/pets`, { headers: auth })).rejects.toThrow(TypeError);
    expect((await mock.fetch(`${BASE_URL}/pets`, { headers: auth })).status).toBe(200);
  });

  it('stalls after half the body until the signal aborts, then errors the body with its reason', async () => {
    const mock = createMockFetch({ baseUrl: BASE_URL });
    mock.faults.next('listPets', { kind: 'stall' });
    const controller = new AbortController();
    const response = await mock.fetch(`${BASE_URL}/pets`, { headers: auth, signal: controller.signal });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    expect((await reader.read()).value?.byteLength).toBeGreaterThan(0);
    const pending = reader.read();
    const reason = new Error('gave up');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it("rejects with the signal's reason when it aborts while the answer waits, or before", async () => {
    const mock = createMockFetch({ baseUrl: BASE_URL });
    mock.faults.next('listPets', { status: 503, delayMs: 10_000 });
    const controller = new AbortController();
    const waiting = mock.fetch(`${BASE_URL}/pets`, { headers: auth, signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    const started = Date.now();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(1_000);
    await expect(mock.fetch(`${BASE_URL}/pets`, { headers: auth, signal: AbortSignal.abort(new Error('early')) })).rejects.toThrow('early');
  });

  it('an aborted create changes nothing and leaves no timer behind; an aborted list holds no timer either', async () => {
    const mock = createMockFetch({ baseUrl: BASE_URL });
    const before = mock.store.size;
    const timers = activeTimers();
    const post = { method: 'POST', headers: { ...auth, 'content-type': 'application/json', prefer: 'delay=1500' }, body: '{"name":"Late","categoryId":1}' };
    const create = mock.fetch(`${BASE_URL}/pets`, { ...post, signal: AbortSignal.timeout(200) });
    const lists = Array.from({ length: 100 }, () => mock.fetch(`${BASE_URL}/pets`, { headers: { ...auth, prefer: 'delay=60000' }, signal: AbortSignal.timeout(200) }));
    await expect(create).rejects.toMatchObject({ name: 'TimeoutError' });
    await Promise.allSettled(lists);
    // The core settles on the abort's own turn: a tick later, its timers are gone and the journal holds each request.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(activeTimers()).toBeLessThanOrEqual(timers);
    expect(mock.store.size).toBe(before);
    expect(mock.requests.list({ operation: 'createPet' })).toMatchObject([{ status: 499, error: { code: 'client_closed_request' } }]);
    // Past the delay the create asked for, still nothing stored.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(mock.store.size).toBe(before);
  });

  it('refuses an endless streamed body with 413 once past the limit, having pulled little more than the limit', async () => {
    const mock = createMockFetch({ baseUrl: BASE_URL });
    const chunk = new Uint8Array(64 * 1024);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull: (controller) => {
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const init = { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body, duplex: 'half' };
    const response = await mock.fetch(`${BASE_URL}/pets`, init as RequestInit);
    expect(response.status).toBe(413);
    expect(pulled).toBeLessThan(MAX_BODY_BYTES + 4 * chunk.byteLength);
  });

  it('answers HEAD without a body, and refuses a body past the limit with 413', async () => {
    const mock = createMockFetch({ baseUrl: BASE_URL });
    const head = await mock.fetch(`${BASE_URL}/pets`, { method: 'HEAD', headers: auth });
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    const tooLarge = await mock.fetch(`${BASE_URL}/pets`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: `"${'x'.repeat(MAX_BODY_BYTES)}"`,
    });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ status: 413 });
  });
});
