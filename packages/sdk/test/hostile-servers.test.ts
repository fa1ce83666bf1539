// What a hostile or broken server can do to a client, each against a small
// local server on 127.0.0.1: endless and oversized bodies, redirects, odd
// statuses, failures without an answer, and bodies that break the contract.
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ApiError,
  ConfigurationError,
  ConnectionError,
  isPetstoreError,
  PetstoreClient,
  ResponseTooLargeError,
  ResponseValidationError,
  ServerError,
  TimeoutError,
  type ClientOptions,
} from '@petstore/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, recordingLogger, rex, send, silentLogger, startServer, type TestServer } from './support/test-server.js';

function client(server: TestServer | string, options: ClientOptions = {}): PetstoreClient {
  const baseUrl = typeof server === 'string' ? server : server.url;
  return new PetstoreClient({ baseUrl, apiKey: 'test-key', logger: silentLogger, deprecationWarnings: false, ...options });
}

// Nothing a server sends may throw outside the call's promise.
const escaped: unknown[] = [];
const record = (error: unknown) => escaped.push(error);
beforeAll(() => {
  process.on('uncaughtException', record);
  process.on('unhandledRejection', record);
});
afterAll(() => {
  process.off('uncaughtException', record);
  process.off('unhandledRejection', record);
  expect(escaped).toEqual([]);
});

/** A server that streams a 200 body without end, counting what it wrote, until the client hangs up. */
async function endlessBody(status = 200, headers: Record<string, string> = {}): Promise<TestServer & { written: () => number }> {
  let written = 0;
  const chunk = Buffer.alloc(64 * 1024, ' ');
  const server = await startServer((_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.write('[');
    const pump = () => {
      // Until the client closes the connection, or 256 MiB: the test's own bound.
      while (!response.destroyed && written < 256 * 1024 * 1024) {
        written += chunk.length;
        if (!response.write(chunk)) return void response.once('drain', pump);
      }
    };
    pump();
  });
  return Object.assign(server, { written: () => written });
}

