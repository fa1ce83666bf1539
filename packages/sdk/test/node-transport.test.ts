// The node:http transport at its boundary: a real Node.js process importing the built
// package as users do, against a small local server.
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { PetstoreClient } from '@petstore/sdk';
import { nodeTransport } from '@petstore/sdk/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const rex = { id: 1, name: 'Rex', categoryId: 2, status: 'available' };
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const body = JSON.stringify(request.url?.startsWith('/v1/pets/') ? { code: 'not_found', message: 'no such pet', status: 404 } : [rex]);
    response.writeHead(request.url?.startsWith('/v1/pets/') ? 404 : 200, {
      'content-type': 'application/json',
      'x-request-id': 'req-1',
      'set-cookie': ['a=1', 'b=2'],
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('nodeTransport', () => {
  it('is what @petstore/sdk uses in Node.js: a call never loads the fetch implementation (undici), and the process exits at once', async () => {
    const script = `
      const { PetstoreClient } = await import('@petstore/sdk');
      const client = new PetstoreClient({ baseUrl: process.argv[1], apiKey: 'k' });
      const pets = await client.pets.list();
      const error = await client.pets.get(7).catch((e) => e);
      console.log(JSON.stringify({ pets, error: error.name, requestId: error.requestId, undici: process.moduleLoadList.some((m) => m.includes('undici')) }));
    `;
    const { stdout } = await run(process.execPath, ['--no-deprecation', '--input-type=module', '-e', script, baseUrl], {
      cwd: new URL('.', import.meta.url).pathname,
      timeout: 10_000,
    });
    expect(JSON.parse(stdout)).toEqual({ pets: [rex], error: 'NotFoundError', requestId: 'req-1', undici: false });
  });

  it('builds the Response of withResponse() on demand, with every header', async () => {
    const client = new PetstoreClient({ baseUrl, apiKey: 'k', transport: nodeTransport() });
    const { data, response, requestId } = await client.pets.list().withResponse();
    expect(data).toEqual([rex]);
    expect(requestId).toBe('req-1');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
  });
});
