// The conformance suite through the third transport: the in-process fetch
// (createMockFetch), no socket, its admin calls through the same fetch. A file
// of its own, as each file is a fresh module graph: the SDK's deprecation
// notice is once per process, and a case checks that it comes.
import { createMockFetch, DEV_API_KEY } from '@petstore/mock-server/fetch';
import { expect, it } from 'vitest';
import { caseCount, runConformance } from './conformance.js';

it(`the conformance suite passes through the in-process mock fetch (${caseCount} cases)`, async () => {
  const baseUrl = 'http://mock.test/v1';
  const mock = createMockFetch({ baseUrl });
  const lines: string[] = [];
  const { total, failed } = await runConformance({ baseUrl, apiKey: DEV_API_KEY, fetch: mock.fetch }, (line) => lines.push(line));
  expect(total).toBe(caseCount);
  expect(failed, lines.join('\n')).toBe(0);
  expect(mock.requests.list().length, 'the cases reached the in-process mock').toBeGreaterThan(0);
}, 60_000);
