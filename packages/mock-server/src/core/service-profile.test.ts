import { DEFAULT_PET_STATUS, GET_PET_DEPRECATION, GET_PET_LINK, GET_PET_SUNSET, parseServiceProfile, type ServiceProfile } from '@petstore/sdk/contract';
import { describe, expect, it } from 'vitest';
import { DEV_API_KEY } from './api/api-keys.js';
import type { MockResponse } from './api/exchange.js';
import { createMockApi, type MockApi } from './create-mock-api.js';

/** A service that made every open choice otherwise than the kit. */
const PROFILE: ServiceProfile = parseServiceProfile(
  JSON.stringify({
    profileVersion: 1,
    service: 'https://animals.example/v1',
    choices: {
      defaultStatus: 'pending',
      limitOutOfRange: 'clamp',
      unknownStatusFilter: 'empty',
      unknownCreateFields: 'ignore',
      listOrder: 'id-descending',
      malformedPetId: 404,
      errorCodes: { not_found: 'NOT_FOUND', invalid_request: 'BAD_REQUEST', unauthorized: 'E401' },
      nameMaxLength: 10,
      getPetDeprecation: { deprecation: null, sunset: GET_PET_SUNSET, link: null },
      challenge: { missingKey: 'Bearer realm="animals"', wrongKey: null },
    },
  }),
);

const AUTH = { authorization: `Bearer ${DEV_API_KEY}` };