describe('bodies too large or without end', () => {
  it('an endless 200 body rejects with ResponseTooLargeError soon after maxResponseBytes, and the server is cut off', async () => {
    const server = await endlessBody();
    const started = performance.now();
    const error = await failure(client(server, { maxRetries: 3 }).pets.list());
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as ResponseTooLargeError).maxResponseBytes).toBe(10 * 1024 * 1024);
    expect((error as Error).message).toMatch(/larger than maxResponseBytes \(10485760 bytes\)/);
    expect(performance.now() - started).toBeLessThan(5_000);
    // Not retried, and the connection is closed: the server can write no more.
    expect(server.requests).toBe(1);
    await sleep(200);
    const afterClose = server.written();
    await sleep(300);
    expect(server.written()).toBe(afterClose);
    expect(afterClose).toBeLessThan(64 * 1024 * 1024);
  });

  it('a smaller maxResponseBytes is honoured, and a body over it is never parsed', async () => {
    const pets = Array.from({ length: 40 }, (_, index) => ({ ...rex, id: index + 1 }));
    const server = await startServer((_request, response) => send(response, 200, pets));
    const error = await failure(client(server, { maxResponseBytes: 1024 }).pets.list({ limit: 50 }));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    await expect(client(server, { maxResponseBytes: 64 * 1024 }).pets.list({ limit: 50 })).resolves.toHaveLength(40);
  });

  it('a Content-Length above maxResponseBytes is refused at the first chunk', async () => {
    let written = 0;
    const server = await startServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(512 * 1024 * 1024) });
      const chunk = Buffer.alloc(16 * 1024, ' ');
      const pump = () => {
        while (!response.destroyed && written < 512 * 1024 * 1024) {
          written += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
      };
      pump();
    });
    const error = await failure(client(server, { maxResponseBytes: 1024 * 1024 }).pets.list());
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(written).toBeLessThan(32 * 1024 * 1024);
  });

  it('a body that trickles without end is cut by the attempt timeout', async () => {
    const server = await startServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => (response.destroyed ? clearInterval(timer) : response.write(' ')), 20);
    });
    const started = performance.now();
    const error = await failure(client(server, { timeout: 400, maxRetries: 0 }).pets.list());
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toContain('timed out after 400 ms');
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("the caller's abort while a body trickles in rejects with exactly its reason", async () => {
    let headersSent = (): void => {};
    const sent = new Promise<void>((resolve) => (headersSent = resolve));
    const server = await startServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('[');
      headersSent();
      const timer = setInterval(() => (response.destroyed ? clearInterval(timer) : response.write(' ')), 20);
    });
    const controller = new AbortController();
    const reason = new Error('the user moved on');
    const call = client(server).pets.list({}, { signal: controller.signal });
    await sent;
    await sleep(100);
    controller.abort(reason);
    await expect(call).rejects.toBe(reason);
    expect(server.requests).toBe(1);
  });

  it('an endless error body still ends in the error its status names, with the body dropped', async () => {
    const server = await endlessBody(503);
    const started = performance.now();
    const error = await failure(client(server, { maxRetries: 0 }).pets.list());
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 503, rawBody: '' });
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('redirects', () => {
  it('a create is never redirected: a 3xx is an ApiError that names the Location, and nothing is sent twice', async () => {
    const target = await startServer((_request, response) => send(response, 201, rex));
    const server = await startServer((_request, response) => {
      response.writeHead(307, { location: `${target.url}/pets` });
      response.end();
    });
    const error = await failure(client(server).pets.create({ name: 'Rex', categoryId: 2 }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 307, code: 'http_307' });
    expect((error as Error).message).toContain(`redirected to ${target.url}/pets`);
    await sleep(50);
    expect(server.requests).toBe(1);
    expect(target.requests).toBe(0);
  });

  it('a read follows a redirect on the same origin', async () => {
    const server = await startServer((request, response) => {
      if (request.url === '/v1/pets') {
        response.writeHead(301, { location: '/v1/pets-moved' });
        response.end();
      } else send(response, 200, [rex]);
    });
    await expect(client(server).pets.list()).resolves.toEqual([rex]);
    expect(server.received.map((request) => [request.url, request.authorization])).toEqual([
      ['/v1/pets', 'Bearer test-key'],
      ['/v1/pets-moved', 'Bearer test-key'],
    ]);
  });

  it('a read redirected to another origin is refused, and the key never reaches that origin', async () => {
    const elsewhere = await startServer((_request, response) => send(response, 200, [rex]));
    const server = await startServer((_request, response) => {
      // Another port is another origin; localhost is another host name as well.
      response.writeHead(302, { location: `${elsewhere.url.replace('127.0.0.1', 'localhost')}/pets` });
      response.end();
    });
    const error = await failure(client(server).pets.list());
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'cross_origin_redirect' });
    expect((error as Error).message).toContain('another origin');
    expect(elsewhere.received.map((request) => request.authorization)).toEqual([undefined]);
  });
});

describe('failures without an answer name their cause', () => {
  it('connection refused', async () => {
    const server = await startServer(() => {});
    const { url } = server;
    await server.close();
    const error = await failure(client(url, { maxRetries: 0 }).pets.list());
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ failure: 'connection_refused' });
    expect((error as Error).message).toMatch(/connection refused.*ECONNREFUSED/);
    expect((error as Error).cause).toBeInstanceOf(Error);
  });

  it('a port fetch blocks: named, not a bare network error', async () => {
    // 6000 (X11) is on the Fetch standard's list of bad ports: undici refuses it without connecting.
    const error = await failure(client('http://127.0.0.1:6000/v1', { maxRetries: 0 }).pets.list());
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ failure: 'blocked_port' });
    expect((error as Error).message).toBe('GET http://127.0.0.1:6000/v1/pets: a port fetch refuses to connect to (bad port: the Fetch standard blocks it)');
  });

  it('host not found', async () => {
    // .invalid is reserved (RFC 2606): no resolver answers it.
    const error = await failure(client('http://petstore.invalid/v1', { maxRetries: 0 }).pets.list());
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ failure: 'host_not_found' });
    expect((error as Error).message).toContain('host not found');
    expect((error as Error).cause).toBeInstanceOf(Error);
  });

  it('TLS failure', async () => {
    const server = await startServer((_request, response) => send(response, 200, [rex]));
    const error = await failure(client(server.url.replace('http:', 'https:'), { maxRetries: 0 }).pets.list());
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ failure: 'tls' });
    expect((error as Error).message).toContain('TLS failure');
    expect((error as Error).cause).toBeInstanceOf(Error);
  });

  it('connection reset', async () => {
    const server = await startServer((request) => request.socket.destroy());
    const error = await failure(client(server, { maxRetries: 0 }).pets.list());
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ failure: 'connection_reset' });
    expect((error as Error).message).toContain('connection reset');
    expect((error as Error).cause).toBeInstanceOf(Error);
  });
});

