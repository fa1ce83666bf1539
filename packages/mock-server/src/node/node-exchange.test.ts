import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockResponse } from '../core/index.js';
import { NodeExchange } from './node-exchange.js';

/** What the next request's answer is: the server writes it through `writeAnswer`. */
let answer: Pick<MockResponse, 'status' | 'headers' | 'body'> = { status: 200, headers: {}, body: undefined };
const server = createServer((request, response) => new NodeExchange(request, response, 0).writeAnswer({ ...answer, headers: { ...answer.headers } }));

beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends `method /` on loopback and gives the status, the headers and the body as text. */
function send(method: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, method, path: '/' }, (incoming) => {
      let body = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => (body += chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('NodeExchange.writeAnswer', () => {
  it('declares a body by its length in UTF-8 bytes, not chunked', async () => {
    answer = { status: 200, headers: { 'content-type': 'application/json' }, body: '{"name":"Zoë"}' };
    const { headers, body } = await send('GET');
    expect(headers['content-length']).toBe(String(Buffer.byteLength('{"name":"Zoë"}')));
    expect(headers['transfer-encoding']).toBeUndefined();
    expect(body).toBe('{"name":"Zoë"}');
  });

  it.each([200, 201, 205])('declares Content-Length: 0 for a bodiless %s, not a chunked empty body', async (status) => {
    answer = { status, headers: {}, body: undefined };
    const { headers, body } = await send('POST');
    expect(headers['content-length']).toBe('0');
    expect(headers['transfer-encoding']).toBeUndefined();
    expect(body).toBe('');
  });

  it.each([204, 304])('declares no length for a %s, which carries none', async (status) => {
    answer = { status, headers: {}, body: undefined };
    const { status: received, headers } = await send('GET');
    expect(received).toBe(status);
    expect(headers['content-length']).toBeUndefined();
    expect(headers['transfer-encoding']).toBeUndefined();
  });

  it("answers a HEAD with the GET's length and no body", async () => {
    answer = { status: 200, headers: {}, body: '[1,2,3]' };
    const { headers, body } = await send('HEAD');
    expect(headers['content-length']).toBe('7');
    expect(body).toBe('');
  });
});
