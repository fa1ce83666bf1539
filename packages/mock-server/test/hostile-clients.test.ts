// What a hostile or careless client can do to the mock server, each against a
// server in a process of its own on 127.0.0.1: silent sockets, clients that
// never read, endless uploads, half-sent bodies, odd request lines.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEV_API_KEY, MockServerConfigError, startMockServer } from '@petstore/mock-server';
import { afterEach, describe, expect, it } from 'vitest';

const auth = { authorization: `Bearer ${DEV_API_KEY}` };
const fixture = new URL('./fixtures/serve.mjs', import.meta.url).pathname;

interface ServerProcess {
  url: string;
  origin: string;
  port: number;
  pid: number;
  stdout: () => string;
  stderr: () => string;
  /** Open file descriptors of the server process. */
  descriptors: () => number;
  /** Resident memory of the server process, in bytes. */
  rss: () => number;
}

const stops: (() => Promise<void>)[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

/** The server in a child process, with `options` for `startMockServer`, optionally under `ulimit -n`. */
async function serve(options: Record<string, unknown> = {}, openFiles?: number): Promise<ServerProcess> {
  const node = [process.execPath, fixture, JSON.stringify(options)].map((part) => `'${part.replaceAll("'", "'\\''")}'`).join(' ');
  const child = spawn('bash', ['-c', `${openFiles ? `ulimit -n ${openFiles} && ` : ''}exec ${node}`], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  stops.push(async () => {
    child.kill('SIGKILL');
    await exited;
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (data: Buffer) => {
      stdout += data.toString();
      const match = /listening on (http:\/\/\S+)/.exec(stdout);
      if (match) resolve(match[1] as string);
    });
    void exited.then(() => reject(new Error(`the server exited: ${stderr}`)));
  });
  const origin = new URL(url).origin;
  const pid = child.pid as number;
  return {
    url,
    origin,
    port: Number(new URL(url).port),
    pid,
    stdout: () => stdout,
    stderr: () => stderr,
    descriptors: () => readdirSync(`/proc/${pid}/fd`).length,
    rss: () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) * 1024,
  };
}

/** A raw TCP connection to the server, closed after the test. */
function rawSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
    sockets.push(socket);
  });
}

/** Everything the server sends on `socket` until it closes it (or `ms` pass). */
function readAll(socket: Socket, ms = 3_000): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const timer = setTimeout(() => resolve(text), ms);
    socket.on('data', (data: Buffer) => (text += data.toString('latin1')));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(text);
    });
    socket.on('error', () => {});
  });
}

async function until(condition: () => boolean, ms: number): Promise<boolean> {
  const deadline = performance.now() + ms;
  while (performance.now() < deadline) {
    if (condition()) return true;
    await sleep(50);
  }
  return condition();
}

