// Property-based tests of the mock server over real HTTP: arbitrary bodies,
// query strings, path ids and headers, each checked against an oracle written
// from docs/decisions.md rather than from the server's code. One server for the
// whole file; requests are sent one at a time, so `store.size` before and after
// a request tells exactly what that request did to the store.
import { DEV_API_KEY, startMockServer, type MockServer } from '@petstore/mock-server';
import { OPERATION_IDS, OPERATIONS, type OperationId, type Pet as ContractPet } from '@petstore/sdk/contract';
import { DEFAULT_PET_STATUS, ID_MAX, LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, NAME_MAX_LENGTH, PET_STATUSES } from '@petstore/sdk/values';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// --- The rules under test (docs/decisions.md and the specification) ----------

// The contract's values; the rules that use them are modelled here independently.
const STATUSES = PET_STATUSES;
type PetStatus = (typeof STATUSES)[number];
const DEFAULT_STATUS: PetStatus = DEFAULT_PET_STATUS;
const LIMIT_DEFAULT = LIST_LIMIT_DEFAULT;
const LIMIT_MAX = LIST_LIMIT_MAX;
const MAX_BODY_BYTES = 1024 * 1024;
const SEED_COUNT = 12;
const DEPRECATION = '@1767225600';
const SUNSET = 'Thu, 05 Dec 2030 00:00:00 GMT';

/** An animal as the mock serves it: the contract's, always with its status. */
type Pet = ContractPet & { status: PetStatus };

const isStatus = (value: unknown): value is PetStatus => typeof value === 'string' && (STATUSES as readonly string[]).includes(value);
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= ID_MAX;

/** Length of a name as the decisions count it: Unicode code points, as JSON Schema's maxLength does. */
const codePoints = (name: string): number => [...name].length;
/** Length in UTF-16 code units (JavaScript's `length`), which the limit does not count. */
const codeUnits = (name: string): number => name.length;

/**
 * The animal a create body describes, or undefined when the decisions say it must be refused.
 * `lengthOf` measures `name`; the decisions say Unicode code points.
 */
function acceptedNewPet(value: unknown, lengthOf: (name: string) => number = codePoints): Omit<Pet, 'id'> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  // JSON.parse makes `__proto__` an own key, so it shows up here as the unknown field it is.
  if (!Object.keys(record).every((key) => key === 'name' || key === 'categoryId' || key === 'status')) return undefined;
  const { name, categoryId, status } = record;
  if (typeof name !== 'string' || lengthOf(name) < 1 || lengthOf(name) > NAME_MAX_LENGTH || !/\S/.test(name)) return undefined;
  if (!isId(categoryId)) return undefined;
  if (Object.hasOwn(record, 'status') && !isStatus(status)) return undefined;
  return { name, categoryId, status: isStatus(status) ? status : DEFAULT_STATUS };
}

/**
 * `type/subtype` is `application/json`, in any case, with or without parameters (RFC 9110
 * media-type), and a `charset`, if any, is UTF-8: JSON is UTF-8 (RFC 8259).
 */
function isJsonMediaType(contentType: string | undefined): boolean {
  if (contentType === undefined || !/^application\/json[\t ]*(;|$)/i.test(trimHttpWhitespace(contentType))) return false;
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType)?.[1]?.toLowerCase();
  return charset === undefined || charset === 'utf-8' || charset === 'utf8';
}

/** What fetch and Node's parser do to a header value: leading and trailing whitespace is not part of it. */
const trimHttpWhitespace = (value: string): string => value.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');

/** RFC 6750 credentials, `Bearer 1*SP token`, the scheme in any case, carrying the development key. */
function presentsDevKey(authorization: string | undefined): boolean {
  if (authorization === undefined) return false;
  const match = /^bearer +(.*)$/i.exec(trimHttpWhitespace(authorization));
  return match?.[1] === DEV_API_KEY;
}

/**
 * Whether the exact decimal value of a JSON number literal (not the double JSON.parse
 * rounds it to) is an integer from 1 to 2^53−1: what the decisions accept as an id.
 */
function isExactIdLiteral(literal: string): boolean {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(literal);
  if (!match) return false;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  const digits = BigInt(whole + fraction);
  const power = Number(exponent) - fraction.length;
  let value: bigint;
  if (power >= 0) value = digits * 10n ** BigInt(power);
  else {
    const divisor = 10n ** BigInt(-power);
    if (digits % divisor !== 0n) return false;
    value = digits / divisor;
  }
  if (sign === '-') value = -value;
  return value >= 1n && value <= BigInt(ID_MAX);
}

// --- HTTP ---------------------------------------------------------------------

const NOT_JSON = Symbol('not JSON');

interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body; undefined when there is none, NOT_JSON when it does not parse. */
  body: unknown;
}

let server: MockServer;
let prototypeKeys: string[];
const authorized = { authorization: `Bearer ${DEV_API_KEY}` };

