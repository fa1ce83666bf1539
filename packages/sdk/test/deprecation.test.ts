// Deprecation warnings: once per process and operation, through the logger the
// caller gave, else as a Node.js DeprecationWarning. Each test imports a fresh
// copy of the SDK (vi.resetModules), so that "once per process" starts anew.
import type * as Sdk from '@petstore/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordingLogger, rex, send, startServer, type TestServer } from './support/test-server.js';

let sdk: typeof Sdk;
let processWarnings: string[];
const onWarning = (warning: Error & { code?: string }) => processWarnings.push(`${warning.name} ${warning.code}: ${warning.message}`);

beforeEach(async () => {
  vi.resetModules();
  sdk = await import('@petstore/sdk');
  processWarnings = [];
  process.on('warning', onWarning);
});
afterEach(() => {
  process.off('warning', onWarning);
});

/** The warnings a recording logger got. */
const warnings = (entries: ReturnType<typeof recordingLogger>['entries']) => entries.filter((entry) => entry.level === 'warn');

/** Node.js emits process warnings on the next tick. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

/** A service whose every answer carries deprecation headers, as the mock's GET /pets/{petId} does. */
const deprecatedService = (): Promise<TestServer> =>
  startServer((request, response) =>
    send(response, request.method === 'POST' ? 201 : 200, request.method === 'GET' && request.url?.endsWith('/pets') ? [rex] : rex, {
      deprecation: '@1767225600',
      sunset: 'Thu, 05 Dec 2030 00:00:00 GMT',
      link: '</v1/pets>; rel="successor-version"',
    }),
  );

describe('deprecation warnings', () => {
  it('reach the logger given, once per process and operation, however many clients', async () => {
    const server = await deprecatedService();
    const first = recordingLogger();
    const second = recordingLogger();
    const a = new sdk.PetstoreClient({ baseUrl: server.url, apiKey: 'k', logger: first.logger });
    const b = new sdk.PetstoreClient({ baseUrl: server.url, apiKey: 'k', logger: second.logger });
    await a.pets.get(1);
    await a.pets.get(1);
    await b.pets.get(1);
    await a.pets.list();
    await b.pets.list();
    await settled();
    expect(warnings(first.entries).map((entry) => entry.message)).toEqual([
      expect.stringMatching(/^pets\.get\(\) \(GET \/pets\/\{petId\}\) is deprecated and will be removed on 2030-12-05; use pets\.list\(\)/),
      expect.stringMatching(/^listPets is deprecated by the service, removal Thu, 05 Dec 2030 00:00:00 GMT \(see <\/v1\/pets>; rel="successor-version"\)\.$/),
    ]);
    expect(warnings(first.entries)[1]?.details).toMatchObject({ operationId: 'listPets', deprecation: '@1767225600' });
    expect(warnings(second.entries)).toEqual([]);
    expect(processWarnings).toEqual([]);
  });

  it('without a logger are Node.js DeprecationWarnings with a code per operation, once per process', async () => {
    const server = await deprecatedService();
    const client = new sdk.PetstoreClient({ baseUrl: server.url, apiKey: 'k' });
    await client.pets.get(1);
    await new sdk.PetstoreClient({ baseUrl: server.url, apiKey: 'k' }).pets.get(2);
    await client.pets.create({ name: 'Rex', categoryId: 2 });
    await settled();
    expect(processWarnings).toEqual([
      expect.stringMatching(/^DeprecationWarning PETSTORE_GET_PET: pets\.get\(\) .* removed on 2030-12-05/),
      expect.stringMatching(/^DeprecationWarning PETSTORE_CREATE_PET: createPet is deprecated by the service/),
    ]);
  });

  it('are silenced by deprecationWarnings: false, which leaves the warning to the next client that wants it', async () => {
    const server = await deprecatedService();
    const { logger, entries } = recordingLogger();
    await new sdk.PetstoreClient({ baseUrl: server.url, apiKey: 'k', logger, deprecationWarnings: false }).pets.get(1);
    await settled();
    expect(warnings(entries)).toEqual([]);
    expect(processWarnings).toEqual([]);
    await new sdk.PetstoreClient({ baseUrl: server.url, apiKey: 'k', logger }).pets.get(1);
    expect(warnings(entries)).toHaveLength(1);
  });
});
