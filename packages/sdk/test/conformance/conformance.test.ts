// The conformance suite on the development Node.js, so that it is part of
// `pnpm test` and cannot rot; `pnpm test:runtimes` runs the same suite in the
// other runtimes; conformance-in-process.test.ts runs it through the in-process fetch.
import { DEV_API_KEY } from '@petstore/mock-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMockServerProcess, type MockServerProcess } from '../../../../test/support/mock-server-process.js';
import { caseCount, runConformance } from './conformance.js';

let server: MockServerProcess;
beforeAll(async () => {
  server = await startMockServerProcess();
});
afterAll(() => server.stop());

it(`the conformance suite passes against the mock server process (${caseCount} cases)`, async () => {
  const lines: string[] = [];
  const { total, failed } = await runConformance({ baseUrl: server.url, apiKey: DEV_API_KEY }, (line) => lines.push(line));
  expect(total).toBe(caseCount);
  expect(failed, lines.join('\n')).toBe(0);
}, 60_000);