async function send(target: string | URL, init: RequestInit = {}): Promise<Reply> {
  const response = await fetch(typeof target === 'string' ? `${server.origin}${target}` : target, init);
  const text = await response.text();
  let body: unknown;
  if (text !== '') {
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = NOT_JSON;
    }
  }
  return { status: response.status, headers: response.headers, text, body };
}

/** What every response must be, whatever was asked. */
function expectWellFormed(reply: Reply): void {
  // A 5xx only when a test staged it (Prefer: code=5xx says so in Preference-Applied).
  if (!reply.headers.has('preference-applied')) expect(reply.status, `never 5xx (body: ${reply.text})`).toBeLessThan(500);
  expect(reply.headers.get('x-request-id'), 'x-request-id').toBeTruthy();
  if (reply.text !== '') {
    expect(reply.headers.get('content-type') ?? '(none)', 'content-type of a body').toMatch(/^application\/json/);
    expect(reply.body, `body is JSON: ${reply.text}`).not.toBe(NOT_JSON);
  }
  if (reply.status >= 400) expectErrorBody(reply);
}

/** The Error body: `{code, message, status}`, both strings non-empty, `status` the HTTP status. */
function expectErrorBody(reply: Reply, code?: string): { code: string; message: string; status: number } {
  expect(reply.body, `Error body of a ${reply.status}`).toEqual({ code: expect.any(String), message: expect.any(String), status: reply.status });
  const body = reply.body as { code: string; message: string; status: number };
  expect(body.code).not.toBe('');
  expect(body.message).not.toBe('');
  if (code !== undefined) expect(body.code, body.message).toBe(code);
  return body;
}

function expectGetPetHeaders(reply: Reply): void {
  expect(reply.headers.get('deprecation'), 'Deprecation').toBe(DEPRECATION);
  expect(reply.headers.get('sunset'), 'Sunset').toBe(SUNSET);
  expect(reply.headers.get('link') ?? '', 'Link').toContain('rel="successor-version"');
}

function expectPrototypeUntouched(): void {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
  const probe: Record<string, unknown> = {};
  for (const key of ['polluted', 'isAdmin', 'name', 'categoryId', 'status', 'id']) expect(probe[key], key).toBeUndefined();
}

const encoder = new TextEncoder();
/** Bytes as the server reads them: UTF-8, invalid sequences refused (decode throws), a BOM kept. */
const decoder = new TextDecoder('utf-8', { ignoreBOM: true, fatal: true });
const bytesOf = (text: string): Uint8Array<ArrayBuffer> => encoder.encode(text);

// --- Arbitraries --------------------------------------------------------------

/** Characters fetch can put in a header value: tab, visible ASCII, space and obs-text. */
const headerChar = fc
  .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.constant(0x09), fc.integer({ min: 0x80, max: 0xff }))
  .map((code) => String.fromCharCode(code));
const headerString = fc.string({ unit: headerChar, maxLength: 40 });

/** A JSON value's text, chosen to hit the edges of each field. */
const nameLiteral = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).map((name) => JSON.stringify(name)),
  fc.string({ unit: 'binary', maxLength: 20 }).map((name) => JSON.stringify(name)),
  fc.constantFrom(
    '"Rex"',
    '""',
    '" "',
    '"\\t\\n\\r"',
    '"\\u00a0\\u2003\\ufeff"',
    '" Rex "',
    '"\\ud800"',
    '"\\u0000"',
    `"${'a'.repeat(NAME_MAX_LENGTH)}"`,
    `"${'a'.repeat(NAME_MAX_LENGTH + 1)}"`,
    `"${'🐶'.repeat(NAME_MAX_LENGTH / 2)}"`,
    `"${'🐶'.repeat(NAME_MAX_LENGTH / 2 + 1)}"`,
    '1',
    'null',
    'true',
    '[]',
    '{}',
    '["Rex"]',
  ),
);
const numberLiteral = fc.oneof(
  fc.integer({ min: 1, max: 1000 }).map(String),
  fc.integer({ min: 1, max: ID_MAX }).map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => JSON.stringify(value)),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  fc.constantFrom(
    '0',
    '-0',
    '-1',
    '1.0',
    '1e0',
    '1E2',
    '1.5',
    '0.1',
    '9007199254740991',
    '9007199254740992',
    '9007199254740993',
    '1e308',
    '1e400',
    '-1e400',
    '12345678901234567890',
    '"1"',
    '"one"',
    'null',
    'true',
    '[1]',
    '{"id":1}',
  ),
);
const statusLiteral = fc.oneof(
  fc.constantFrom(...STATUSES).map((status) => JSON.stringify(status)),
  fc.constantFrom('"Available"', '"SOLD"', '"sold "', '""', 'null', '1', '["sold"]', '{}'),
  fc.string({ maxLength: 10 }).map((status) => JSON.stringify(status)),
);
const anyLiteral = fc.oneof(
  nameLiteral,
  numberLiteral,
  fc.constantFrom('{"polluted":true}', '{"prototype":{"polluted":true}}', '{"isAdmin":true}', '{"__proto__":{"polluted":true}}'),
  fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
);
const extraKey = fc.oneof(
  fc.constantFrom('id', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'categoryID', 'Name', 'STATUS', '', ' name'),
  fc.string({ maxLength: 8 }),
);

