import { startMockServer } from '@petstore/mock-server';

// One mock server for the whole run (port 0: any free one); each worker uses a
// session of its own on it (fixtures.ts). The workers read its origin from the
// environment, which Playwright hands them from here.
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startMockServer({ port: 0 });
  process.env['PETSTORE_MOCK_ORIGIN'] = server.origin;
  return () => server.close(); // the global teardown
}
