// The journal as a test asserts on it: entries of one operation typed from the
// contract (checked by `pnpm typecheck`, run here too), lookups by request id
// in code and through the admin API, and the explanation of every error answer.
import { createMockFetch, DEV_API_KEY, type RecordedRequest } from '@petstore/mock-server/fetch';
import type { ListPetsParams, NewPet } from '@petstore/sdk/contract';
import { describe, expect, expectTypeOf, it } from 'vitest';

const BASE_URL = 'http://mock.test/v1';
const auth = { authorization: `Bearer ${DEV_API_KEY}` };

function mock() {
  const { fetch, requests } = createMockFetch({ baseUrl: BASE_URL, seed: 2 });
  const send = (path: string, init: RequestInit = {}) => fetch(`http://mock.test${path}`, { ...init, headers: { ...auth, ...init.headers } });
  const post = (body: unknown) => send('/v1/pets', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { requests, send, post };
}

describe('requests.list({ operation })', () => {
  it('types each entry from the contract: parsed is what the operation read, present only when the request met it', async () => {
    const { requests, send, post } = mock();
    await post({ name: 'Rex', categoryId: 1 });
    await post({ nam: 'Rex', categoryId: 1 });
    await send('/v1/pets?status=sold');
    await send('/v1/pets/2');

    const created = requests.list({ operation: 'createPet' });
    expectTypeOf(created[0]?.parsed).toEqualTypeOf<{ body: NewPet } | undefined>();
    expectTypeOf(created[0]?.body).toEqualTypeOf<unknown>();
    expect(created.map((entry) => [entry.status, entry.body, entry.parsed])).toEqual([
      [201, { name: 'Rex', categoryId: 1 }, { body: { name: 'Rex', categoryId: 1 } }],
      [400, { nam: 'Rex', categoryId: 1 }, undefined],
    ]);

    const listed = requests.list({ operation: 'listPets' });
    expectTypeOf(listed[0]?.parsed).toEqualTypeOf<{ query: ListPetsParams } | undefined>();
    // @ts-expect-error a listPets entry has no parsed body
    void listed[0]?.parsed?.body;
    expect(listed[0]?.parsed?.query).toEqual({ status: 'sold', limit: 20 });

    const got = requests.list({ operation: 'getPet', status: 200 });
    expectTypeOf(got[0]?.parsed).toEqualTypeOf<{ petId: number } | undefined>();
    expect(got[0]?.parsed?.petId).toBe(2);

    // Without an operation, the entries are the untyped journal's.
    expectTypeOf(requests.list()).toEqualTypeOf<RecordedRequest[]>();
    expectTypeOf(requests.list({ status: 400 })).toEqualTypeOf<RecordedRequest[]>();
  });
});

describe('requests.get(requestId) and GET /__admin/requests?requestId=', () => {
  it('finds the request the response names in X-Request-Id', async () => {
    const { requests, send, post } = mock();
    const response = await post({ name: 'Tom', categoryId: 3, status: 'pending' });
    await send('/v1/pets');
    const requestId = response.headers.get('x-request-id') ?? '';
    expectTypeOf(requests.get).returns.toEqualTypeOf<RecordedRequest | undefined>();
    expect(requests.get(requestId)).toMatchObject({ requestId, operation: 'createPet', status: 201, parsed: { body: { name: 'Tom', categoryId: 3, status: 'pending' } } });
    expect(requests.get('no-such-id')).toBeUndefined();
    const listed = await send(`/__admin/requests?requestId=${requestId}`);
    expect(await listed.json()).toEqual([requests.get(requestId)]);
    const refused = await send(`/__admin/requests?requestId=${'x'.repeat(129)}`);
    expect(await refused.json()).toEqual({ code: 'invalid_request', message: 'query.requestId: must be at most 128 characters', status: 400 });
  });
});

describe('the explanation of an error answer in the journal', () => {
  it.each([
    ['a 404 names the operation meant', '/v1/pet', {}, 404, 'route_not_found', 'did you mean GET /v1/pets?'],
    ['a 400 lists every bad field', '/v1/pets', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"","categoryId":0}' }, 400, 'invalid_request', 'body.categoryId'],
    ['a 401 says what to send', '/v1/pets', { headers: { authorization: 'Bearer wrong' } }, 401, 'unauthorized', 'Authorization: Bearer'],
  ] as const)('%s: the entry carries the Error body\'s code and message', async (_name, path, init, status, code, words) => {
    const { requests, send } = mock();
    const response = await send(path, init);
    const body = (await response.json()) as { code: string; message: string };
    expect(response.status).toBe(status);
    expect(body.code).toBe(code);
    expect(body.message).toContain(words);
    expect(requests.get(response.headers.get('x-request-id') ?? '')?.error).toEqual({ code: body.code, message: body.message });
  });

  it('keeps no explanation for a success', async () => {
    const { requests, send } = mock();
    await send('/v1/pets');
    expect(requests.list()[0]).not.toHaveProperty('error');
  });
});
