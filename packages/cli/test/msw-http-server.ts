import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHandlers } from '@petstore/mock-server/msw';
import { getResponse } from 'msw';

export interface MswHttpServer {
  /** Base URL, e.g. `http://127.0.0.1:43121/v1`. */
  url: string;
  close(): Promise<void>;
}

async function toRequest(message: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of message) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
  }
  const method = message.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(`${origin}${message.url ?? '/'}`, { method, headers, ...(hasBody && { body: Buffer.concat(chunks) }) });
}

/**
 * A real HTTP server on 127.0.0.1 whose every answer comes from the mock's MSW
 * handlers (msw's public getResponse), so a child process can reach them: the
 * second transport of the mock, over a socket.
 */
export async function startMswHttpServer(): Promise<MswHttpServer> {
  let origin = '';
  // Created once the port is known: the handlers answer only under their base URL.
  const mock: { handlers?: ReturnType<typeof createHandlers> } = {};
  const server = createServer((message, reply) => {
    void (async () => {
      const response = mock.handlers && (await getResponse(mock.handlers, await toRequest(message, origin)));
      if (!response) {
        reply.writeHead(501).end();
        return;
      }
      reply.writeHead(response.status, Object.fromEntries(response.headers));
      reply.end(Buffer.from(await response.arrayBuffer()));
    })().catch(() => reply.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  mock.handlers = createHandlers({ baseUrl: `${origin}/v1` });
  return {
    url: `${origin}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
