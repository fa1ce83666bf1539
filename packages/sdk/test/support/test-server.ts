// Small local servers for the SDK's tests at the real HTTP boundary: each test
// starts its own node:http server on 127.0.0.1 (a port the OS picks), points a
// client at it and counts what actually arrived. Every server is closed after
// its test.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger, Pet } from '@petstore/sdk';
import { afterEach } from 'vitest';

export interface ReceivedRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  /** performance.now() when the request arrived. */
  at: number;
}

/** Answers one request; `attempt` counts from 1 across the server's life. */
export type Handler = (request: IncomingMessage, response: ServerResponse, attempt: number) => void;

export interface TestServer {
  /** `http://127.0.0.1:<port>/v1`: the client's base address. */
  url: string;
  /** How many requests reached the server. */
  readonly requests: number;
  /** What reached the server, in order. */
  readonly received: readonly ReceivedRequest[];
  close(): Promise<void>;
}

const servers: TestServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

export async function startServer(handler: Handler): Promise<TestServer> {
  const received: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    received.push({
      method: request.method ?? '',
      url: request.url ?? '',
      authorization: request.headers.authorization,
      at: performance.now(),
    });
    handler(request, response, received.length);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const testServer: TestServer = {
    url: `http://127.0.0.1:${port}/v1`,
    get requests() {
      return received.length;
    },
    received,
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging requests would keep close() waiting forever.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(testServer);
  return testServer;
}

export function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(text);
}

export const rex = { id: 1, name: 'Rex', categoryId: 2, status: 'available' } as const satisfies Pet;

/** Nothing printed by default; tests that look at the log pass their own. */
export const silentLogger: Logger = { debug: () => {}, warn: () => {} };

export interface LogEntry {
  level: 'debug' | 'warn';
  message: string;
  details: Record<string, unknown> | undefined;
}

export function recordingLogger(): { logger: Logger; entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  return {
    entries,
    logger: {
      debug: (message, details) => entries.push({ level: 'debug', message, details }),
      warn: (message, details) => entries.push({ level: 'warn', message, details }),
    },
  };
}

/**
 * Every test runs with the global fetch (the default) and with a fetch of the

/** The rejection of a promise that must reject. */
export async function failure(promise: PromiseLike<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail, but it succeeded');
}
