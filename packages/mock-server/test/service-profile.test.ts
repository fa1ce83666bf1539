// A service profile through every transport: the Node server over HTTP, a
// session on it, the MSW handlers and the in-process fetch answer as the
// profile says (the core's own tests show each choice against the kit's).
import { connect } from 'node:net';
import { DEV_API_KEY, startMockServer } from '@petstore/mock-server';
import { createMockFetch } from '@petstore/mock-server/fetch';
import { createHandlers } from '@petstore/mock-server/msw';
import { GET_PET_SUNSET, parseServiceProfile } from '@petstore/sdk/contract';
import { setupServer } from 'msw/node';
import { afterAll, describe, expect, it } from 'vitest';

const profile = parseServiceProfile(
  JSON.stringify({
    profileVersion: 1,
    choices: {
      limitOutOfRange: 'clamp',
      listOrder: 'id-descending',
      malformedPetId: 404,
      errorCodes: { not_found: 'NOT_FOUND', invalid_request: 'BAD_REQUEST' },
      getPetDeprecation: { deprecation: null, sunset: GET_PET_SUNSET, link: null },
      challenge: { missingKey: 'Bearer realm="animals"', wrongKey: null },
    },
  }),
);
const SEED = 150;
const auth = { authorization: `Bearer ${DEV_API_KEY}` };

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;
const closers: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const close of closers.splice(0)) await close();
});

const server = await startMockServer({ seed: SEED, profile });
closers.push(() => server.close());
const handlersUrl = 'http://profiled.test/v1';
const mocks = setupServer(...createHandlers({ baseUrl: handlersUrl, seed: SEED, profile }));
// The Node server's requests go by: only the handlers' origin is MSW's.
mocks.listen({ onUnhandledFrame: 'bypass' });
closers.push(() => mocks.close());
const inProcess = createMockFetch({ baseUrl: 'http://in-process.test/v1', seed: SEED, profile });

const targets: { name: string; url: string; fetch: Fetch }[] = [
  { name: 'the Node server', url: server.url, fetch },
  { name: 'a session of the Node server', url: `${server.origin}/sessions/profiled/v1`, fetch },
  { name: 'the MSW handlers', url: handlersUrl, fetch },
  { name: 'the in-process fetch', url: 'http://in-process.test/v1', fetch: inProcess.fetch },
];

describe.each(targets)('a profile through $name', ({ url, fetch }) => {
  it('clamps an out-of-range limit and lists the newest first', async () => {
    const response = await fetch(`${url}/pets?limit=500`, { headers: auth });
    expect(response.status).toBe(200);
    const ids = ((await response.json()) as { id: number }[]).map((pet) => pet.id);
    expect([ids.length, ids[0], ids.at(-1)]).toEqual([100, SEED, SEED - 99]);
  });

  it('answers a malformed id with 404 and the profile\'s code, and getPet with its deprecation headers', async () => {
    const response = await fetch(`${url}/pets/abc`, { headers: auth });
    expect([response.status, ((await response.json()) as { code: string }).code]).toEqual([404, 'NOT_FOUND']);
    expect([response.headers.get('deprecation'), response.headers.get('sunset'), response.headers.get('link')]).toEqual([null, GET_PET_SUNSET, null]);
  });

  it('challenges a request without a key as the profile says, and one with a wrong key not at all', async () => {
    expect((await fetch(`${url}/pets`)).headers.get('www-authenticate')).toBe('Bearer realm="animals"');
    const wrong = await fetch(`${url}/pets`, { headers: { authorization: 'Bearer wrong' } });
    expect([wrong.status, wrong.headers.get('www-authenticate')]).toEqual([401, null]);
  });
});

it("the sessions layer's own errors carry the profile's codes too", async () => {
  const response = await fetch(`${server.origin}/sessions/${'x'.repeat(65)}/v1/pets`, { headers: auth });
  expect([response.status, ((await response.json()) as { code: string }).code]).toEqual([400, 'BAD_REQUEST']);
});

it('a session in code answers with the server\'s profile', async () => {
  const session = server.session('in-code');
  const response = await fetch(`${session.url}/pets?limit=0`, { headers: auth });
  expect(((await response.json()) as { id: number }[]).map((pet) => pet.id)).toEqual([SEED]);
});

it("the Node adapter's own Error bodies, for requests that never reach the core, carry the profile's codes too", async () => {
  const socket = connect(server.port, '127.0.0.1');
  let text = '';
  socket.on('data', (data: Buffer) => (text += data.toString()));
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write('NOT HTTP AT ALL\r\n\r\n');
  await new Promise<void>((resolve) => socket.once('close', () => resolve()));
  expect(text).toMatch(/^HTTP\/1\.1 400 /);
  expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({ code: 'BAD_REQUEST', message: 'Malformed HTTP request', status: 400 });
});