interface Sent {
  method?: string;
  query?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Sends one request to the core; `body` as JSON text. */
function send(api: MockApi, path: string, { method = 'GET', query = '', headers = AUTH, body }: Sent = {}): Promise<MockResponse> {
  const bytes = new TextEncoder().encode(body ?? '');
  return api.handle({
    method,
    path,
    query,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    readBody: () => Promise.resolve(bytes),
  });
}

const json = (response: MockResponse): unknown => JSON.parse(response.body ?? 'null');
const codeOf = (response: MockResponse): unknown => (json(response) as { code: unknown }).code;
const ids = (response: MockResponse): number[] => (json(response) as { id: number }[]).map((pet) => pet.id);

/** The kit's API and the profile's, on the same seed. */
const both = (seed = 12): { kit: MockApi; profiled: MockApi } => ({ kit: createMockApi({ seed }), profiled: createMockApi({ seed, profile: PROFILE }) });

describe('createMockApi({ profile }): each open choice, the kit\'s answer and the profile\'s', () => {
  it('defaultStatus: an animal created without a status has the profile\'s default', async () => {
    const { kit, profiled } = both(0);
    const create = { method: 'POST', body: '{"name":"Rex","categoryId":1}' };
    expect(json(await send(kit, '/v1/pets', create))).toEqual({ id: 1, name: 'Rex', categoryId: 1, status: DEFAULT_PET_STATUS });
    expect(json(await send(profiled, '/v1/pets', create))).toEqual({ id: 1, name: 'Rex', categoryId: 1, status: 'pending' });
    // A status given is kept.
    expect(json(await send(profiled, '/v1/pets', { method: 'POST', body: '{"name":"Rex","categoryId":1,"status":"sold"}' }))).toMatchObject({ status: 'sold' });
  });

  it('limitOutOfRange clamp: an integer limit outside 1..100 is clamped; one that is no integer is still a 400', async () => {
    const { kit, profiled } = both(150);
    for (const limit of ['500', '0', '-3', '101']) expect((await send(kit, '/v1/pets', { query: `limit=${limit}` })).status).toBe(400);
    expect(ids(await send(profiled, '/v1/pets', { query: 'limit=500' }))).toHaveLength(100);
    expect(ids(await send(profiled, '/v1/pets', { query: 'limit=101' }))).toHaveLength(100);
    expect(ids(await send(profiled, '/v1/pets', { query: 'limit=99999999999999999999999' }))).toHaveLength(100);
    expect(ids(await send(profiled, '/v1/pets', { query: 'limit=0' }))).toHaveLength(1);
    expect(ids(await send(profiled, '/v1/pets', { query: 'limit=-3' }))).toHaveLength(1);
    for (const limit of ['abc', '1.5', '+5', '']) {
      const refused = await send(profiled, '/v1/pets', { query: `limit=${limit}` });
      expect(refused.status, limit).toBe(400);
      expect((json(refused) as { message: string }).message).toMatch(/^query\.limit: /);
    }
  });

  it('unknownStatusFilter empty: a status outside the enumeration answers []; the rest of the query is still read', async () => {
    const { kit, profiled } = both();
    expect((await send(kit, '/v1/pets', { query: 'status=lost' })).status).toBe(400);
    const empty = await send(profiled, '/v1/pets', { query: 'status=lost' });
    expect([empty.status, json(empty)]).toEqual([200, []]);
    expect((await send(profiled, '/v1/pets', { query: 'status=lost&limit=abc' })).status).toBe(400);
    expect((await send(profiled, '/v1/pets', { query: 'status=sold&status=lost' })).status).toBe(400);
    expect(ids(await send(profiled, '/v1/pets', { query: 'status=sold' })).length).toBeGreaterThan(0);
  });

  it('unknownCreateFields ignore: unknown fields, id and __proto__ among them, are dropped; the contract\'s fields are still checked', async () => {
    const { kit, profiled } = both(0);
    const body = '{"name":"Rex","categoryId":1,"color":"red","id":99,"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}';
    const refused = await send(kit, '/v1/pets', { method: 'POST', body });
    expect([refused.status, codeOf(refused)]).toEqual([400, 'invalid_request']);
    const created = await send(profiled, '/v1/pets', { method: 'POST', body });
    expect(created.status).toBe(201);
    expect(created.body).toBe('{"id":1,"name":"Rex","categoryId":1,"status":"pending"}');
    expect(Object.getPrototypeOf(profiled.store.get(1))).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    for (const bad of ['[]', '"Rex"', 'null', '{"name":"","categoryId":1,"color":"red"}', '{"categoryId":1}']) {
      expect((await send(profiled, '/v1/pets', { method: 'POST', body: bad })).status, bad).toBe(400);
    }
    expect(profiled.store.size).toBe(1);
  });

  it('listOrder id-descending: the newest first, the page the first `limit` of that order, with a filter too', async () => {
    const { kit, profiled } = both(5);
    expect(ids(await send(kit, '/v1/pets', { query: 'limit=3' }))).toEqual([1, 2, 3]);
    expect(ids(await send(profiled, '/v1/pets', { query: 'limit=3' }))).toEqual([5, 4, 3]);
    await send(profiled, '/v1/pets', { method: 'POST', body: '{"name":"Rex","categoryId":1,"status":"sold"}' });
    expect(ids(await send(profiled, '/v1/pets', { query: 'limit=2' }))).toEqual([6, 5]);
    expect(ids(await send(profiled, '/v1/pets'))).toEqual([6, 5, 4, 3, 2, 1]);
    // The seed's statuses go available, available, pending, sold: sold is 4, then the new 6.
    expect(ids(await send(profiled, '/v1/pets', { query: 'status=sold' }))).toEqual([6, 4]);
  });

  it('malformedPetId 404: GET /v1/pets/abc is not found, with the profile\'s code', async () => {
    const { kit, profiled } = both();
    const refused = await send(kit, '/v1/pets/abc');
    expect([refused.status, codeOf(refused)]).toEqual([400, 'invalid_request']);
    for (const id of ['abc', '1.5', '0', '99999999999999999999']) {
      const missing = await send(profiled, `/v1/pets/${id}`);
      expect([missing.status, codeOf(missing)], id).toEqual([404, 'NOT_FOUND']);
    }
    expect((json(await send(profiled, '/v1/pets/abc')) as { message: string }).message).toBe('No animal has id "abc"');
  });

  it('errorCodes: every Error body the core sends has the profile\'s code, the admin API\'s too; the journal keeps the kit\'s kinds', async () => {
    const { kit, profiled } = both();
    expect(codeOf(await send(kit, '/v1/pets/999'))).toBe('not_found');
    const missing = await send(profiled, '/v1/pets/999');
    expect(missing.body).toBe('{"code":"NOT_FOUND","message":"No animal has id 999","status":404}');
    expect(missing.error).toEqual({ code: 'not_found', message: 'No animal has id 999' });
    expect(profiled.requests.list().at(-1)?.error?.code).toBe('not_found');
    expect(codeOf(await send(profiled, '/v1/pets', { headers: {} }))).toBe('E401');
    const adminRefused = await send(profiled, '/__admin/reset', { method: 'POST', body: '{"seed":"many"}' });
    expect([adminRefused.status, codeOf(adminRefused)]).toEqual([400, 'BAD_REQUEST']);
    // A kind the profile does not rename keeps the kit's code.
    expect(codeOf(await send(profiled, '/v1/pets', { method: 'DELETE' }))).toBe('method_not_allowed');
  });

  it('errorCodes: a staged answer stays as staged', async () => {
    const { profiled } = both();
    profiled.overrides.next('getPet', { status: 404, body: { code: 'not_found', message: 'staged', status: 404 } });
    expect(codeOf(await send(profiled, '/v1/pets/1'))).toBe('not_found');
    expect(codeOf(await send(profiled, '/v1/pets/1', { headers: { ...AUTH, prefer: 'code=404' } }))).toBe('not_found');
  });

  it('nameMaxLength: a create whose name is longer than the profile\'s longest is a 400 naming body.name, worded as the contract\'s own', async () => {
    const { kit, profiled } = both(0);
    const body = '{"name":"Maximilian II","categoryId":1}';
    expect((await send(kit, '/v1/pets', { method: 'POST', body })).status).toBe(201);
    const refused = await send(profiled, '/v1/pets', { method: 'POST', body });
    expect(refused.status).toBe(400);
    expect(json(refused)).toEqual({ code: 'BAD_REQUEST', message: 'body.name: must be at most 10 characters, got a text of 13 characters', status: 400 });
    expect((await send(profiled, '/v1/pets', { method: 'POST', body: '{"name":"Maximilian","categoryId":1}' })).status).toBe(201);
  });

  it('getPetDeprecation: getPet\'s answers carry the profile\'s headers, a null one not sent', async () => {
    const { kit, profiled } = both();
    const { headers } = await send(kit, '/v1/pets/1');
    expect([headers['deprecation'], headers['sunset'], headers['link']]).toEqual([GET_PET_DEPRECATION, GET_PET_SUNSET, GET_PET_LINK]);
    for (const path of ['/v1/pets/1', '/v1/pets/999']) {
      const answer = await send(profiled, path);
      expect([answer.headers['deprecation'], answer.headers['sunset'], answer.headers['link']], path).toEqual([undefined, GET_PET_SUNSET, undefined]);
    }
    expect((await send(profiled, '/v1/pets')).headers['sunset']).toBeUndefined();
  });

  it('challenge: a 401 without a key and with a wrong one carries the profile\'s WWW-Authenticate, a staged one the missing key\'s', async () => {
    const { kit, profiled } = both();
    expect((await send(kit, '/v1/pets', { headers: {} })).headers['www-authenticate']).toBe('Bearer');
    expect((await send(kit, '/v1/pets', { headers: { authorization: 'Bearer wrong' } })).headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    const missing = await send(profiled, '/v1/pets', { headers: {} });
    expect([missing.status, missing.headers['www-authenticate']]).toEqual([401, 'Bearer realm="animals"']);
    const wrong = await send(profiled, '/v1/pets', { headers: { authorization: 'Bearer wrong' } });
    expect([wrong.status, wrong.headers['www-authenticate']]).toEqual([401, undefined]);
    expect((await send(kit, '/v1/pets', { headers: { ...AUTH, prefer: 'code=401' } })).headers['www-authenticate']).toBe('Bearer');
    const staged = await send(profiled, '/v1/pets', { headers: { ...AUTH, prefer: 'code=401' } });
    expect([staged.status, staged.headers['www-authenticate']]).toEqual([401, 'Bearer realm="animals"']);
  });

  it('a profile that names no choice answers as the kit', async () => {
    const kit = createMockApi({ seed: 3 });
    const bare = createMockApi({ seed: 3, profile: { profileVersion: 1, choices: {} } });
    for (const [path, query] of [['/v1/pets', 'limit=500'], ['/v1/pets', 'status=lost'], ['/v1/pets/abc', ''], ['/v1/pets/1', ''], ['/v1/pets', '']] as const) {
      const [a, b] = [await send(kit, path, { query }), await send(bare, path, { query })];
      expect({ ...b, headers: { ...b.headers, 'x-request-id': '' } }, `${path}?${query}`).toEqual({ ...a, headers: { ...a.headers, 'x-request-id': '' } });
    }
  });
});
