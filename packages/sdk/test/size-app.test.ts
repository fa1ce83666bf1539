// The app `pnpm size` bundles calls every operation, each with its own method and path.
import { PetstoreClient } from '@petstore/sdk';
import { OPERATION_IDS, OPERATIONS } from '@petstore/sdk/contract';
import { expect, it } from 'vitest';
import { runSizeApp, SIZE_APP_CALLS } from '../scripts/size-app.js';
import { rex, send, silentLogger, startServer } from './support/test-server.js';

/** `/pets/{petId}` as a pattern a request's path matches. */
const pattern = (path: string) => new RegExp(`^/v1${path.replace(/\{[^}]+\}/g, '[^/?]+')}(\\?.*)?$`);

it('calls each operation once, by its method and path, in the table order', async () => {
  const server = await startServer((request, response) => {
    if (request.method === 'POST') send(response, 201, rex);
    else send(response, 200, request.url?.startsWith('/v1/pets?') ? [rex] : rex);
  });
  const client = new PetstoreClient({ baseUrl: server.url, apiKey: 'test-key', logger: silentLogger, deprecationWarnings: false });
  await runSizeApp(client);
  expect(Object.keys(SIZE_APP_CALLS)).toEqual(OPERATION_IDS);
  expect(server.received).toHaveLength(OPERATION_IDS.length);
  OPERATION_IDS.forEach((operation, index) => {
    const { method, path } = OPERATIONS[operation];
    expect(server.received[index]?.method, operation).toBe(method);
    expect(server.received[index]?.url, operation).toMatch(pattern(path));
  });
});
