// The contract's conformance table (@petstore/sdk/conformance, the one
// `petstore verify` runs against a deployment) through each transport of the
// mock: the Node server, the MSW handlers and the in-process fetch. Every case
// passes with no note: the mock is the reference the notes are written from.
import { createMockFetch } from '@petstore/mock-server/fetch';
import { createHandlers } from '@petstore/mock-server/msw';
import { DEV_API_KEY, startMockServer, type MockServer } from '@petstore/mock-server';
import { CONFORMANCE_CASES, runCases, type ConformanceReport } from '@petstore/sdk/conformance';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const options = { apiKey: DEV_API_KEY, allowWrites: true, runId: 'mock-test', timeoutMs: 5_000, maxRequests: 100 };

/** Every case ran and passed with no note, and every matrix cell is accounted for. */
function expectConformant(report: ConformanceReport): void {
  const notPassed = report.results.filter((result) => result.outcome !== 'pass');
  expect(notPassed, JSON.stringify(notPassed, null, 2)).toEqual([]);
  expect(report.results.map((result) => result.id)).toEqual(CONFORMANCE_CASES.map((testCase) => testCase.id));
  expect(report.stopped).toBeUndefined();
  expect(report.matrix.filter((cell) => cell.state === 'failed')).toEqual([]);
  // A skipped cell has its reason; a case for each status the specification documents.
  for (const cell of report.matrix) if (cell.state === 'skipped') expect(cell.reason, `${cell.operation} ${cell.status}`).toBeTruthy();
  expect(report.created.map((pet) => pet.name)).toEqual(['petstore-verify-mock-test', 'petstore-verify-mock-test-default']);
}

describe('the conformance table passes against the mock', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockServer({ port: 0 });
  });
  afterAll(() => server.close());

  it('through the Node http server', async () => {
    expectConformant(await runCases({ ...options, baseUrl: `${server.origin}/v1` }));
  });

  describe('through the MSW handlers (setupServer)', () => {
    const baseUrl = 'http://petstore.test/v1';
    const mocks = setupServer(...createHandlers({ baseUrl }));
    beforeAll(() => mocks.listen({ onUnhandledFrame: 'error' }));
    afterAll(() => mocks.close());

    it('passes', async () => {
      expectConformant(await runCases({ ...options, baseUrl }));
    });
  });

  it('through the in-process fetch', async () => {
    const baseUrl = 'http://mock.test/v1';
    const mock = createMockFetch({ baseUrl });
    expectConformant(await runCases({ ...options, baseUrl, fetch: mock.fetch }));
  });

  it('against an empty store, where nothing can be assumed seeded', async () => {
    const baseUrl = 'http://empty.test/v1';
    const mock = createMockFetch({ baseUrl, seed: 0 });
    expectConformant(await runCases({ ...options, baseUrl, fetch: mock.fetch }));
  });
});