/** A JSON object's text built field by field, so `__proto__`, duplicate keys and exact number literals survive. */
const petLikeText = fc
  .record({
    name: fc.option(nameLiteral, { nil: undefined, freq: 5 }),
    categoryId: fc.option(numberLiteral, { nil: undefined, freq: 5 }),
    status: fc.option(statusLiteral, { nil: undefined, freq: 2 }),
    extras: fc.array(fc.tuple(extraKey, anyLiteral), { maxLength: 3 }),
  })
  .chain(({ name, categoryId, status, extras }) => {
    const entries: [string, string][] = [...extras];
    if (name !== undefined) entries.push(['name', name]);
    if (categoryId !== undefined) entries.push(['categoryId', categoryId]);
    if (status !== undefined) entries.push(['status', status]);
    return fc.shuffledSubarray(entries, { minLength: entries.length, maxLength: entries.length });
  })
  .map((entries) => `{${entries.map(([key, literal]) => `${JSON.stringify(key)}:${literal}`).join(',')}}`);

/** Mostly a valid animal, now and then with one field or one extra key wrong: enough 201s to check them. */
const nearlyValidPetText = fc
  .record({
    name: fc.oneof(
      { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map((name) => JSON.stringify(name)), weight: 5 },
      { arbitrary: nameLiteral, weight: 1 },
    ),
    categoryId: fc.oneof({ arbitrary: fc.integer({ min: 1, max: ID_MAX }).map(String), weight: 5 }, { arbitrary: numberLiteral, weight: 1 }),
    status: fc.option(
      fc.oneof({ arbitrary: fc.constantFrom(...STATUSES).map((status) => JSON.stringify(status)), weight: 5 }, { arbitrary: statusLiteral, weight: 1 }),
      { nil: undefined, freq: 2 },
    ),
    extra: fc.oneof({ arbitrary: fc.constant(undefined), weight: 5 }, { arbitrary: fc.tuple(extraKey, anyLiteral), weight: 1 }),
  })
  .map(({ name, categoryId, status, extra }) => {
    const entries: [string, string][] = [['name', name], ['categoryId', categoryId]];
    if (status !== undefined) entries.push(['status', status]);
    if (extra !== undefined) entries.push(extra);
    return `{${entries.map(([key, literal]) => `${JSON.stringify(key)}:${literal}`).join(',')}}`;
  });

/** Text that is often not JSON at all. */
const rawText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme-ascii', maxLength: 40 }),
  petLikeText.chain((text) => fc.nat(text.length).map((end) => text.slice(0, end))),
  fc.constantFrom(
    '',
    ' ',
    '\n\t',
    '\uFEFF',
    '\uFEFF{"name":"Rex","categoryId":1}',
    'null',
    '[]',
    '{',
    '{"name":',
    'undefined',
    'NaN',
    '{"name":"Rex","categoryId":1,}',
    "{'name':'Rex','categoryId':1}",
    '{"name":"Rex","categoryId":1}garbage',
    '{"name":"Rex","categoryId":1}{"name":"Rex","categoryId":1}',
    '{"name":"Rex","categoryId":1,"name":""}',
    '{"name":"Rex","categoryId":01}',
    '{"name":"Rex","categoryId":0x1}',
    '\u0000',
  ),
);

const jsonContentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/json;charset=UTF-8',
  'APPLICATION/JSON',
  'Application/Json ; charset=latin1',
  ' application/json ',
  'application/json\t;q=1',
);
const otherContentType = fc.constantFrom(
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/jsonx',
  'application/json-patch+json',
  'application/vnd.api+json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'json',
  'application/',
  '',
  'application/json, text/plain',
  '*/*',
);
/** A Content-Type header, or undefined for none. */
const contentType = fc.oneof(
  { arbitrary: jsonContentType, weight: 8 },
  { arbitrary: otherContentType, weight: 2 },
  { arbitrary: fc.constant(undefined), weight: 1 },
  { arbitrary: headerString, weight: 1 },
);

interface CreateCase {
  contentType: string | undefined;
  bytes: Uint8Array<ArrayBuffer>;
}

/** A body of more than 1 MiB that would otherwise be a valid animal. */
const oversizedBody = bytesOf(`{"name":"${'a'.repeat(MAX_BODY_BYTES)}","categoryId":1}`);

