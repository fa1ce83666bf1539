import type { OperationId, Pet } from '@petstore/sdk/contract';
import { createOpenApiDocument } from '@petstore/sdk/openapi';
import { describe, expect, it } from 'vitest';
import { documentedResponses } from '../api/documented-responses.js';
import { createOverrides, MAX_ARMED_OVERRIDES, MAX_OVERRIDE_BYTES, TOO_MANY_OVERRIDES } from './overrides.js';

const documented = documentedResponses(createOpenApiDocument());
const create = (maxBytes?: number) => createOverrides((operationId) => documented.get(operationId), maxBytes);
const pet = { id: 1, name: 'Rex', categoryId: 2, status: 'available' } as const;
const request = (operationId: OperationId, query = '', petId?: string) => ({ operationId, params: petId === undefined ? {} : { petId }, query });

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
    ['a path id for an operation without one', () => ['listPets', { body: [] }, { match: { petId: 1 } }], 'match.petId: listPets has no petId in its path; only getPet does'],
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

  describe('the bytes armed overrides hold', () => {
    const KiB = 1024;
    /** `count` animals with long names: a list body of about 160 bytes each. */
    const animals = (count: number) => Array.from({ length: count }, (_, index) => ({ ...pet, id: index + 1, name: 'x'.repeat(100) }));
    /** What an override of `body` costs in bytes: its JSON text as V8 keeps it (a 24-byte header, one byte a character), and 256 bytes. */
    const bytesOf = (body: unknown) => JSON.stringify(body).length + 24 + 256;
    /** The same in KiB, as the messages round it. */
    const costOf = (body: unknown) => Math.ceil(bytesOf(body) / KiB);

    it('refuses an arm past the budget with a RangeError naming the limit and how to free room, and drops nothing armed', () => {
      const { overrides, take } = create(16 * KiB);
      const body = animals(60);
      const first = overrides.next('listPets', { body });
      const message = `the overrides armed at once may hold at most 16 KiB of bodies; ${costOf(body)} KiB are armed and this one needs ${costOf(body)} KiB: clear them (DELETE …/__admin/overrides, overrides.clear()) or let requests spend them`;
      expect(() => overrides.next('listPets', { body })).toThrow(new RangeError(message));
      // A small override still fits: the budget counts bytes, not overrides.
      overrides.next('getPet', { status: 404 });
      expect(overrides.list().map(({ id }) => id)).toEqual([first.id, first.id + 1]);
      // A request spends the large one, which frees its room.
      expect(take(request('listPets'))?.body).toBe(JSON.stringify(body));
      expect(overrides.next('listPets', { body }).remaining).toBe(1);
      expect(() => overrides.next('listPets', { body })).toThrow(RangeError);
      overrides.clear();
      overrides.next('listPets', { body });
    });

    it('says when one body alone is larger than the whole budget', () => {
      const { overrides } = create(16 * KiB);
      const body = animals(120);
      expect(() => overrides.next('listPets', { body })).toThrow(
        new RangeError(`the overrides armed at once may hold at most 16 KiB of bodies, and this one's body alone is ${costOf(body)} KiB: stage a smaller body`),
      );
      expect(overrides.list()).toEqual([]);
    });

    it(`holds ${MAX_OVERRIDE_BYTES / KiB / KiB} MiB unless told otherwise`, () => {
      const { overrides } = create();
      const body = animals(6_000);
      const fits = Math.floor(MAX_OVERRIDE_BYTES / bytesOf(body));
      for (let index = 0; index < fits; index += 1) overrides.always('listPets', { body });
      expect(() => overrides.always('listPets', { body })).toThrow(/^the overrides armed at once may hold at most 16 MiB of bodies; /);
      expect(overrides.list()).toHaveLength(fits);
    });

    it('counts a body with a character past U+00FF at two bytes a character, as V8 keeps it', () => {
      const { overrides } = create(64 * KiB);
      const oneByte = animals(100);
      const twoByte = oneByte.map((animal) => ({ ...animal, name: `Ā${animal.name.slice(1)}` }));
      expect(JSON.stringify(twoByte).length).toBe(JSON.stringify(oneByte).length);
      const fits = (body: Pet[]) => {
        overrides.clear();
        let count = 0;
        while (count < 100) {
          try {
            overrides.always('listPets', { body });
          } catch {
            break;
          }
          count += 1;
        }
        return count;
      };
      expect(fits(oneByte)).toBe(Math.floor((64 * KiB) / bytesOf(oneByte)));
      expect(fits(twoByte)).toBe(Math.floor((64 * KiB) / (2 * JSON.stringify(twoByte).length + 24 + 256)));
    });

    it('keeps the body as the JSON text it answers with: the caller\'s array may change afterwards', () => {
      const { overrides, take } = create();
      const pets: Pet[] = [pet];
      const armed = overrides.next('listPets', { body: pets }, { times: 2 });
      // The echo is the caller's own body, not a copy.
      expect(armed.body).toBe(pets);
      pets.push({ ...pet, id: 2 });
      expect(overrides.list()[0]?.body).toEqual([pet]);
      expect(take(request('listPets'))?.body).toBe(JSON.stringify([pet]));
    });

    it.each([-1, 1.5, Number.NaN])('refuses a budget of %s', (maxBytes) => {
      expect(() => create(maxBytes)).toThrow(new RangeError(`overrideBytes must be an integer of at least 0, got ${maxBytes}`));
    });
  });

  describe('match, checked against the contract', () => {
    it.each([
      ['an unknown query parameter, with the nearest known one', { query: { stauts: 'sold' } }, 'match.query.stauts: listPets reads no such query parameter (did you mean status?); it reads limit, status'],
      ['an unknown query parameter', { query: { page: '2' } }, 'match.query.page: listPets reads no such query parameter; it reads limit, status'],
      ['a status the contract does not know', { query: { status: 'lost' } }, 'match.query.status: must be one of available, pending, sold'],
      ['a limit below the range', { query: { limit: '0' } }, 'match.query.limit: must be an integer from 1 to 100'],
      ['a limit above the range', { query: { limit: 101 } }, 'match.query.limit: must be an integer from 1 to 100'],
      ['a limit that is no integer', { query: { limit: 2.5 } }, 'match.query.limit: must be an integer from 1 to 100'],
      ['a limit the query string would not read', { query: { limit: '1e1' } }, 'match.query.limit: must be an integer from 1 to 100'],
      ['a value neither text nor number', { query: { status: true } }, 'match.query.status: must be a string or a number'],
      ['a name a record would drop', JSON.parse('{"query":{"__proto__":"x"}}') as unknown, 'match.query.__proto__: listPets reads no such query parameter; it reads limit, status'],
    ] as const)('refuses %s, naming the field', (_name, match, message) => {
      const { overrides } = create();
      expect(() => overrides.arm({ operation: 'listPets', body: [], match })).toThrow(new TypeError(`Invalid override: ${message}`));
      expect(overrides.list()).toEqual([]);
    });

    it.each([
      ['getPet', { query: { status: 'sold' } }, 'match.query: getPet reads no query; only listPets does'],
      ['createPet', { query: { status: 'sold' } }, 'match.query: createPet reads no query; only listPets does'],
      ['createPet', { petId: 1 }, 'match.petId: createPet has no petId in its path; only getPet does'],
    ] as const)('refuses a match that %s cannot read', (operation, match, message) => {
      const { overrides } = create();
      expect(() => overrides.arm({ operation, status: 500, match })).toThrow(new TypeError(`Invalid override: ${message}`));
    });

    it('is typed per operation, so these do not compile', () => {
      const { overrides } = create();
      // @ts-expect-error a kind fails below HTTP: it takes no status
      expect(() => overrides.next('listPets', { kind: 'reset', status: 500 })).toThrow(TypeError);
      // @ts-expect-error nor a body
      expect(() => overrides.next('listPets', { kind: 'reset', body: [] })).toThrow(TypeError);
      // @ts-expect-error a misspelt query parameter
      expect(() => overrides.next('listPets', { body: [] }, { match: { query: { stauts: 'sold' } } })).toThrow(TypeError);
      // @ts-expect-error a status the contract does not know
      expect(() => overrides.next('listPets', { body: [] }, { match: { query: { status: 'lost' } } })).toThrow(TypeError);
      // @ts-expect-error listPets has no path id
      expect(() => overrides.always('listPets', { body: [] }, { match: { petId: 1 } })).toThrow(TypeError);
      // @ts-expect-error getPet reads no query
      expect(() => overrides.next('getPet', { status: 500 }, { match: { query: { status: 'sold' } } })).toThrow(TypeError);
      // @ts-expect-error createPet has nothing to match
      expect(() => overrides.next('createPet', { status: 500 }, { match: { petId: 1 } })).toThrow(TypeError);
      // @ts-expect-error a status createPet does not document
      expect(() => overrides.next('createPet', { status: 418 })).toThrow(TypeError);
      // @ts-expect-error getPet answers 200 on success, not createPet's 201
      expect(() => overrides.next('getPet', { status: 201, body: pet })).toThrow(TypeError);
      expect(overrides.list()).toEqual([]);
    });

    it('compares the values the contract reads: defaults applied, leading zeros read away', () => {
      const { overrides, take } = create();
      const armed = overrides.always('listPets', { status: 500 }, { match: { query: { limit: '020', status: 'sold' } } });
      // Shown as compared: limit 20, a number.
      expect(armed.match).toEqual({ query: { limit: 20, status: 'sold' } });
      expect(overrides.list()[0]?.match).toEqual({ query: { limit: 20, status: 'sold' } });
      // The request relies on the default limit of 20, or spells it differently.
      expect(take(request('listPets', 'status=sold'))?.status).toBe(500);
      expect(take(request('listPets', 'limit=20&status=sold'))?.status).toBe(500);
      expect(take(request('listPets', 'status=sold&limit=0020&page=2'))?.status).toBe(500);
      expect(take(request('listPets', 'limit=21&status=sold'))).toBeUndefined();
      expect(take(request('listPets', 'status=pending'))).toBeUndefined();
      // A query the contract refuses matches no query values (the request is the contract's 400).
      expect(take(request('listPets', 'limit=0&status=sold'))).toBeUndefined();
    });

    it('takes a limit as a number too, and a match without a limit takes any', () => {
      const { overrides, take } = create();
      overrides.next('listPets', { body: [] }, { match: { query: { limit: 5 } } });
      overrides.next('listPets', { body: [pet] }, { match: { query: {} } });
      expect(take(request('listPets', 'limit=50'))?.body).toBe(JSON.stringify([pet]));
      expect(take(request('listPets', 'limit=05'))?.body).toBe('[]');
    });
  });
});

