import { describe, expect, it } from 'vitest';
import { CONFORMANCE_CASES, WRONG_KEY } from './cases.js';
import { runCases, type RunCasesOptions } from './run-cases.js';

const KEY = 'unit-key';

interface Seen {
  method: string;
  url: string;
  authorization: string | null;
  requestId: string | null;
}

/** A fetch answering `answer(request)`, recording what it was sent. */
function fakeFetch(answer: (request: Request) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push({ method: request.method, url: request.url, authorization: request.headers.get('authorization'), requestId: request.headers.get('x-request-id') });
    return answer(request);
  };
  return { fetch: fetch as typeof globalThis.fetch, seen };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const unauthorized = () => json(401, { code: 'unauthorized', message: 'no', status: 401 });

/** Answers as the contract says for the cases it knows, with an empty store. */
function contractLike(request: Request): Response {
  const url = new URL(request.url);
  if (request.headers.get('authorization') !== `Bearer ${KEY}`) return unauthorized();
  if (request.method === 'GET' && url.pathname === '/v1/pets') return json(200, []);
  return json(404, { code: 'not_found', message: 'no', status: 404 });
}

const options = (fetch: typeof globalThis.fetch, more: Partial<RunCasesOptions> = {}): RunCasesOptions => ({
  baseUrl: 'http://api.test/v1',
  apiKey: KEY,
  fetch,
  allowWrites: false,
  runId: 'unit',
  timeoutMs: 2_000,
  maxRequests: 100,
  ...more,
});

const only = (...ids: string[]) => CONFORMANCE_CASES.filter((testCase) => ids.includes(testCase.id));

