import { describe, expect, it, vi } from 'vitest';
import { MAX_RECORDED_HEADERS } from './kept-headers.js';
import { createRecordedRequests, MAX_JOURNAL_BYTES, MAX_RECORDED_TEXT_BYTES, type RawRecord } from './recorded-requests.js';

const encoder = new TextEncoder();

function raw(overrides: Partial<RawRecord> = {}): RawRecord {
  return { at: Date.parse('2026-11-25T10:00:00.000Z'), requestId: 'r1', method: 'GET', path: '/v1/pets', operation: 'listPets', query: '', headers: {}, body: undefined, status: 200, fault: undefined, error: undefined, refused: false, ...overrides };
}

describe('createRecordedRequests', () => {
  it('keeps a body up to 16 KiB whole, parsed when it is JSON', () => {
    const journal = createRecordedRequests();
    const fits = JSON.stringify({ name: 'x'.repeat(MAX_RECORDED_TEXT_BYTES - 20) });
    journal.record(raw({ method: 'POST', body: encoder.encode(fits) }));
    const [entry] = journal.list();
    expect(entry?.body).toEqual(JSON.parse(fits));
    expect(entry).not.toHaveProperty('truncated');
  });

  it('keeps the first 16 KiB of a longer body as text, marked truncated, never splitting a character', () => {
    const journal = createRecordedRequests();
    // A one-byte prefix puts every 2-byte é across the 16 KiB cut.
    const body = `[${'"é",'.repeat(400_000)}"end"]`;
    journal.record(raw({ method: 'POST', body: encoder.encode(body) }));
    const [entry] = journal.list();
    expect(entry?.truncated).toBe(true);
    expect(typeof entry?.body).toBe('string');
    const text = entry?.body as string;
    expect(encoder.encode(text).length).toBeLessThanOrEqual(MAX_RECORDED_TEXT_BYTES);
    expect(encoder.encode(text).length).toBeGreaterThan(MAX_RECORDED_TEXT_BYTES - 4);
    expect(body.startsWith(text)).toBe(true);
  });

  it('cuts a long query and oversized headers too, and marks the entry', () => {
    const journal = createRecordedRequests();
    journal.record(raw({ query: `q=${'a'.repeat(100_000)}`, headers: { 'x-big': 'b'.repeat(40_000), accept: 'application/json' } }));
    const [entry] = journal.list();
    expect(entry?.truncated).toBe(true);
    expect((entry?.query['q'] as string).length).toBe(MAX_RECORDED_TEXT_BYTES - 2);
    expect(entry?.headers).toEqual({ accept: 'application/json' });
  });

  it('drops the oldest requests past the total bytes, whatever the count allows', async () => {
    const journal = createRecordedRequests(1_000_000);
    const body = encoder.encode('x'.repeat(1024 * 1024));
    const count = Math.ceil(MAX_JOURNAL_BYTES / MAX_RECORDED_TEXT_BYTES) + 100;
    for (let index = 0; index < count; index += 1) journal.record(raw({ requestId: `r${index}`, body }));
    const kept = journal.list();
    expect(kept.length).toBeLessThan(MAX_JOURNAL_BYTES / MAX_RECORDED_TEXT_BYTES);
    expect(kept.length).toBeGreaterThan(MAX_JOURNAL_BYTES / MAX_RECORDED_TEXT_BYTES / 2);
    expect(kept.at(-1)?.requestId).toBe(`r${count - 1}`);
    expect((await journal.listJson({})).length).toBeLessThan(MAX_JOURNAL_BYTES * 1.1);
  });

  it('lists a journal long enough to hand the event loop back, under a test\'s fake timers too', async () => {
    const journal = createRecordedRequests();
    const body = encoder.encode(JSON.stringify({ items: Array.from({ length: 500 }, (_, index) => ({ index })) }));
    for (let index = 0; index < 1_000; index += 1) journal.record(raw({ requestId: `r${index}`, method: 'POST', body }));
    // Only setTimeout: a clock that stood still would never reach the hand-back.
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const listed = JSON.parse(await journal.listJson({})) as unknown[];
      expect(listed).toHaveLength(1_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops the oldest past its size, and lists in order after wrapping many times', () => {
    const journal = createRecordedRequests(3);
    for (let index = 0; index < 5_000; index += 1) journal.record(raw({ requestId: `r${index}` }));
    expect(journal.list().map((entry) => entry.requestId)).toEqual(['r4997', 'r4998', 'r4999']);
  });

  it('lists the newest `limit` that match, still newest last', async () => {
    const journal = createRecordedRequests();
    for (let index = 0; index < 10; index += 1) journal.record(raw({ requestId: `r${index}`, status: index % 2 === 0 ? 200 : 400 }));
    expect(journal.list({ limit: 2 }).map((entry) => entry.requestId)).toEqual(['r8', 'r9']);
    expect(journal.list({ limit: 2, status: 400 }).map((entry) => entry.requestId)).toEqual(['r7', 'r9']);
    expect(JSON.parse(await journal.listJson({ limit: 2 }))).toEqual(journal.list({ limit: 2 }));
  });

  it('lists those that arrived at or after `since`, given as an ISO time or a Date', () => {
    const journal = createRecordedRequests();
    const start = Date.parse('2026-11-25T10:00:00.000Z');
    for (let index = 0; index < 4; index += 1) journal.record(raw({ requestId: `r${index}`, at: start + index * 1000 }));
    expect(journal.list({ since: '2026-11-25T10:00:02.000Z' }).map((entry) => entry.requestId)).toEqual(['r2', 'r3']);
    expect(journal.list({ since: '2026-11-25T11:00:01+01:00' }).map((entry) => entry.requestId)).toEqual(['r1', 'r2', 'r3']);
    expect(journal.list({ since: new Date(start + 3000) }).map((entry) => entry.requestId)).toEqual(['r3']);
  });

  it.each([
    [{ limit: 0 }, 'Invalid filter: limit: must be an integer from 1 to 1000000'],
    [{ limit: 1.5 }, 'Invalid filter: limit: must be an integer from 1 to 1000000'],
    [{ since: 'yesterday' }, 'Invalid filter: since: must be an ISO 8601 time with a zone, e.g. 2026-11-25T10:00:00.000Z'],
    [{ since: new Date(Number.NaN) }, 'Invalid filter: since: must be an ISO 8601 time with a zone, e.g. 2026-11-25T10:00:00.000Z'],
    [{ requestId: 'x'.repeat(129) }, 'Invalid filter: requestId: must be at most 128 characters'],
  ])('refuses a bad filter in code: %j', (filter, message) => {
    expect(() => createRecordedRequests().list(filter)).toThrow(new TypeError(message));
  });

  it('reads each request as the contract does, and only when it met the contract', () => {
    const journal = createRecordedRequests();
    const json = (value: unknown) => encoder.encode(JSON.stringify(value));
    journal.record(raw({ requestId: 'created', method: 'POST', operation: 'createPet', body: json({ name: 'Rex', categoryId: 2 }), status: 201 }));
    journal.record(raw({ requestId: 'typo', method: 'POST', operation: 'createPet', body: json({ nam: 'Rex', categoryId: 2 }), status: 400 }));
    journal.record(raw({ requestId: 'unread', method: 'POST', operation: 'createPet', body: undefined, status: 415 }));
    journal.record(raw({ requestId: 'listed', query: 'status=sold&utm=x' }));
    journal.record(raw({ requestId: 'too-many', query: 'limit=0' }));
    journal.record(raw({ requestId: 'got', path: '/v1/pets/%37', operation: 'getPet' }));
    journal.record(raw({ requestId: 'not-an-id', path: '/v1/pets/abc', operation: 'getPet', status: 400 }));
    journal.record(raw({ requestId: 'no-route', path: '/v1/pet', operation: undefined, status: 404 }));
    const parsed = Object.fromEntries(journal.list().map((entry) => [entry.requestId, entry.parsed]));
    expect(parsed).toEqual({
      created: { body: { name: 'Rex', categoryId: 2 } },
      typo: undefined,
      unread: undefined,
      listed: { query: { status: 'sold', limit: 20 } },
      'too-many': undefined,
      got: { petId: 7 },
      'not-an-id': undefined,
      'no-route': undefined,
    });
    expect(journal.list({ operation: 'createPet' }).map((entry) => entry.parsed?.body.name)).toEqual(['Rex', undefined, undefined]);
  });

  it('keeps the explanation of an error answer, and finds a request by its id', async () => {
    const journal = createRecordedRequests();
    const error = { code: 'route_not_found', message: 'No operation at /v1/pet; did you mean GET /v1/pets?' };
    journal.record(raw({ requestId: 'r1' }));
    journal.record(raw({ requestId: 'r2', path: '/v1/pet', operation: undefined, status: 404, error }));
    journal.record(raw({ requestId: 'r1', status: 503 }));
    expect(journal.get('r2')).toMatchObject({ requestId: 'r2', status: 404, error });
    expect(journal.get('r1')?.status).toBe(503);
    expect(journal.get('r3')).toBeUndefined();
    expect(journal.list({ requestId: 'r1' }).map((entry) => entry.status)).toEqual([200, 503]);
    expect(journal.list()[0]).not.toHaveProperty('error');
    expect(JSON.parse(await journal.listJson({ requestId: 'r2' }))).toEqual([journal.get('r2')]);
  });

  it('records secrets by name only: headers and query parameters', () => {
    const journal = createRecordedRequests();
    journal.record(
      raw({
        query: 'api_key=1&access_token=2&limit=3&Client-Secret=4&password=5',
        headers: { authorization: 'Bearer k', cookie: 'a=b', 'proxy-authorization': 'Basic x', 'x-api-key': 'k', 'x-auth-token': 't', accept: '*/*', 'set-cookie': ['a', 'b'] },
      }),
    );
    const [entry] = journal.list();
    expect(entry?.query).toEqual({ api_key: '[redacted]', access_token: '[redacted]', limit: '3', 'Client-Secret': '[redacted]', password: '[redacted]' });
    expect(entry?.headers).toEqual({
      authorization: '[redacted]',
      cookie: '[redacted]',
      'proxy-authorization': '[redacted]',
      'x-api-key': '[redacted]',
      'x-auth-token': '[redacted]',
      accept: '*/*',
      'set-cookie': '[redacted]',
    });
  });

  it('keeps a query parameter named __proto__ as an ordinary one', () => {
    const journal = createRecordedRequests();
    journal.record(raw({ query: '__proto__=1&constructor=2' }));
    const [entry] = journal.list();
    expect(Object.getPrototypeOf(entry?.query)).toBe(Object.prototype);
    expect(Object.entries(entry?.query ?? {})).toEqual([['__proto__', '1'], ['constructor', '2']]);
  });

  it(`keeps at most ${MAX_RECORDED_HEADERS} headers, counting the rest, and repeated ones as arrays`, () => {
    const journal = createRecordedRequests();
    const headers = Object.fromEntries(Array.from({ length: 990 }, (_, index) => [`x-h${index}`, '']));
    journal.record(raw({ headers: { ...headers, 'set-cookie': ['a', 'b'] } }));
    journal.record(raw({ headers: { accept: '*/*', 'set-cookie': ['a', 'b'], 'x-api-key': 'k' } }));
    const [many, few] = journal.list();
    expect(Object.keys(many?.headers ?? {})).toHaveLength(MAX_RECORDED_HEADERS);
    expect(many).toMatchObject({ headersOmitted: 990 + 2 - MAX_RECORDED_HEADERS, truncated: true });
    expect(few?.headers).toEqual({ accept: '*/*', 'set-cookie': '[redacted]', 'x-api-key': '[redacted]' });
    expect(few).not.toHaveProperty('headersOmitted');
    expect(few).not.toHaveProperty('truncated');
  });

  it('counts two-byte text at two bytes a character: a journal of such bodies keeps half as many', () => {
    const oneByte = createRecordedRequests(1_000_000, 1024 * 1024);
    const twoByte = createRecordedRequests(1_000_000, 1024 * 1024);
    // 16 KiB of UTF-8 either way; one character past U+00FF makes V8 keep the whole text at two bytes a character.
    const ascii = encoder.encode(JSON.stringify('a'.repeat(MAX_RECORDED_TEXT_BYTES - 10)));
    const wide = encoder.encode(JSON.stringify(`Ā${'a'.repeat(MAX_RECORDED_TEXT_BYTES - 13)}`));
    for (let index = 0; index < 200; index += 1) {
      oneByte.record(raw({ method: 'POST', body: ascii }));
      twoByte.record(raw({ method: 'POST', body: wide }));
    }
    expect(oneByte.count).toBeGreaterThan(60);
    expect(Math.abs(twoByte.count * 2 - oneByte.count)).toBeLessThanOrEqual(2);
  });
});
