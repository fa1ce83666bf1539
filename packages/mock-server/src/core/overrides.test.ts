import { createOpenApiDocument } from '@petstore/sdk/openapi';
import { describe, expect, it } from 'vitest';
import { documentedResponses } from './documented-responses.js';
import { createOverrides, MAX_ARMED_OVERRIDES, TOO_MANY_OVERRIDES } from './overrides.js';

const documented = documentedResponses(createOpenApiDocument());
const create = () => createOverrides((operationId) => documented.get(operationId));
const pet = { id: 1, name: 'Rex', categoryId: 2, status: 'available' } as const;
const request = (operationId: 'listPets' | 'getPet' | 'createPet', query = '', petId?: string) => ({ operationId, petId, query });

describe('createOverrides', () => {
  it('answers the next `times` matching requests of the operation with the staged body, then lets the store answer', () => {
    const { overrides, take } = create();
    overrides.next('listPets', { body: [pet] }, { times: 2 });
    expect(take(request('getPet', '', '1'))).toBeUndefined();
    expect(take(request('listPets'))).toEqual({ status: 200, body: JSON.stringify([pet]) });
    expect(overrides.list()).toMatchObject([{ operation: 'listPets', remaining: 1 }]);
    expect(take(request('listPets'))?.status).toBe(200);
    expect(take(request('listPets'))).toBeUndefined();
  });

  it('matches a path id and query values, and answers always until cleared', () => {
    const { overrides, take } = create();
    overrides.always('getPet', { status: 404, body: { code: 'not_found', message: 'gone', status: 404 } }, { match: { petId: 7 } });
    overrides.next('listPets', { kind: 'reset', delayMs: 5 }, { match: { query: { status: 'sold' } } });
    expect(take(request('getPet', '', '8'))).toBeUndefined();
    expect(take(request('getPet', '', '7'))?.status).toBe(404);
    expect(take(request('getPet', '', '7'))?.body).toBe('{"code":"not_found","message":"gone","status":404}');
    expect(take(request('listPets', 'status=available'))).toBeUndefined();
    // A value sent twice is no single value: no match.
    expect(take(request('listPets', 'status=sold&status=sold'))).toBeUndefined();
    expect(take(request('listPets', 'limit=2&status=sold'))).toEqual({ kind: 'reset', delayMs: 5 });
    expect(overrides.list()).toEqual([expect.objectContaining({ operation: 'getPet', remaining: 'always' })]);
    overrides.clear();
    expect(take(request('getPet', '', '7'))).toBeUndefined();
  });

  it.each([
    ['a body field of the wrong type', () => ['listPets', { body: [{ ...pet, id: 'one' }] }], 'body[0].id: must be an integer'],
    ['a Pet without id', () => ['getPet', { body: { name: 'Rex', categoryId: 2 } }], 'body.id: must be an integer'],
    ['a field the contract does not know', () => ['getPet', { body: { ...pet, colour: 'brown' } }], 'body: unknown'],
    ['a success status the operation cannot answer', () => ['listPets', { status: 201, body: [pet] }], 'status: listPets answers 200 on success, not 201'],
    ['an error body whose status differs', () => ['getPet', { status: 404, body: { code: 'not_found', message: 'x', status: 500 } }], 'body.status: must be 404, the status of the answer'],
    ['a status the operation does not document', () => ['getPet', { status: 409 }], 'status: getPet does not answer 409; it documents 200, 400, 401, 404, 500'],
    ['a path id for an operation without one', () => ['listPets', { body: [] }, { match: { petId: 1 } }], 'match.petId: listPets has no path id; only getPet does'],
    ['a success status without a body', () => ['getPet', { status: 200 }], 'body: a success answer needs a body'],
    ['an Error body with a field the contract does not know', () => ['getPet', { status: 404, body: { code: 'not_found', message: 'x', status: 404, hint: 'y' } }], 'body: unknown field'],
    ['times beyond 1000', () => ['listPets', { delayMs: 1 }, { times: 1001 }], 'times: must be an integer from 1 to 1000 or "always"'],
    ['a kind with a body', () => ['listPets', { kind: 'reset', body: [] }], 'a kind fails below HTTP: it takes no status nor body'],
  ] as const)('refuses %s with a TypeError naming the field', (_name, args, message) => {
    const { overrides } = create();
    const [operation, answer, options] = args() as unknown as Parameters<typeof overrides.next>;
    expect(() => overrides.next(operation, answer, options)).toThrow(TypeError);
    expect(() => overrides.next(operation, answer, options)).toThrow(`Invalid override: ${message}`);
    expect(overrides.list()).toEqual([]);
  });

  it(`arms at most ${MAX_ARMED_OVERRIDES} overrides at once`, () => {
    const { overrides } = create();
    for (let index = 0; index < MAX_ARMED_OVERRIDES; index += 1) overrides.next('listPets', { delayMs: 1 });
    expect(() => overrides.next('listPets', { body: [] })).toThrow(new RangeError(TOO_MANY_OVERRIDES));
  });
});
