// The one case table (@petstore/sdk/conformance) through each transport of the
// mock: the Node server, the MSW handlers and the in-process fetch. Every case
// runs, in order, the mock-only ones too (the mock's seed, its exact messages,
// its admin API), and each passes with no note: the mock is the reference the
// notes are written from, and its transports answer alike.
import { createMockFetch } from '@petstore/mock-server/fetch';
import { createHandlers } from '@petstore/mock-server/msw';
import { DEV_API_KEY, startMockServer, type MockServer } from '@petstore/mock-server';
import { KIT_CHOICES, NAME_MAX_LENGTH, resolveChoices } from '@petstore/sdk/contract';
import { CONFORMANCE_CASES, forAnyDeployment, NAME_PREFIX, PROFILE_CASES, profileFromReport, runCases, type ConformanceCase, type ConformanceReport } from '@petstore/sdk/conformance';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const options = { apiKey: DEV_API_KEY, allowWrites: true, runId: 'mock-test', timeoutMs: 5_000, maxRequests: 1_000 };

/** The run went through `cases` in order, to the end, and every matrix cell is accounted for. */
function expectWhole(report: ConformanceReport, cases: readonly ConformanceCase[]): void {
  expect(report.results.map((result) => result.id)).toEqual(cases.map((testCase) => testCase.id));
  expect(report.stopped).toBeUndefined();
  expect(report.matrix.filter((cell) => cell.state === 'failed')).toEqual([]);
  // A skipped cell has its reason; a case for each status the specification documents.
  for (const cell of report.matrix) if (cell.state === 'skipped') expect(cell.reason, `${cell.operation} ${cell.status}`).toBeTruthy();
  // The contract's cases create three animals, named for the run (the mock's own cases create theirs): the longest name is one.
  const longest = `petstore-verify-mock-test-${'x'.repeat(NAME_MAX_LENGTH)}`.slice(0, NAME_MAX_LENGTH);
  expect(report.created.map((pet) => pet.name).filter((name) => name.startsWith(NAME_PREFIX))).toEqual(['petstore-verify-mock-test', 'petstore-verify-mock-test-default', longest]);
}

/** Runs the whole table once through a transport, then makes each case a test of its own: passed, with no note. */
function everyCase(run: () => Promise<ConformanceReport>): void {
  let report: ConformanceReport | undefined;
  beforeAll(async () => {
    report = await run();
  }, 60_000);

  for (const testCase of CONFORMANCE_CASES) {
    it(testCase.title, () => {
      const result = report?.results.find((item) => item.id === testCase.id);
      // The mock's longest name is the one the run expects: a probe has nothing left to learn.
      expect(result?.outcome, JSON.stringify(result, null, 2)).toBe(testCase.probe ? 'skip' : 'pass');
    });
  }

  it('ran every case, in order, to the end', () => {
    expect(report).toBeDefined();
    if (report) expectWhole(report, CONFORMANCE_CASES);
  });
}

describe('the case table through the Node http server', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockServer({ port: 0 });
  });
  afterAll(() => server.close());

  everyCase(() => runCases({ ...options, baseUrl: `${server.origin}/v1`, cases: CONFORMANCE_CASES }));
});

describe('the case table through the MSW handlers (setupServer)', () => {
  const baseUrl = 'http://petstore.test/v1';
  const mocks = setupServer(...createHandlers({ baseUrl }));
  beforeAll(() => mocks.listen({ onUnhandledFrame: 'error' }));
  afterAll(() => mocks.close());

  everyCase(() => runCases({ ...options, baseUrl, cases: CONFORMANCE_CASES }));
});

describe('the case table through the in-process fetch', () => {
  const baseUrl = 'http://mock.test/v1';
  everyCase(() => runCases({ ...options, baseUrl, fetch: createMockFetch({ baseUrl }).fetch, cases: CONFORMANCE_CASES }));
});

it('the cases for any deployment pass against an empty store, where nothing can be assumed seeded', async () => {
  const baseUrl = 'http://empty.test/v1';
  const mock = createMockFetch({ baseUrl, seed: 0 });
  // runCases' default: the table without its mock-only cases, as `petstore verify` runs it.
  const report = await runCases({ ...options, baseUrl, fetch: mock.fetch });
  const notPassed = report.results.filter((result) => result.outcome !== (result.probe ? 'skip' : 'pass'));
  expect(notPassed, JSON.stringify(notPassed, null, 2)).toEqual([]);
  expectWhole(report, CONFORMANCE_CASES.filter(forAnyDeployment));
});

describe('a profile written from the mock', () => {
  const baseUrl = 'http://profile.test/v1';

  it("is the kit's choices, every one observed, in the profile's cases alone", async () => {
    const mock = createMockFetch({ baseUrl });
    const report = await runCases({ ...options, baseUrl, fetch: mock.fetch, cases: PROFILE_CASES });
    const profile = profileFromReport(report, '2026-11-27T00:00:00.000Z');
    expect(profile).not.toHaveProperty('unobserved');
    expect(profile).not.toHaveProperty('inconsistent');
    expect(resolveChoices(profile)).toEqual(KIT_CHOICES);
    // Reads and writes: the figure docs/benchmarks.md gives.
    expect(report.requests).toBe(PROFILE_CASES.filter((testCase) => !testCase.probe).length);
  });

  it('says which choices need writes, rather than guess them', async () => {
    const mock = createMockFetch({ baseUrl });
    const report = await runCases({ ...options, baseUrl, fetch: mock.fetch, cases: PROFILE_CASES, allowWrites: false, writeSkipReason: 'writes are not allowed here' });
    const profile = profileFromReport(report, '2026-11-27T00:00:00.000Z');
    expect(profile.unobserved).toEqual({ defaultStatus: 'writes are not allowed here', unknownCreateFields: 'writes are not allowed here', nameMaxLength: 'writes are not allowed here' });
    expect(Object.keys(profile.choices).sort()).toEqual(['challenge', 'errorCodes', 'getPetDeprecation', 'limitOutOfRange', 'listOrder', 'malformedPetId', 'unknownStatusFilter']);
    expect(mock.requests.list().every((request) => request.method === 'GET')).toBe(true);
  });
});