describe('createOverrides for an operation whose success has no body', () => {
  /** The documented responses of a table in which createPet answers 204 with no body. */
  const bodiless = { success: { status: 204, body: undefined }, errors: new Map<number, string>(), statuses: new Set([204, 401, 500]) };
  const { overrides, take } = createOverrides(() => bodiless);

  it('accepts its success as the status alone, and answers it with no body', () => {
    overrides.next('createPet', { status: 204 } as never);
    expect(take(request('createPet'))).toEqual({ status: 204 });
  });

  it.each([
    ['a body on the bodiless success', { operation: 'createPet', status: 204, body: pet }, 'body: createPet answers 204 with no body'],
    ['a body without a status', { operation: 'createPet', body: pet }, 'body: createPet answers 204 with no body'],
    ['the success status a table with a body would have', { operation: 'createPet', status: 201 }, 'status: createPet answers 204 on success, not 201'],
    ['a malformed answer', { operation: 'createPet', kind: 'malformed' }, 'kind: createPet answers 204 with no body, so there is none to cut for "malformed"; stage "reset" or "empty"'],
    ['a stalled answer', { operation: 'createPet', kind: 'stall' }, 'kind: createPet answers 204 with no body, so there is none to cut for "stall"; stage "reset" or "empty"'],
  ])('refuses %s, naming the field', (_name, spec, message) => {
    expect(() => overrides.arm(spec)).toThrow(new TypeError(`Invalid override: ${message}`));
  });

  it('still takes the failures below HTTP that need no body', () => {
    overrides.clear();
    overrides.next('createPet', { kind: 'empty' });
    expect(take(request('createPet'))).toEqual({ kind: 'empty' });
  });
});
