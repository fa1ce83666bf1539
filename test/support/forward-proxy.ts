// A small forward proxy on loopback for the tests of proxy support: plain HTTP
// in absolute form (`GET http://host/path`) is forwarded, CONNECT is tunnelled,
// and each is counted, so a test can tell what went through it and what did not.
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface ForwardProxyOptions {
  /** `user:password` the proxy asks for (407 without it, on both paths). */
  credentials?: string;
  /** A status to answer every CONNECT with instead of tunnelling (403: "not allowed"). */
  refuseConnect?: number;
  /** A status to answer every request to forward with, itself, with an HTML page (403: a corporate proxy's "access denied"). */
  refuseForward?: number;
}

export interface ForwardProxy {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** `METHOD absolute-URL` of every request forwarded in absolute form. */
  readonly forwarded: readonly string[];
  /** `host:port` of every CONNECT asked for, tunnelled or refused. */
  readonly tunnels: readonly string[];
  /** Requests of any kind that reached the proxy. */
  readonly count: number;
  close(): Promise<void>;
}

const AUTH_REQUIRED = 'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\nContent-Length: 0\r\nConnection: close\r\n\r\n';

/** Starts a forward proxy on 127.0.0.1 and a port the OS picks. */
export async function startForwardProxy(options: ForwardProxyOptions = {}): Promise<ForwardProxy> {
  const forwarded: string[] = [];
  const tunnels: string[] = [];
  const sockets = new Set<Socket>();
  const expected = options.credentials && `Basic ${Buffer.from(options.credentials).toString('base64')}`;
  const authorised = (request: IncomingMessage) => !expected || request.headers['proxy-authorization'] === expected;

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const target = request.url ?? '';
    forwarded.push(`${request.method ?? ''} ${target}`);
    if (!authorised(request)) {
      response.writeHead(407, { 'proxy-authenticate': 'Basic realm="test"', 'content-length': '0' }).end();
      return;
    }
    if (options.refuseForward !== undefined) {
      response.writeHead(options.refuseForward, { 'content-type': 'text/html' }).end('<html><head><title>Access denied by policy</title></head><body><h1>Denied</h1></body></html>');
      return;
    }
    if (!target.startsWith('http://')) {
      response.writeHead(400, { 'content-type': 'text/plain' }).end('a forward proxy takes absolute URLs');
      return;
    }
    const headers = { ...request.headers };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const upstream = httpRequest(target, { method: request.method, headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => response.writeHead(502, { 'content-type': 'text/plain' }).end('bad gateway'));
    request.pipe(upstream);
  });

  server.on('connect', (request: IncomingMessage, client: Socket, head: Buffer) => {
    const target = request.url ?? '';
    tunnels.push(target);
    sockets.add(client);
    client.on('close', () => sockets.delete(client)).on('error', () => {});
    if (!authorised(request)) {
      client.end(AUTH_REQUIRED);
      return;
    }
    if (options.refuseConnect !== undefined) {
      client.end(`HTTP/1.1 ${options.refuseConnect} Refused\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
      return;
    }
    const colon = target.lastIndexOf(':');
    const upstream = connect(Number(target.slice(colon + 1)), target.slice(0, colon).replace(/^\[|\]$/g, ''), () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream)).on('error', () => client.destroy());
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    forwarded,
    tunnels,
    get count() {
      return forwarded.length + tunnels.length;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
