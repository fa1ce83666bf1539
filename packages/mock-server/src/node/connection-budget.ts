import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** File descriptors kept for everything but client connections: stdio, the event loop, files, a margin. */
const RESERVED_DESCRIPTORS = 64;

/**
 * The process's soft limit on open files, where Linux tells it
 * (`/proc/self/limits`); undefined elsewhere.
 */
export function openFileLimit(limits = '/proc/self/limits'): number | undefined {
  try {
    const line = readFileSync(limits, 'utf8')
      .split('\n')
      .find((candidate) => candidate.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    return soft === undefined || soft === 'unlimited' ? undefined : Number(soft);
  } catch {
    return undefined;
  }
}

/**
 * Keeps silent connections from holding the server's file descriptors. A
 * connection that sends not one byte within `silentMs` is closed (Node's own
 * headers timeout starts only with the first byte, and answers 408 from there). And when descriptors run short,
 * past `limit` open connections, the one that has been silent the longest (no
 * whole request yet) is closed, so that a thousand silent sockets cannot lock
 * out a client that has something to ask. Connections that sent a request are
 * never closed here; the other timeouts deal with them.
 */
export function guardConnections(server: Server, limit: number, silentMs: number): void {
  // Insertion order is arrival order: the first is the one silent the longest.
  const silent = new Set<Socket>();
  const evicted = new WeakSet<Socket>();
  // Connections neither closed nor being closed by us.
  let open = 0;
  server.on('connection', (socket: Socket) => {
    open++;
    silent.add(socket);
    // A timer, not socket.setTimeout(): Node's server destroys any socket whose 'timeout' fires.
    const timer = setTimeout(() => {
      if (socket.bytesRead === 0) socket.destroy();
    }, silentMs).unref();
    socket.once('close', () => {
      clearTimeout(timer);
      if (!evicted.has(socket)) open--;
      silent.delete(socket);
    });
    while (open > limit && silent.size > 1) {
      const oldest = silent.values().next().value as Socket;
      silent.delete(oldest);
      evicted.add(oldest);
      open--;
      oldest.destroy();
    }
  });
  server.on('request', (request: { socket: Socket }) => silent.delete(request.socket));
}

/** How many connections to allow before closing silent ones: the descriptor limit less a reserve, where it is known. */
export function connectionLimit(): number {
  const files = openFileLimit();
  return files === undefined ? Number.POSITIVE_INFINITY : Math.max(16, files - RESERVED_DESCRIPTORS);
}
