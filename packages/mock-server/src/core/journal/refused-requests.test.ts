import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockFetch } from '../../fetch/create-mock-fetch.js';
import { DEV_API_KEY } from '../api/api-keys.js';
import { MAX_BODY_BYTES } from '../api/exchange.js';
import { RefusedRequestError } from './refused-request-error.js';
import type { OnRefusedRequest } from './refused-requests.js';

const ORIGIN = 'http://mock.test';
const auth = { authorization: `Bearer ${DEV_API_KEY}` };
const json = { ...auth, 'content-type': 'application/json' };

/** A mock fetch whose refusals are collected, and a sender that reads every answer. */
function collecting() {
  const refused: RefusedRequestError[] = [];
  const mock = createMockFetch({ baseUrl: `${ORIGIN}/v1`, onRefusedRequest: (error) => refused.push(error) });
  const send = async (path: string, init: RequestInit = {}) => (await mock.fetch(`${ORIGIN}${path}`, { headers: auth, ...init })).status;
  return { mock, refused, send };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('onRefusedRequest', () => {
  it.each([
    ['an unknown route', '/v1/pet', {}, 404, 'route_not_found'],
    ['a wrong method', '/v1/pets/1', { method: 'PUT' }, 405, 'method_not_allowed'],
    ['a missing key', '/v1/pets', { headers: {} }, 401, 'unauthorized'],
    ['a wrong key', '/v1/pets', { headers: { authorization: 'Bearer nope' } }, 401, 'unauthorized'],
    ['an invalid query', '/v1/pets?limit=500', {}, 400, 'invalid_request'],
    ['an invalid body', '/v1/pets', { method: 'POST', headers: json, body: '{"nam":"Rex"}' }, 400, 'invalid_request'],
    ['a body that is not JSON', '/v1/pets', { method: 'POST', headers: json, body: '{' }, 400, 'invalid_json'],
    ['a wrong content type', '/v1/pets', { method: 'POST', headers: { ...auth, 'content-type': 'text/plain' }, body: 'Rex' }, 415, 'unsupported_media_type'],
    ['a body too large', '/v1/pets', { method: 'POST', headers: json, body: 'x'.repeat(MAX_BODY_BYTES + 1) }, 413, 'payload_too_large'],
    ['a malformed id', '/v1/pets/abc', {}, 400, 'invalid_request'],
  ] as const)('reports %s with the answer\'s explanation, and still answers it', async (_name, path, init, status, code) => {
    const { refused, send } = collecting();
    expect(await send(path, init)).toBe(status);
    expect(refused).toHaveLength(1);
    const [error] = refused;
    expect(error).toBeInstanceOf(RefusedRequestError);
    // The path without its query, which may hold a secret; the explanation names the parameter.
    expect(error?.request).toMatchObject({ path: path.split('?')[0], status, code });
    expect(error?.message).toContain(`with ${status} ${code}`);
    expect(error?.message).toContain(error?.request.message);
  });

  it('reports nothing the test armed, nor a missing animal, a success or the admin API', async () => {
    const { mock, refused, send } = collecting();
    mock.overrides.next('createPet', { status: 400 });
    expect(await send('/v1/pets', { method: 'POST', headers: json, body: '{"nam":"Rex"}' })).toBe(400);
    mock.faults.next('listPets', { status: 401 });
    expect(await send('/v1/pets')).toBe(401);
    expect(await send('/v1/pets', { headers: { ...auth, prefer: 'code=405' } })).toBe(405);
    expect(await send('/v1/pets/999999')).toBe(404);
    expect(await send('/v1/pets')).toBe(200);
    expect(await send('/__admin/faults', { method: 'POST', headers: json, body: '{}' })).toBe(400);
    expect(await send('/__admin/nothing')).toBe(404);
    expect(refused).toEqual([]);
  });

  it('a staged success answers only a request the contract accepts: a refused one gets its refusal, reported', async () => {
    const { mock, refused, send } = collecting();
    const pet = { id: 7, name: 'Staged', categoryId: 1, status: 'available' } as const;
    mock.overrides.always('createPet', { body: pet });
    mock.overrides.always('listPets', { body: [pet] });
    expect(await send('/v1/pets', { method: 'POST', headers: json, body: '{"nam":"Rex"}' })).toBe(400);
    expect(await send('/v1/pets', { method: 'POST', headers: { ...auth, 'content-type': 'text/plain' }, body: 'Rex' })).toBe(415);
    expect(await send('/v1/pets?limit=0&status=lost')).toBe(400);
    expect(refused.map(({ request }) => request.code)).toEqual(['invalid_request', 'unsupported_media_type', 'invalid_request']);
    // A request the contract accepts gets the staged answer, not the store's.
    expect(await send('/v1/pets', { method: 'POST', headers: json, body: '{"name":"Rex","categoryId":1}' })).toBe(201);
    expect(mock.store.size).toBe(12);
    expect(refused).toHaveLength(3);
  });

  it('a staged failure answers whatever was sent, and the journal keeps what was sent', async () => {
    const { mock, refused, send } = collecting();
    mock.faults.next('createPet', { status: 503 });
    expect(await send('/v1/pets', { method: 'POST', headers: json, body: '{"nam":"Rex"}' })).toBe(503);
    mock.overrides.next('createPet', { kind: 'reset' });
    await expect(send('/v1/pets', { method: 'POST', headers: json, body: '{"name":"Rex","categoryId":1}' })).rejects.toThrow();
    expect(refused).toEqual([]);
    const [first, second] = mock.requests.list({ operation: 'createPet' });
    expect(first).toMatchObject({ status: 503, body: { nam: 'Rex' } });
    expect(first?.parsed).toBeUndefined();
    expect(second).toMatchObject({ status: 0, fault: 'reset', body: { name: 'Rex', categoryId: 1 }, parsed: { body: { name: 'Rex', categoryId: 1 } } });
  });

  it('the journal marks each refused request, for a test to assert on in code and over the admin API', async () => {
    const { mock, send } = collecting();
    expect(await send('/v1/pets', { method: 'POST', headers: json, body: '{"nam":"Rex"}' })).toBe(400);
    mock.faults.next('listPets', { status: 503 });
    expect(await send('/v1/pets?limit=0')).toBe(503);
    expect(await send('/v1/pets/999999')).toBe(404);
    expect(await send('/v1/pets')).toBe(200);
    const refused = mock.requests.list({ refused: true });
    expect(refused).toEqual([expect.objectContaining({ method: 'POST', status: 400, refused: true, error: { code: 'invalid_request', message: expect.stringContaining('body.name: is required') } })]);
    expect(mock.requests.list({ refused: false }).map(({ status }) => status)).toEqual([503, 404, 200]);
    const overHttp = await mock.fetch(`${ORIGIN}/__admin/requests?refused=true`, { headers: auth });
    expect(((await overHttp.json()) as { requestId: string }[]).map(({ requestId }) => requestId)).toEqual([refused[0]?.requestId]);
    const bad = await mock.fetch(`${ORIGIN}/__admin/requests?refused=yes`, { headers: auth });
    expect(await bad.json()).toMatchObject({ code: 'invalid_request', message: 'query.refused: must be true or false' });
  });

  it("'warn' prints the explanation to the console; 'off' and no option say nothing", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const onRefusedRequest of ['warn', 'off', undefined] as const) {
      const mock = createMockFetch({ baseUrl: `${ORIGIN}/v1`, onRefusedRequest });
      await mock.fetch(`${ORIGIN}/v1/pet`, { headers: auth });
    }
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/^The mock refused GET \/v1\/pet with 404 route_not_found .*did you mean GET \/v1\/pets\?$/);
  });

  it('refuses an option it does not know, naming it', () => {
    expect(() => createMockFetch({ baseUrl: `${ORIGIN}/v1`, onRefusedRequest: 'throw' as OnRefusedRequest })).toThrow(
      new TypeError(`onRefusedRequest: must be 'error', 'warn', 'off' or a function, got "throw"`),
    );
  });
});