describe('runCases', () => {
  it('without writes sends no POST, and skips each create case with the reason given', async () => {
    const { fetch, seen } = fakeFetch(contractLike);
    const report = await runCases(options(fetch, { writeSkipReason: 'not here' }));
    expect(seen.filter((request) => request.method !== 'GET')).toEqual([]);
    const writes = report.results.filter((result) => CONFORMANCE_CASES.find((testCase) => testCase.id === result.id)?.writes);
    expect(writes.length).toBeGreaterThan(0);
    for (const result of writes) expect(result).toMatchObject({ outcome: 'skip', reason: 'not here' });
    expect(report.requests).toBe(seen.length);
  });

  it('sends the key, no key, or the wrong key as each case says, and never the key in a report', async () => {
    const { fetch, seen } = fakeFetch(contractLike);
    const report = await runCases(options(fetch, { cases: only('listPets-200-default', 'listPets-401-no-key', 'listPets-401-wrong-key') }));
    expect(seen.map((request) => request.authorization)).toEqual([`Bearer ${KEY}`, null, `Bearer ${WRONG_KEY}`]);
    expect(JSON.stringify(report)).not.toContain(KEY);
  });

  it('stops at the request budget: the rest are skipped, saying so', async () => {
    const { fetch, seen } = fakeFetch(contractLike);
    const report = await runCases(options(fetch, { maxRequests: 3 }));
    expect(seen).toHaveLength(3);
    expect(report.requests).toBe(3);
    expect(report.results.filter((result) => result.reason === 'the request budget (3) is spent').length).toBeGreaterThan(0);
  });

  it('a key refused on the first request stops the run: unauthorized, one request', async () => {
    const { fetch, seen } = fakeFetch(unauthorized);
    const report = await runCases(options(fetch));
    expect(seen).toHaveLength(1);
    expect(report.stopped).toEqual({ reason: 'unauthorized', message: 'the API key was refused (401) by http://api.test', caseId: 'listPets-200-default', requestId: seen[0]?.requestId });
    expect(report.results.slice(1).every((result) => result.outcome === 'skip')).toBe(true);
  });

  it('a first answer of 429 or 5xx stops the run: unavailable; a later 5xx is a failure', async () => {
    const { fetch, seen } = fakeFetch(() => json(503, { code: 'service_unavailable', message: 'down', status: 503 }));
    const report = await runCases(options(fetch));
    expect(seen).toHaveLength(1);
    expect(report.stopped).toEqual({ reason: 'unavailable', message: 'http://api.test is not serving: it answered 503', caseId: 'listPets-200-default', requestId: seen[0]?.requestId });
    const later = fakeFetch((request) => (new URL(request.url).pathname.startsWith('/v1/pets/') ? json(500, { code: 'x', message: 'x', status: 500 }) : contractLike(request)));
    const run = await runCases(options(later.fetch));
    expect(run.stopped).toBeUndefined();
    expect(run.results.find((result) => result.id === 'getPet-404')?.outcome).toBe('fail');
  });

  it('stops once totalTimeoutMs is spent, though each answer comes within timeoutMs: timeout, the request in flight abandoned', async () => {
    // Each answer just under the request's own limit, as a slow service gives it.
    const slow = (request: Request) =>
      new Promise<Response>((resolve, reject) => {
        const timer = setTimeout(() => resolve(contractLike(request)), 150);
        request.signal.addEventListener('abort', () => (clearTimeout(timer), reject(request.signal.reason)), { once: true });
      });
    const { fetch, seen } = fakeFetch(slow);
    const started = performance.now();
    const report = await runCases(options(fetch, { timeoutMs: 200, totalTimeoutMs: 500 }));
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(seen.length).toBeLessThanOrEqual(5);
    const last = seen.at(-1);
    expect(report.stopped).toEqual({ reason: 'timeout', message: 'the run did not finish within 500 ms', caseId: expect.any(String), requestId: last?.requestId });
    expect(report.results.filter((result) => result.outcome !== 'skip')).toHaveLength(seen.length - 1);
  });

  it('tells onAnswer each answer, without the key', async () => {
    const { fetch } = fakeFetch(contractLike);
    const answers: string[] = [];
    await runCases(options(fetch, { cases: only('listPets-200-default', 'getPet-404'), onAnswer: (request, status) => answers.push(`${request.method} ${request.url} ${status} ${JSON.stringify(request)}`) }));
    expect(answers.map((line) => line.split(' {')[0])).toEqual(['GET http://api.test/v1/pets 200', 'GET http://api.test/v1/pets/9007199254740991 404']);
    expect(answers.join()).not.toContain(KEY);
  });

  it('sends a new X-Request-Id with each request, reports it with the answer (the answer\'s own where it has one), and logs each answer as the client does', async () => {
    const { fetch, seen } = fakeFetch((request) => (new URL(request.url).pathname === '/v1/pets' ? json(200, [], { 'x-request-id': 'server-id-1' }) : contractLike(request)));
    const debug: [string, Record<string, unknown> | undefined][] = [];
    const report = await runCases(options(fetch, { cases: only('listPets-200-default', 'getPet-404'), logger: { debug: (message, details) => debug.push([message, details]) } }));
    const sent = seen.map((request) => request.requestId);
    expect(sent).toEqual([expect.stringMatching(/^[0-9a-f]{32}$/), expect.stringMatching(/^[0-9a-f]{32}$/)]);
    expect(new Set(sent).size).toBe(2);
    expect(report.results.map((result) => [result.request?.requestId, result.response?.requestId])).toEqual([
      [sent[0], 'server-id-1'],
      [sent[1], sent[1]],
    ]);
    expect(debug.map(([message]) => message)).toEqual([
      expect.stringMatching(/^GET http:\/\/api\.test\/v1\/pets → 200 in \d+ ms$/),
      expect.stringMatching(/^GET http:\/\/api\.test\/v1\/pets\/9007199254740991 → 404 in \d+ ms$/),
    ]);
    expect(debug[1]?.[1]).toEqual({ method: 'GET', url: 'http://api.test/v1/pets/9007199254740991', status: 404, attempt: 1, ms: expect.any(Number), requestId: sent[1] });
  });

  it('a stop names the request it stopped at: the id sent when no answer came, else the answer\'s', async () => {
    const refused = fakeFetch(() => {
      throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') });
    });
    const network = await runCases(options(refused.fetch));
    expect(network.stopped?.requestId).toBe(refused.seen[0]?.requestId);
    expect(network.stopped?.requestId).toMatch(/^[0-9a-f]{32}$/);
    const denied = fakeFetch(() => json(401, { code: 'unauthorized', message: 'no', status: 401 }, { 'x-request-id': 'denied-1' }));
    expect((await runCases(options(denied.fetch))).stopped).toMatchObject({ reason: 'unauthorized', requestId: 'denied-1' });
  });

  it('no answer stops the run: network', async () => {
    const { fetch } = fakeFetch(() => {
      throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') });
    });
    const report = await runCases(options(fetch));
    expect(report.stopped).toMatchObject({ reason: 'network', message: 'no answer from http://api.test: fetch failed (connect ECONNREFUSED)' });
    expect(report.requests).toBe(1);
  });

  it('a body that never ends is a timeout, a network stop', async () => {
    // Headers at once, then a body that never ends; like a real fetch, the signal errors it.
    const stalled = (async (_input: RequestInfo | URL, init?: RequestInit) =>
      new Response(new ReadableStream({ start: (controller) => init?.signal?.addEventListener('abort', () => controller.error(init.signal?.reason)) }), {
        status: 200,
      })) as typeof globalThis.fetch;
    const report = await runCases(options(stalled, { timeoutMs: 50, cases: only('listPets-200-default') }));
    expect(report.stopped).toMatchObject({ reason: 'network', message: 'no answer from http://api.test within 50 ms' });
  });

  it('reads a body up to maxBodyBytes, and fails the case past it', async () => {
    const { fetch } = fakeFetch(() => json(200, Array.from({ length: 100 }, (_, id) => ({ id: id + 1, name: 'x'.repeat(100), categoryId: 1 }))));
    const report = await runCases(options(fetch, { maxBodyBytes: 1000, cases: only('listPets-200-default') }));
    expect(report.results[0]).toMatchObject({ outcome: 'fail', findings: [{ what: 'body', received: 'a body larger than 1000 bytes (not read further)' }] });
  });

  it('what the specification leaves open is a note; what it requires is a failure', async () => {
    const { fetch } = fakeFetch((request) => {
      const url = new URL(request.url);
      // limit=101 clamped rather than refused: open. A 404 Error without status: required.
      if (url.searchParams.get('limit') === '101') return json(200, []);
      return json(404, { code: 'not_found', message: 'no' });
    });
    const report = await runCases(options(fetch, { cases: only('listPets-400-limit-101', 'getPet-404') }));
    expect(report.results.map((result) => [result.id, result.outcome])).toEqual([
      ['listPets-400-limit-101', 'note'],
      ['getPet-404', 'fail'],
    ]);
    expect(report.results[0]?.findings[0]).toMatchObject({ level: 'note', what: 'choice limitOutOfRange', expected: 'refuse', received: 'limit=101 → 200 with 0 animals', spec: expect.stringContaining('not shown') });
    expect(report.results[1]?.findings[0]).toMatchObject({ level: 'required', what: 'body', expected: 'an Error', received: 'body.status: missing in {"code":"not_found","message":"no"}' });
  });

  it('holds the service to a profile: a choice that changed is drift, a failure', async () => {
    const { fetch } = fakeFetch((request) => {
      const url = new URL(request.url);
      // The profile says clamp; this service now refuses, and spells not_found its own way.
      if (url.searchParams.get('limit') === '101') return json(400, { code: 'invalid_request', message: 'no', status: 400 });
      return json(404, { code: 'NOT_FOUND', message: 'no', status: 404 });
    });
    const profile = { profileVersion: 1, choices: { limitOutOfRange: 'clamp', errorCodes: { not_found: 'NOT_FOUND' } } } as const;
    const report = await runCases(options(fetch, { profile, cases: only('listPets-400-limit-101', 'getPet-404') }));
    expect(report.results.map((result) => [result.id, result.outcome])).toEqual([
      ['listPets-400-limit-101', 'fail'],
      // Its code is the profile's; only the deprecation headers, which the profile does not name, differ from the kit's.
      ['getPet-404', 'note'],
    ]);
    expect(report.results[1]?.findings.map((finding) => finding.what)).toEqual(['choice getPetDeprecation.deprecation', 'choice getPetDeprecation.sunset', 'choice getPetDeprecation.link']);
    expect(report.results[0]?.findings).toEqual([expect.objectContaining({ level: 'required', drift: true, what: 'choice limitOutOfRange', expected: 'clamp', received: 'limit=101 → 400' })]);
  });

  it('records what the answers show of each choice, and a choice two answers disagree on', async () => {
    const { fetch } = fakeFetch((request) => {
      const limit = new URL(request.url).searchParams.get('limit');
      // Refuses limit=0 but clamps limit=101: the service is not consistent.
      if (limit === '101') return json(200, []);
      return json(400, { code: 'BAD_REQUEST', message: 'no', status: 400 }, { 'www-authenticate': 'Bearer' });
    });
    const report = await runCases(options(fetch, { cases: only('listPets-400-limit-0', 'listPets-400-limit-101', 'getPet-400-malformed-id') }));
    expect(report.choices.observed).toEqual({ limitOutOfRange: 'refuse', errorCodes: { invalid_request: 'BAD_REQUEST' }, malformedPetId: 400 });
    expect(report.choices.inconsistent).toEqual({ limitOutOfRange: 'limitOutOfRange: refuse in one answer, clamp in another (limit=101 → 200 with 0 animals)' });
  });

  it('an Error whose status is not the HTTP status fails', async () => {
    const { fetch } = fakeFetch(() => json(404, { code: 'not_found', message: 'no', status: 400 }));
    const report = await runCases(options(fetch, { cases: only('getPet-404') }));
    const required = report.results[0]?.findings.filter((finding) => finding.level === 'required');
    expect(required).toEqual([expect.objectContaining({ what: 'body.status', expected: '404', received: '400' })]);
  });

  it('an animal a service stored from a refused body is still listed as created', async () => {
    const { fetch } = fakeFetch(() => json(201, { id: 7, name: 'petstore-verify-unit-invalid', categoryId: 1 }));
    const report = await runCases(options(fetch, { allowWrites: true, cases: only('createPet-400-status-unknown') }));
    expect(report.results[0]?.outcome).toBe('fail');
    expect(report.created).toEqual([{ id: 7, name: 'petstore-verify-unit-invalid', categoryId: 1 }]);
  });

  it('refuses a run id that could not be part of a name', async () => {
    const { fetch } = fakeFetch(contractLike);
    await expect(runCases(options(fetch, { runId: 'a b' }))).rejects.toThrow('runId must be 1 to 32 letters, digits or -, got "a b"');
  });
});