describe('sockets that hold on', () => {
  it('connections that never send a byte are closed after the headers timeout: the descriptors return to their baseline', async () => {
    const server = await serve({ timeouts: { headersMs: 300, requestMs: 600 } });
    const baseline = server.descriptors();
    await Promise.all(Array.from({ length: 100 }, () => rawSocket(server.port)));
    expect(await until(() => server.descriptors() >= baseline + 100, 2_000)).toBe(true);
    expect(await until(() => server.descriptors() <= baseline, 5_000), `${server.descriptors()} open, baseline ${baseline}`).toBe(true);
  });

  it('a client that never reads its responses is disconnected after the response timeout', async () => {
    const server = await serve({ seed: 100, timeouts: { responseMs: 500 } });
    const baseline = server.descriptors();
    const socket = await rawSocket(server.port);
    socket.pause();
    // Pipelined lists of 100 animals, never read: the socket's buffers fill and the writes stall.
    const request = `GET /v1/pets?limit=100 HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${DEV_API_KEY}\r\n\r\n`;
    socket.write(request.repeat(2_000));
    expect(await until(() => server.descriptors() > baseline, 2_000)).toBe(true);
    expect(await until(() => server.descriptors() <= baseline, 5_000), `${server.descriptors()} open, baseline ${baseline}`).toBe(true);
  });

  it('with ulimit -n 256, a thousand silent sockets do not keep a new client from being served within 1 s', async () => {
    const server = await serve({}, 256);
    const silent = await Promise.allSettled(Array.from({ length: 1_000 }, () => rawSocket(server.port)));
    expect(silent.filter((result) => result.status === 'fulfilled').length).toBeGreaterThan(900);
    const started = performance.now();
    const response = await fetch(`${server.url}/pets?limit=1`, { headers: auth, signal: AbortSignal.timeout(5_000) });
    expect(response.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(server.stderr()).not.toMatch(/EMFILE|unexpected/);
  });
});

describe('bodies nobody asked for', () => {
  /**
   * Sends headers declaring `bytes` of body, then pushes zeros as fast as the server takes
   * them, until the answer comes (as HTTP clients do: an early answer ends the upload).
   */
  async function upload(port: number, head: string, bytes: number, stopAfter = bytes): Promise<{ response: string; sent: number; ms: number }> {
    const socket = await rawSocket(port);
    const started = performance.now();
    let answered = false;
    socket.once('data', () => (answered = true));
    const received = readAll(socket, 5_000);
    socket.write(`${head}Content-Length: ${bytes}\r\n\r\n`);
    const chunk = Buffer.alloc(256 * 1024);
    let sent = 0;
    while (!answered && sent < stopAfter && !socket.destroyed && socket.writable) {
      sent += chunk.length;
      if (!socket.write(chunk)) {
        const drained = await Promise.race([new Promise((resolve) => socket.once('drain', () => resolve(true))), sleep(1_000).then(() => false)]);
        if (!drained) break;
      }
    }
    const response = await received;
    return { response, sent, ms: performance.now() - started };
  }

  const HUNDRED_MB = 100 * 1024 * 1024;
  it.each([
    ['unauthenticated', 'POST /v1/pets HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n', 401],
    ['of the wrong type', `POST /v1/pets HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${DEV_API_KEY}\r\nContent-Type: text/plain\r\n`, 415],
    ['on a method that takes none', `GET /v1/pets?limit=1 HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${DEV_API_KEY}\r\n`, 200],
  ])('a 100 MB upload %s is answered at once and not read', async (_name, head, status) => {
    const server = await serve();
    // A client that sends the headers and a first 64 KiB, then waits: the answer, and the connection closed.
    const first = await upload(server.port, head, HUNDRED_MB, 64 * 1024);
    expect(first.response).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(first.response.toLowerCase()).toContain('connection: close');
    // A client that keeps pushing: the server neither reads on nor holds it. (Its answer may be lost
    // to the reset that closing with unread bytes sends, as TCP has it; it is never another answer.)
    const rssBefore = server.rss();
    const { response, sent, ms } = await upload(server.port, head, HUNDRED_MB);
    expect(response === '' || response.startsWith(`HTTP/1.1 ${status} `), response.slice(0, 80)).toBe(true);
    expect(sent).toBeLessThan(HUNDRED_MB / 4);
    expect(ms).toBeLessThan(3_000);
    expect(server.rss() - rssBefore).toBeLessThan(32 * 1024 * 1024);
  });

  it('an endless chunked upload past 1 MiB gets its 413 at once and is cut off after a few MiB more', async () => {
    const server = await serve();
    const socket = await rawSocket(server.port);
    const received = readAll(socket, 5_000);
    socket.write(`POST /v1/pets HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${DEV_API_KEY}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`);
    const chunk = `${(256 * 1024).toString(16)}\r\n${' '.repeat(256 * 1024)}\r\n`;
    let sent = 0;
    // Pushes as fast as the server takes it, whatever it answers, until the connection goes.
    while (sent < 100 * 1024 * 1024 && !socket.destroyed && socket.writable) {
      sent += 256 * 1024;
      if (!socket.write(chunk)) {
        const drained = await Promise.race([new Promise((resolve) => socket.once('drain', () => resolve(true))), sleep(2_500).then(() => false)]);
        if (!drained) break;
      }
    }
    expect(await received).toMatch(/^HTTP\/1\.1 413 /);
    expect(sent).toBeLessThan(32 * 1024 * 1024);
  });

  it('a streaming upload over 1 MiB gets its 413, readable by fetch, before the connection closes', async () => {
    const server = await serve();
    const chunk = new Uint8Array(64 * 1024).fill(32);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 4 * 1024 * 1024) controller.close();
        else {
          sent += chunk.length;
          controller.enqueue(chunk);
        }
      },
    });
    const response = await fetch(`${server.url}/pets`, { method: 'POST', body, duplex: 'half', headers: { ...auth, 'content-type': 'application/json' } } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'payload_too_large', status: 413 });
  });
});