describe('odd statuses', () => {
  it.each([204, 205, 299, 304, 399, 600, 999])('status %i settles as data or as one of the SDK errors, never a RangeError', async (status) => {
    const server = await startServer((_request, response) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(status === 204 || status === 205 || status === 304 ? undefined : JSON.stringify([rex]));
    });
    const outcome = await client(server, { maxRetries: 0 })
      .pets.list()
      .then(
        (data) => data,
        (error: unknown) => error,
      );
    if (Array.isArray(outcome)) expect(outcome).toEqual([rex]);
    else expect(isPetstoreError(outcome), String(outcome)).toBe(true);
  });

  it('999 is an ApiError with its status, not a ServerError', async () => {
    const server = await startServer((_request, response) => send(response, 999, { code: 'odd', message: 'odd', status: 999 }));
    const error = await failure(client(server).pets.list());
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 999, code: 'odd' });
  });

  it('204 on a list is a ResponseValidationError that says the body is missing', async () => {
    const server = await startServer((_request, response) => {
      response.writeHead(204);
      response.end();
    });
    const error = await failure(client(server).pets.list());
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toContain('the 204 response has no body');
  });

  it('a 1xx with no final answer ends in the attempt timeout', async () => {
    const sockets: Socket[] = [];
    const raw = createTcpServer((socket) => {
      sockets.push(socket);
      socket.once('data', () => socket.write('HTTP/1.1 199 Odd\r\n\r\n'));
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = raw.address() as AddressInfo;
      const error = await failure(client(`http://127.0.0.1:${port}/v1`, { timeout: 300, maxRetries: 0 }).pets.list());
      expect(isPetstoreError(error), String(error)).toBe(true);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => raw.close(resolve));
    }
  });
});

describe('lists longer than their limit', () => {
  const seven = Array.from({ length: 7 }, (_, index) => ({ ...rex, id: index + 1 }));

  it('strict validation refuses them', async () => {
    const server = await startServer((_request, response) => send(response, 200, seven));
    const error = await failure(client(server, { validateResponses: 'strict' }).pets.list({ limit: 5 }));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toContain('returned 7 animals, more than the limit of 5');
  });

  it('tolerant validation passes them with one warning', async () => {
    const server = await startServer((_request, response) => send(response, 200, seven));
    const { logger, entries } = recordingLogger();
    const petstore = client(server, { logger });
    await expect(petstore.pets.list({ limit: 5 })).resolves.toHaveLength(7);
    await expect(petstore.pets.list({ limit: 5 })).resolves.toHaveLength(7);
    expect(entries.filter((entry) => entry.level === 'warn').map((entry) => entry.message)).toEqual([
      expect.stringContaining('more than the limit of 5'),
    ]);
  });
});

describe('validation errors name the field and the problem', () => {
  const broken: [string, unknown, RegExp][] = [
    ['a status outside the enumeration (strict)', [{ ...rex, status: 'lost' }], /body\[0\]\.status: must be one of available, pending, sold/],
    ['a missing id', [{ name: 'Rex', categoryId: 2 }], /body\[0\]\.id: must be an integer/],
    ['a name of the wrong type', [{ ...rex, name: 7 }], /body\[0\]\.name: (must be a string|expected string, got number)/],
    ['null in place of an animal', [null], /body\[0\]: expected object, got null/],
    ['an id as text', [{ ...rex, id: '1' }], /body\[0\]\.id: must be an integer/],
  ];

  for (const mode of ['strict', 'tolerant'] as const) {
    it.each(broken.filter(([name]) => mode === 'strict' || !name.includes('(strict)')))(`${mode}: %s`, async (_name, body, expected) => {
      const server = await startServer((_request, response) => send(response, 200, body));
      const error = await failure(client(server, { validateResponses: mode }).pets.list());
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect((error as Error).message).toMatch(expected);
      expect((error as Error).message).not.toContain('Invalid input');
    });
  }

  it('an unknown field in strict mode is named', async () => {
    const server = await startServer((_request, response) => send(response, 201, { ...rex, colour: 'brown' }));
    const error = await failure(client(server, { validateResponses: 'strict' }).pets.create({ name: 'Rex', categoryId: 2 }));
    expect((error as Error).message).toContain('body: unknown field: colour');
  });

  it.each(['strict', 'tolerant'] as const)('%s: an animal without status is accepted, as the specification allows', async (mode) => {
    const { status: _status, ...withoutStatus } = rex;
    const server = await startServer((_request, response) => send(response, 200, [withoutStatus]));
    await expect(client(server, { validateResponses: mode }).pets.list()).resolves.toEqual([withoutStatus]);
  });
});

