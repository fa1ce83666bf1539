// The conformance suite through the mock's in-process fetch (createMockFetch:
// no socket, the admin calls through the same fetch), bundled with the built SDK
// and mock server for runtimes other than the one vitest runs on.
import { createMockFetch, DEV_API_KEY } from '@petstore/mock-server/fetch';
import { runConformance } from '../../../packages/sdk/test/conformance/conformance.js';

export function runInProcess(): ReturnType<typeof runConformance> {
  const baseUrl = 'http://mock.test/v1';
  const mock = createMockFetch({ baseUrl });
  return runConformance({ baseUrl, apiKey: DEV_API_KEY, fetch: mock.fetch });
}