const createCase: fc.Arbitrary<CreateCase> = fc.record({
  contentType,
  bytes: fc.oneof(
    { arbitrary: nearlyValidPetText.map(bytesOf), weight: 10 },
    { arbitrary: petLikeText.map(bytesOf), weight: 8 },
    { arbitrary: fc.jsonValue().map((value) => bytesOf(JSON.stringify(value))), weight: 2 },
    { arbitrary: fc.anything().map((value) => bytesOf(safeStringify(value))), weight: 2 },
    { arbitrary: rawText.map(bytesOf), weight: 3 },
    { arbitrary: fc.uint8Array({ maxLength: 40 }).map((bytes) => new Uint8Array(bytes)), weight: 1 },
    { arbitrary: fc.constant(oversizedBody), weight: 1 },
  ),
});

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

// --- Tests --------------------------------------------------------------------

beforeAll(async () => {
  prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
  server = await startMockServer({ port: 0, seed: SEED_COUNT });
});

afterAll(async () => {
  await server?.close();
});

/** Room for fast-check to shrink a counterexample; a passing run takes a few seconds. */
const PROPERTY_TIMEOUT_MS = 60_000;

describe('mock server under arbitrary input (property-based, over HTTP)', () => {
  it(
    'never answers 5xx to arbitrary create bodies, and creates exactly the animals the rules accept',
    async () => {
      await fc.assert(
        fc.asyncProperty(createCase, async ({ contentType: type, bytes }) => {
          const before = server.store.size;
          const headers: Record<string, string> = { ...authorized };
          if (type !== undefined) headers['content-type'] = type;
          const reply = await send('/v1/pets', { method: 'POST', headers, body: bytes });
          expectWellFormed(reply);

          if (reply.status === 201) {
            expect(server.store.size, 'one animal more per 201').toBe(before + 1);
          } else {
            expect(server.store.size, `nothing stored for a ${reply.status}`).toBe(before);
          }

          if (!isJsonMediaType(type)) {
            expectErrorBody(reply, 'unsupported_media_type');
            expect(reply.status).toBe(415);
            return;
          }
          if (bytes.byteLength > MAX_BODY_BYTES) {
            expect(reply.status).toBe(413);
            expectErrorBody(reply, 'payload_too_large');
            return;
          }
          let sent: unknown;
          try {
            sent = JSON.parse(decoder.decode(bytes)) as unknown;
          } catch {
            expect(reply.status).toBe(400);
            expectErrorBody(reply, 'invalid_json');
            return;
          }
          const expected = acceptedNewPet(sent);
          if (expected === undefined) {
            expect(reply.status, reply.text).toBe(400);
            expect(expectErrorBody(reply, 'invalid_request').message).toMatch(/^body[.:]/);
            return;
          }
          expect(reply.status, reply.text).toBe(201);
          const pet = reply.body as Pet;
          expect(pet).toEqual({ id: expect.any(Number), ...expected });
          expect(isId(pet.id), `id ${pet.id}`).toBe(true);
          expect(server.store.get(pet.id)).toEqual(pet);
        }),
        {
          numRuns: 300,
          examples: [
            [{ contentType: 'application/json', bytes: bytesOf('{"name":"Rex","categoryId":1}') }],
            [{ contentType: 'application/json', bytes: bytesOf('{"name":"Rex","categoryId":1,"__proto__":{"polluted":true}}') }],
            [{ contentType: 'application/json', bytes: bytesOf('{"name":"Rex","categoryId":1,"constructor":{"prototype":{"polluted":true}}}') }],
            [{ contentType: 'application/json', bytes: bytesOf('{"id":1,"name":"Rex","categoryId":1}') }],
            [{ contentType: 'application/json', bytes: bytesOf('{"name":"Rex","categoryId":9007199254740993}') }],
            [{ contentType: 'text/plain', bytes: bytesOf('{"name":"Rex","categoryId":1}') }],
            [{ contentType: 'application/json', bytes: oversizedBody }],
          ],
        },
      );
      expectPrototypeUntouched();
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'stores a categoryId only when the number sent is exactly an integer from 1 to 2^53−1',
    async () => {
      // Literals near the edges that JSON.parse rounds: 0.99999999999999999 → 1, 9007199254740991.4 → 2^53−1.
      const wholePart = fc.oneof(
        fc.nat(20).map(String),
        fc.integer({ min: -3, max: 3 }).map((offset) => String(2n ** 53n - 1n + BigInt(offset))),
      );
      const literal = fc
        .record({
          whole: wholePart,
          fraction: fc.option(fc.string({ unit: fc.constantFrom('0', '1', '4', '5', '9'), minLength: 1, maxLength: 20 }), { nil: undefined }),
          exponent: fc.option(fc.integer({ min: -3, max: 3 }), { nil: undefined }),
        })
        .map(({ whole, fraction, exponent }) => `${whole}${fraction === undefined ? '' : `.${fraction}`}${exponent === undefined ? '' : `e${exponent}`}`);

      await fc.assert(
        fc.asyncProperty(literal, async (categoryId) => {
          const before = server.store.size;
          const reply = await send('/v1/pets', {
            method: 'POST',
            headers: { ...authorized, 'content-type': 'application/json' },
            body: `{"name":"Precise","categoryId":${categoryId}}`,
          });
          expectWellFormed(reply);
          if (isExactIdLiteral(categoryId)) {
            expect(reply.status, reply.text).toBe(201);
            expect((reply.body as Pet).categoryId).toBe(Number(categoryId));
            expect(server.store.size).toBe(before + 1);
          } else {
            expect(reply.status, `categoryId ${categoryId} answered ${reply.text}`).toBe(400);
            expectErrorBody(reply, 'invalid_request');
            expect(server.store.size).toBe(before);
          }
        }),
        {
          numRuns: 200,
          examples: [['1'], ['1.0'], ['1e0'], ['9007199254740991'], ['9007199254740991.4'], ['0.99999999999999999']],
        },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'counts the length of a name in Unicode code points, as decided: 1 to 100',
    async () => {
      // Astral characters (🐶) are two UTF-16 code units but one code point; the limit counts code points.
      const name = fc.array(fc.constantFrom('🐶', 'a', 'é'), { minLength: 40, maxLength: 110, size: 'max' }).map((chars) => chars.join(''));
      await fc.assert(
        fc.asyncProperty(name, async (petName) => {
          const before = server.store.size;
          const reply = await send('/v1/pets', {
            method: 'POST',
            headers: { ...authorized, 'content-type': 'application/json' },
            body: JSON.stringify({ name: petName, categoryId: 1 }),
          });
          expectWellFormed(reply);
          const within = codePoints(petName) <= NAME_MAX_LENGTH;
          expect(reply.status, `a name of ${codeUnits(petName)} code units (${codePoints(petName)} code points) answered ${reply.text}`).toBe(
            within ? 201 : 400,
          );
          expect(server.store.size).toBe(within ? before + 1 : before);
          if (within) expect((reply.body as Pet).name).toBe(petName);
          else expect(expectErrorBody(reply, 'invalid_request').message).toMatch(/^body\.name: /);
        }),
        {
          numRuns: 100,
          examples: [['🐶'.repeat(NAME_MAX_LENGTH)], ['🐶'.repeat(NAME_MAX_LENGTH + 1)], ['🐶'.repeat(NAME_MAX_LENGTH / 2 + 1)]],
        },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'never answers 5xx to arbitrary list query strings, and lists exactly what the query asks for',
    async () => {
      const key = fc.oneof(
        { arbitrary: fc.constantFrom('limit', 'status'), weight: 6 },
        {
          arbitrary: fc.constantFrom(
            'LIMIT',
            'Status',
            'limit ',
            '%6Cimit',
            'st%61tus',
            'limit%00',
            'limit[]',
            '__proto__',
            'constructor',
            'toString',
            'hasOwnProperty',
            'valueOf',
            'q',
            '',
          ),
          weight: 2,
        },
        { arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 6 }), weight: 1 },
      );
      const limitValue = fc.oneof(
        fc.constantFrom('0', '1', '20', '99', '100', '101', '007', '0100', '0101'),
        fc.integer({ min: 0, max: LIMIT_MAX + 20 }).map(String),
        fc.constantFrom('1e1', '-1', '+5', '%2B5', '5.0', ' 5', '5 ', '%205', '%35', '%09%35', '0x10', '', 'Infinity', 'NaN', '١٠', '５'),
        fc.constantFrom('99999999999999999999999', '1'.repeat(400), '00000000000000000000000000000000000000001'),
      );
      const statusValue = fc.oneof(
        { arbitrary: fc.constantFrom(...STATUSES), weight: 3 },
        { arbitrary: fc.constantFrom('Available', 'SOLD', 'sold ', 'sold+', 'sold%20', '%73old', 'pend%69ng', 'unknown', 'sold,pending', ''), weight: 1 },
      );
      const value = fc.oneof(
        { arbitrary: limitValue, weight: 3 },
        { arbitrary: statusValue, weight: 2 },
        { arbitrary: fc.constantFrom('%', '%%', '%zz', '%E0%A4%A', '%00', '%C0%80', '%FF', '+', '=', '==', '%26', '#', '?', '&'), weight: 1 },
        { arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }), weight: 1 },
      );
      const part = fc.oneof(
        { arbitrary: fc.tuple(key, value).map(([name, text]) => `${name}=${text}`), weight: 6 },
        { arbitrary: key, weight: 1 },
        { arbitrary: value, weight: 1 },
      );
      const randomQuery = fc.tuple(fc.array(part, { maxLength: 5 }), fc.constantFrom('&', '&&', ';')).map(([parts, separator]) => parts.join(separator));
      /** At most one limit and one status, often both valid, among a few other parameters. */
      const plausibleQuery = fc
        .record({
          limit: fc.option(limitValue, { nil: undefined, freq: 4 }),
          status: fc.option(statusValue, { nil: undefined, freq: 3 }),
          others: fc.array(part, { maxLength: 2 }),
        })
        .map(({ limit, status, others }) =>
          [...(limit === undefined ? [] : [`limit=${limit}`]), ...(status === undefined ? [] : [`status=${status}`]), ...others].join('&'),
        );
      const query = fc.oneof(randomQuery, plausibleQuery);

      // More animals of each status than the largest page, so that every limit truncates.
      for (let index = 0; server.store.size < STATUSES.length * (LIMIT_MAX + 10); index++) {
        server.store.create({ name: `Filler ${index}`, categoryId: 1, status: STATUSES[index % STATUSES.length] ?? DEFAULT_STATUS });
      }

      await fc.assert(
        fc.asyncProperty(query, async (search) => {
          const url = new URL(`${server.url}/pets`);
          url.search = search;
          const before = server.store.size;
          const reply = await send(url, { headers: authorized });
          expectWellFormed(reply);
          expect(server.store.size, 'listing changes nothing').toBe(before);

          // The query as the WHATWG URL parser reads what was actually sent.
          const limits = url.searchParams.getAll('limit');
          const statuses = url.searchParams.getAll('status');
          const [limitText] = limits;
          const [status] = statuses;
          const limitBad =
            limits.length > 1 ||
            (limitText !== undefined && !(/^[0-9]+$/.test(limitText) && Number(limitText) >= 1 && Number(limitText) <= LIMIT_MAX));
          const statusBad = statuses.length > 1 || (status !== undefined && !isStatus(status));

          if (limitBad || statusBad) {
            expect(reply.status, `${url.search} → ${reply.text}`).toBe(400);
            const { message } = expectErrorBody(reply, 'invalid_request');
            expect(message).toMatch(/^query\./);
            if (limitBad) expect(message).toContain('query.limit');
            if (statusBad) expect(message).toContain('query.status');
            return;
          }
          expect(reply.status, `${url.search} → ${reply.text}`).toBe(200);
          const limit = limitText === undefined ? LIMIT_DEFAULT : Number(limitText);
          const pets = reply.body as Pet[];
          expect(Array.isArray(pets)).toBe(true);
          expect(pets.length).toBeLessThanOrEqual(limit);
          if (isStatus(status)) for (const pet of pets) expect(pet.status).toBe(status);
          expect(pets).toEqual(server.store.list(isStatus(status) ? { limit, status } : { limit }));
        }),
        {
          numRuns: 500,
          examples: [
            [''],
            ['limit=0'],
            ['limit=100'],
            ['limit=101'],
            ['limit=1e1'],
            ['limit=%2B5'],
            ['limit=007&status=sold'],
            ['limit=1&limit=2'],
            ['status=Sold'],
            ['__proto__=1&constructor=2&limit=5'],
          ],
        },
      );
      expectPrototypeUntouched();
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'never answers 5xx to arbitrary pet ids: 200 for a stored animal, 404 for a well-formed unknown id, 400 otherwise',
    async () => {
      const segment = fc.oneof(
        fc.integer({ min: 1, max: SEED_COUNT + 5 }).map(String),
        fc.nat().map(String),
        fc.bigInt({ min: 0n, max: 2n ** 70n }).map(String),
        fc.constantFrom('9007199254740991', '9007199254740992', '9007199254740993', '1e3', '1.0', '1.5', '+1', '0x1', '0', '-0'),
        fc.tuple(fc.integer({ min: 1, max: 6 }), fc.nat(SEED_COUNT)).map(([zeros, id]) => `${'0'.repeat(zeros)}${id}`),
        fc.nat().map((id) => `-${id}`),
        fc.double({ noNaN: true }).map((value) => encodeURIComponent(String(value))),
        fc.string({ unit: 'grapheme', maxLength: 12 }).map(encodeURIComponent),
        fc.constantFrom(' 1', '1 ', '１', '١', '1\u0000', '__proto__', 'constructor', 'toString').map(encodeURIComponent),
        fc.constantFrom('%', '%zz', '%C0%80', '%FF', '%2F', '1%2F2', '%31', '%20%31', '%2e', '.', '..', '%2e%2e', '', '1;2', '1,2'),
      );

      await fc.assert(
        fc.asyncProperty(segment, async (petId) => {
          const url = new URL(`${server.url}/pets/${petId}`);
          const before = server.store.size;
          const reply = await send(url, { headers: authorized });
          expectWellFormed(reply);
          expect(server.store.size, 'reading changes nothing').toBe(before);

          // The path as sent, after the URL parser's normalisation (`.`, `..`, `%2e`).
          const match = /^\/v1\/pets\/([^/]+)$/.exec(url.pathname);
          if (!match?.[1]) {
            expect([200, 404], `${url.pathname} → ${reply.text}`).toContain(reply.status);
            if (reply.status === 404) expectErrorBody(reply, 'route_not_found');
            return;
          }
          expectGetPetHeaders(reply);
          let decoded: string | undefined;
          try {
            decoded = decodeURIComponent(match[1]);
          } catch {
            decoded = undefined;
          }
          const id = decoded !== undefined && /^[0-9]+$/.test(decoded) ? Number(decoded) : undefined;
          if (id === undefined || !isId(id)) {
            expect(reply.status, `${url.pathname} → ${reply.text}`).toBe(400);
            expectErrorBody(reply, 'invalid_request');
            return;
          }
          const stored = server.store.get(id);
          if (stored === undefined) {
            expect(reply.status, `${url.pathname} → ${reply.text}`).toBe(404);
            expectErrorBody(reply, 'not_found');
          } else {
            expect(reply.status, `${url.pathname} → ${reply.text}`).toBe(200);
            expect(reply.body).toEqual(stored);
          }
        }),
        {
          numRuns: 500,
          examples: [['1'], ['0'], ['-1'], ['1.5'], ['1e3'], ['9007199254740991'], ['9007199254740992'], ['999999'], ['%C0%80'], ['%31'], ['%2e%2e']],
        },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  interface Operation {
    name: string;
    method: string;
    path: string;
    /** Answered without a key. */
    public?: true;
    body?: string;
  }

  /** A request each operation of the contract's table accepts. */
  const accepted: Record<OperationId, Pick<Operation, 'path' | 'body'>> = {
    listPets: { path: '/v1/pets?limit=3' },
    createPet: { path: '/v1/pets', body: '{"name":"Header","categoryId":2}' },
    getPet: { path: '/v1/pets/1' },
  };

  const operations: readonly Operation[] = [
    ...OPERATION_IDS.map((name) => ({ name, method: OPERATIONS[name].method, ...accepted[name] })),
    { name: 'getPet (unknown)', method: 'GET', path: '/v1/pets/999999' },
    { name: 'reset', method: 'POST', path: '/__admin/reset' },
    { name: 'openapi', method: 'GET', path: '/v1/openapi.json', public: true },
    { name: 'wrong method', method: 'DELETE', path: '/v1/pets' },
    { name: 'unknown route', method: 'GET', path: '/v1/nowhere' },
    { name: 'preflight', method: 'OPTIONS', path: '/v1/pets', public: true },
  ];

  /** Prefer tokens: the known `code` and `delay`, malformed ones, and others. Delays stay short. */
  const preferToken = fc.oneof(
    fc.constantFrom(
      'code=400',
      'code=401',
      'code=404',
      'code=413',
      'code=415',
      'code=500',
      'code=503',
      'code=200',
      'code=201',
      'code=204',
      'code=302',
      'code=999',
      'code=abc',
      'code=',
      'code',
      'CODE=404',
      'code="404"',
      ' code = 400 ',
      'respond-async',
      'return=minimal',
      'handling=lenient',
      'wait=1',
      'delay=0',
      'delay=1',
      'delay="2"',
      'delay=-1',
      'delay=abc',
      'delay=60001',
      'delay=1e3',
      'delay=99999999999',
      'delay=',
      '=',
      '',
    ),
    // Not 407: the Fetch standard turns a 407 into a network error, whoever staged it.
    fc.integer({ min: 100, max: 599 }).filter((code) => code !== 407).map((code) => `code=${code}`),
    headerString.filter((text) => !/delay/i.test(text)),
  );
  const prefer = fc
    .tuple(fc.array(preferToken, { minLength: 1, maxLength: 4 }), fc.constantFrom(', ', ',', '; ', ';'))
    .map(([tokens, separator]) => tokens.join(separator));

  const authorization = fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 1 },
    { arbitrary: fc.constant(`Bearer ${DEV_API_KEY}`), weight: 3 },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom('Bearer', 'bearer', 'BEARER', 'BeArEr', 'Basic', 'Token', 'Bearer:', 'Bearerx', ''),
          fc.constantFrom(' ', '  ', '\t', ' \t', ''),
          fc.oneof(
            fc.constantFrom(DEV_API_KEY, DEV_API_KEY.toUpperCase(), `${DEV_API_KEY}x`, DEV_API_KEY.slice(0, -1), `"${DEV_API_KEY}"`, ''),
            headerString,
          ),
          fc.constantFrom('', ' ', '  ', ' extra', ',', '\t', `, Bearer ${DEV_API_KEY}`),
        )
        .map(([scheme, space, token, tail]) => `${scheme}${space}${token}${tail}`),
      weight: 2,
    },
    { arbitrary: headerString, weight: 1 },
  );

  const headerCase = fc.record({
    operation: fc.constantFrom(...operations),
    authorization,
    prefer: fc.option(prefer, { nil: undefined, freq: 2 }),
    contentType,
    requestId: fc.oneof(fc.constant(undefined), fc.stringMatching(/^[\w.:-]{1,40}$/), headerString),
    junk: fc.option(headerString, { nil: undefined }),
  });

  it(
    'never answers 5xx to arbitrary headers, and answers 401 with a Bearer challenge, changing nothing, without the key',
    async () => {
      await fc.assert(
        fc.asyncProperty(headerCase, async ({ operation, authorization: auth, prefer: preference, contentType: type, requestId, junk }) => {
          const headers: Record<string, string> = {};
          if (auth !== undefined) headers['authorization'] = auth;
          if (preference !== undefined) headers['prefer'] = preference;
          if (type !== undefined) headers['content-type'] = type;
          if (requestId !== undefined) headers['x-request-id'] = requestId;
          if (junk !== undefined) headers['x-junk'] = junk;
          const before = server.store.size;
          const init: RequestInit = { method: operation.method, headers };
          if (operation.body !== undefined) init.body = bytesOf(operation.body);
          const reply = await send(operation.path, init);
          expectWellFormed(reply);
          const after = server.store.size;

          if (operation.method === 'OPTIONS') {
            expect(reply.status).toBe(204);
            expect(reply.text).toBe('');
            expect(after).toBe(before);
            return;
          }
          if (operation.public) {
            expect(reply.status, 'the OpenAPI document is public').toBe(200);
            expect(reply.body).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
            expect(after).toBe(before);
            return;
          }
          if (!presentsDevKey(auth)) {
            const routed = operation.name !== 'wrong method' && operation.name !== 'unknown route';
            if (routed || reply.status === 401) {
              expect(reply.status, `${operation.name} with Authorization ${JSON.stringify(auth)}`).toBe(401);
              expectErrorBody(reply, 'unauthorized');
              expect(reply.headers.get('www-authenticate') ?? '(none)').toMatch(/^Bearer/);
            }
            expect(after, 'a refused request changes nothing').toBe(before);
            return;
          }

          // With the key, a 401 only comes from Prefer: code=401, and says so.
          const applied = reply.headers.get('preference-applied');
          if (applied === null) expect(reply.status, `${operation.name} with the key`).not.toBe(401);
          else expect(applied).toBe(`code=${reply.status}`);
          if (operation.name === 'reset' && reply.status === 204) expect(after).toBe(SEED_COUNT);
          else if (reply.status === 201) {
            expect(operation.name).toBe('createPet');
            expect(after).toBe(before + 1);
          } else expect(after, `nothing stored for a ${reply.status}`).toBe(before);
          if (operation.name === 'createPet' && preference === undefined) {
            expect(reply.status, `Content-Type ${JSON.stringify(type)}`).toBe(isJsonMediaType(type) ? 201 : 415);
          }
        }),
        {
          numRuns: 300,
          examples: [
            [{ operation: operations[1] as Operation, authorization: undefined, prefer: undefined, contentType: 'application/json', requestId: undefined, junk: undefined }],
            [{ operation: operations[4] as Operation, authorization: `bearer ${DEV_API_KEY}x`, prefer: undefined, contentType: undefined, requestId: undefined, junk: undefined }],
          ],
        },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'marks every authenticated getPet response deprecated, whatever Prefer asks for',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom('1', '999999', 'abc'), prefer, async (petId, preference) => {
          const reply = await send(`/v1/pets/${petId}`, { headers: { ...authorized, prefer: preference } });
          expectWellFormed(reply);
          // With the key, a 401 only comes from Prefer: code=401 (and is a getPet response too).
          if (!reply.headers.has('preference-applied')) expect(reply.status, reply.text).not.toBe(401);
          expectGetPetHeaders(reply);
        }),
        {
          numRuns: 200,
          // A malformed Prefer value: the 400 it gets is a getPet response too.
          examples: [['1', 'code=999']],
        },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'puts a Bearer challenge on every 401, those forced with Prefer: code=401 included',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...operations.filter((operation) => (OPERATION_IDS as readonly string[]).includes(operation.name))),
          fc.constantFrom('code=401', 'CODE=401', 'code="401"', ' code = 401 ', 'respond-async, code=401', 'code=401; delay=0'),
          async (operation, preference) => {
            const init: RequestInit = {
              method: operation.method,
              headers: { ...authorized, prefer: preference, 'content-type': 'application/json' },
            };
            if (operation.body !== undefined) init.body = operation.body;
            const before = server.store.size;
            const reply = await send(operation.path, init);
            expectWellFormed(reply);
            expect(reply.status).toBe(401);
            expectErrorBody(reply, 'unauthorized');
            expect(server.store.size).toBe(before);
            expect(reply.headers.get('www-authenticate') ?? '(none)', `${operation.name} with Prefer: ${preference}`).toMatch(/^Bearer/);
          },
        ),
        { numRuns: 30 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