describe('clients that stop halfway', () => {
  it('a client that goes away mid-body is logged with a 400, not as an unexpected error', async () => {
    const server = await serve({ log: undefined });
    const socket = await rawSocket(server.port);
    socket.write(`POST /v1/pets HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${DEV_API_KEY}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":`);
    await sleep(100);
    socket.destroy();
    await sleep(200);
    expect(server.stderr()).not.toMatch(/unexpected/);
    expect((await fetch(`${server.url}/pets?limit=1`, { headers: auth })).status).toBe(200);
  });

  it('malformed chunked encoding gets a 400 Error body', async () => {
    const server = await serve();
    const socket = await rawSocket(server.port);
    const response = readAll(socket);
    socket.write(`POST /v1/pets HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${DEV_API_KEY}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n`);
    expect(await response).toMatch(/^HTTP\/1\.1 400 [\s\S]*"code":"invalid_request"/);
    expect(server.stderr()).not.toMatch(/unexpected/);
  });

  it('a body too slow to arrive gets a 408 Error body', async () => {
    const server = await serve({ timeouts: { headersMs: 300, requestMs: 600 } });
    const socket = await rawSocket(server.port);
    const response = readAll(socket);
    socket.write(`POST /v1/pets HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${DEV_API_KEY}\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{"na`);
    expect(await response).toMatch(/^HTTP\/1\.1 408 [\s\S]*"code":"request_timeout"/);
    expect(server.stderr()).not.toMatch(/unexpected/);
  });
});

describe('request lines', () => {
  it('HEAD on a GET route answers like GET, without the body', async () => {
    const server = await serve();
    const get = await fetch(`${server.url}/pets?limit=2`, { headers: auth });
    const head = await fetch(`${server.url}/pets?limit=2`, { method: 'HEAD', headers: auth });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(get.headers.get('content-length'));
    expect(await head.text()).toBe('');
    expect((await fetch(`${server.url}/pets/1`, { method: 'HEAD', headers: auth })).headers.get('deprecation')).toBe('@1767225600');
  });

  it('CONNECT gets an Error body', async () => {
    const server = await serve();
    const socket = await rawSocket(server.port);
    const response = readAll(socket);
    socket.write('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expect(await response).toMatch(/^HTTP\/1\.1 405 [\s\S]*"code":"method_not_allowed"/);
  });

  it('an absolute-form request target is routed by its path', async () => {
    const server = await serve();
    const socket = await rawSocket(server.port);
    const response = readAll(socket);
    socket.write(`GET ${server.url}/pets?limit=1 HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${DEV_API_KEY}\r\nConnection: close\r\n\r\n`);
    expect(await response).toMatch(/^HTTP\/1\.1 200 [\s\S]*\[\{"id":1,/);
  });

  it('bodies that are not UTF-8 are refused, never stored with replacement characters', async () => {
    const server = await serve();
    const latin1 = await fetch(`${server.url}/pets`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json; charset=iso-8859-1' }, body: '{"name":"Rex","categoryId":1}' });
    expect(latin1.status).toBe(415);
    const invalid = await fetch(`${server.url}/pets`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: Buffer.concat([Buffer.from('{"name":"Re'), Buffer.from([0xff, 0xfe]), Buffer.from('x","categoryId":1}')]),
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ code: 'invalid_json', message: 'Request body is not valid UTF-8', status: 400 });
  });
});

describe('binding beyond loopback', () => {
  it('is refused when the only key is the public development key, even given explicitly', async () => {
    await expect(startMockServer({ host: '0.0.0.0', apiKeys: [DEV_API_KEY] })).rejects.toThrow(MockServerConfigError);
    await expect(startMockServer({ host: '0.0.0.0', apiKeys: [DEV_API_KEY] })).rejects.toThrow(/public development key/);
  });
});