describe('numbers that only round to an integer', () => {
  // Written as text: JSON.stringify could not produce them.
  const listOf = (id: string, categoryId = '2') => `[{"id":${id},"name":"Rex","categoryId":${categoryId},"status":"available"}]`;

  it.each([
    ['an id of 1.0000000000000001', listOf('1.0000000000000001'), /body\[0\]\.id: must be an integer/],
    ['a categoryId of 9007199254740991.4', listOf('1', '9007199254740991.4'), /body\[0\]\.categoryId: must be an integer/],
    ['an id of 0.99999999999999999e1', listOf('0.99999999999999999e1'), /body\[0\]\.id: must be an integer/],
    ['an id of 1e-400 (0 once parsed)', listOf('1e-400'), /body\[0\]\.id: must be an integer/],
  ])('strict validation refuses %s, naming the field', async (_name, body, expected) => {
    const server = await startServer((_request, response) => send(response, 200, body));
    const error = await failure(client(server, { validateResponses: 'strict' }).pets.list());
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toMatch(expected);
    expect((error as ResponseValidationError).rawBody).toBe(body);
  });

  it('strict validation refuses them in a single animal too', async () => {
    const server = await startServer((_request, response) => send(response, 201, '{"id":7.00000000000000001,"name":"Rex","categoryId":2}'));
    const error = await failure(client(server, { validateResponses: 'strict' }).pets.create({ name: 'Rex', categoryId: 2 }));
    expect((error as Error).message).toMatch(/body\.id: must be an integer/);
  });

  it('strict validation refuses any integer field written with a fraction or an exponent, even 1.0', async () => {
    for (const id of ['1.0', '1e0', '10E-1']) {
      const server = await startServer((_request, response) => send(response, 200, listOf(id)));
      await expect(client(server, { validateResponses: 'strict' }).pets.list()).rejects.toThrow(/body\[0\]\.id: must be an integer/);
    }
  });

  it('strict validation passes fractions and exponents inside strings, and plain integers', async () => {
    const body = '[{"id":1,"name":"Rex 1.5e3","categoryId":2,"status":"available"},{"id":9007199254740991,"name":"x","categoryId":1}]';
    const server = await startServer((_request, response) => send(response, 200, body));
    await expect(client(server, { validateResponses: 'strict' }).pets.list()).resolves.toEqual([
      { id: 1, name: 'Rex 1.5e3', categoryId: 2, status: 'available' },
      { id: 9007199254740991, name: 'x', categoryId: 1 },
    ]);
  });

  it('tolerant validation passes them as JSON.parse reads them', async () => {
    const server = await startServer((_request, response) => send(response, 200, listOf('1.0000000000000001')));
    await expect(client(server).pets.list()).resolves.toEqual([rex]);
  });
});

describe('options and keys checked before anything is sent', () => {
  it('a key a header cannot carry is a ConfigurationError that does not repeat the key: from the constructor, or from the call of a key function', async () => {
    const server = await startServer((_request, response) => send(response, 200, [rex]));
    const key = 'sk-secret\r\nx-injected: 1';
    let thrown: unknown;
    try {
      client(server, { apiKey: key });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigurationError);
    expect((thrown as Error).message).not.toContain('sk-secret');
    const error = await failure(client(server, { apiKey: async () => key }).pets.list());
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).not.toContain('sk-secret');
    expect(server.requests).toBe(0);
  });

  it.each([
    ['timeout', { timeout: 2 ** 31 }],
    ['totalTimeout', { totalTimeout: 0 }],
    ['maxRetries', { maxRetries: -1 }],
    ['maxResponseBytes', { maxResponseBytes: 1.5 }],
  ] as const)('%s out of range is a ConfigurationError naming it', (name, options) => {
    expect(() => client('http://127.0.0.1:1/v1', options)).toThrow(ConfigurationError);
    expect(() => client('http://127.0.0.1:1/v1', options)).toThrow(new RegExp(`^${name} must be an integer`));
  });
});
