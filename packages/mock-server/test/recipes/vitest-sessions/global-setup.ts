import { startMockServer } from '@petstore/mock-server';

// Started once, before any test file; files run in parallel workers, which
// inherit PETSTORE_MOCK_URL, where useMockApi({ transport: 'session' }) looks.
export default async function setup(): Promise<() => Promise<void>> {
  const server = await startMockServer({ port: 0 });
  process.env['PETSTORE_MOCK_URL'] = server.origin;
  return () => server.close();
}
