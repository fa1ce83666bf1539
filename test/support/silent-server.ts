// A TCP server on loopback that accepts connections and never answers: a
// proxy or an API that has stalled. It counts the connections still open, so
// a test can tell whether the client let go of them.
import { createServer, type AddressInfo, type Socket } from 'node:net';

export interface SilentServer {
  /** `127.0.0.1:<port>` */
  host: string;
  /** Connections accepted and not yet closed by the client. */
  readonly open: number;
  close(): Promise<void>;
}

/** Starts a server on 127.0.0.1 and a port the OS picks that reads everything and answers nothing. */
export async function startSilentServer(): Promise<SilentServer> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('data', () => {}).on('error', () => {}).on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    host: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    get open() {
      return sockets.size;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
