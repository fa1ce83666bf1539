import { startMockServer } from '@petstore/mock-server';
import type { TestProject } from 'vitest/node';

// Started once, before any test file; files run in parallel workers and reach
// it by the origin provided here (inject('mockOrigin')).
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startMockServer({ port: 0 });
  project.provide('mockOrigin', server.origin);
  return () => server.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    mockOrigin: string;
  }
}
