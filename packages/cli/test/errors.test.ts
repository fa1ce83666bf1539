/**
 * Failures without an answer, told honestly, and text from a hostile server
 * kept from the terminal: the built binary in a child process against a tiny
 * node:http server on 127.0.0.1 that says what an attacker would.
 */
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { DEV_KEY, createCli, createTempDirs, sendJson, startStubServer, type JsonErrorLine, type StubServer } from './support.js';

const tempDirs = createTempDirs();
const withKey = { env: { PETSTORE_API_KEY: DEV_KEY } };

// Every character class that must not reach a terminal raw: ESC (clear screen), BEL,
// DEL, CSI (C1), and the bidi override and isolate.
const HOSTILE = 'Rex\u001b[2J\u0007\u007f\u009b31m\u202eevil\u2066x\u2069';
// Tabs and newlines are TSV's and the table's own separators.
// eslint-disable-next-line no-control-regex -- finding them is the point.
const RAW_ON_TERMINAL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const RAW_IN_JSON = /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** The error line `text`, then the request id the SDK sent (a failure without an answer has no other). */
const withRequestId = (text: string): RegExp => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(request id [\\da-f]{32}\\)\\n$`);

let stub: StubServer;
let closedPort: number;

function hostile(request: IncomingMessage, response: ServerResponse): void {
  request.resume();
  const scenario = (request.url ?? '/').split('/')[1];
  const pet = { id: 1, name: HOSTILE, categoryId: 1, status: `sold${HOSTILE}` };
  switch (scenario) {
    case 'names':
      return sendJson(response, 200, [pet]);
    case 'one':
      return sendJson(response, 201, pet);
    case 'error':
      return sendJson(response, 400, { code: `bad\u009b`, message: `no ${HOSTILE}`, status: 400 });
    case 'huge':
      // An endless body: the SDK stops at 10 MiB.
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('[');
      return void (function more() {
        if (response.destroyed) return;
        response.write(`${JSON.stringify(pet)},`.repeat(1000), () => setImmediate(more));
      })();
    case 'hang':
      return;
    default:
      return sendJson(response, 404, { code: 'not_found', message: 'no such scenario', status: 404 });
  }
}

beforeAll(async () => {
  stub = await startStubServer(hostile);
  // A port that was just free: nothing listens there.
  closedPort = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
});

afterAll(async () => {
  await stub.close();
  await tempDirs.removeAll();
});

describe.concurrent('failures without an answer say why and what to do', () => {
  it('connection refused at another address: nothing is listening, check the base URL; no word of petstore-mock', async ({ expect }) => {
    const { run } = await createCli(tempDirs);
    const url = `http://127.0.0.1:${closedPort}`;
    const result = await run(['pets', 'list', '--base-url', `${url}/v1`], withKey);
    expect(result.code).toBe(7);
    expect(result.stderr).toMatch(withRequestId(`error: nothing is listening at ${url} (ECONNREFUSED); check the base URL and that the service is up`));
    const json = await run(['pets', 'list', '--json', '--base-url', `${url}/v1`], withKey);
    expect((JSON.parse(json.stderr) as JsonErrorLine).error).toMatchObject({ exitCode: 7, code: 'connection_refused' });
  });

  it('connection refused at the mock\'s own address: is petstore-mock running, and how to start it', async ({ expect, skip }) => {
    // The mock profile's default base URL: the test needs nothing listening on 127.0.0.1:4010.
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer()
        .once('error', () => resolve(false))
        .listen(4010, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (!free) skip('something listens on 127.0.0.1:4010');
    const { run } = await createCli(tempDirs);
    // The mock profile, its URL and its development key, as a new user runs it.
    const result = await run(['pets', 'list']);
    expect(result.code).toBe(7);
    expect(result.stderr).toMatch(withRequestId('error: nothing is listening at http://127.0.0.1:4010 — is petstore-mock running? Start it with `petstore-mock` (package @petstore/mock-server)'));
    expect(result.stderr).not.toContain('start.sh');
  });

  it('a port fetch refuses (6000) is named, not told as a network failure', async ({ expect }) => {
    const { run } = await createCli(tempDirs);
    const result = await run(['pets', 'list', '--base-url', 'http://127.0.0.1:6000/v1'], withKey);
    expect(result.code).toBe(7);
    expect(result.stderr).toMatch(
      withRequestId('error: fetch refuses port 6000 (a port browsers and fetch block, as the Fetch standard lists); serve the API on another port and change the base URL'),
    );
  });

  it('a host that does not exist is named', async ({ expect }) => {
    const { run } = await createCli(tempDirs);
    const result = await run(['pets', 'list', '--base-url', 'http://petstore.invalid/v1', '--json'], withKey);
    expect(result.code).toBe(7);
    const { error } = JSON.parse(result.stderr) as JsonErrorLine;
    expect(error.code).toBe('host_not_found');
    expect(error.message).toMatch(/^host not found: petstore\.invalid \((ENOTFOUND|EAI_AGAIN)\); check the base URL/);
  });

  it('TLS with a server that speaks plain HTTP is a TLS failure', async ({ expect }) => {
    const { run } = await createCli(tempDirs);
    const origin = stub.origin.replace('http:', 'https:');
    const result = await run(['pets', 'list', '--base-url', `${origin}/names/v1`], withKey);
    expect(result.code).toBe(7);
    expect(result.stderr).toMatch(new RegExp(`^error: TLS failed with ${origin.replaceAll('.', '\\.')} \\(\\w+\\); check`));
  });

  it('a timeout names the value used, which --timeout sets', async ({ expect }) => {
    const { run } = await createCli(tempDirs);
    const started = Date.now();
    const result = await run(['pets', 'list', '--timeout', '200', '--base-url', `${stub.origin}/hang/v1`], withKey);
    expect(result.code).toBe(7);
    expect(result.stderr).toMatch(withRequestId(`error: no answer from ${stub.origin} within 200 ms; reads are tried 3 times. Wait longer with --timeout MS`));
    expect(Date.now() - started).toBeLessThan(8_000);
  });

  it('--timeout must be whole milliseconds in range (exit 2, nothing sent)', async ({ expect }) => {
    const { run } = await createCli(tempDirs);
    for (const value of ['0', '1.5', 'soon', '600001']) {
      const result = await run(['pets', 'list', '--timeout', value, '--base-url', `${stub.origin}/never/v1`], withKey);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`--timeout must be whole milliseconds from 1 to 600000, got "${value}"`);
    }
    expect(stub.count('/never')).toBe(0);
  });

  it('an endless response is cut at 10 MiB: exit 1, response_too_large, no stack trace', async ({ expect }) => {
    const { run } = await createCli(tempDirs);
    const result = await run(['pets', 'list', '--json', '--base-url', `${stub.origin}/huge/v1`], withKey);
    expect(result.code).toBe(1);
    expect((JSON.parse(result.stderr) as JsonErrorLine).error.code).toBe('response_too_large');
  });
});

describe.concurrent('text from the server never reaches the terminal raw', () => {
  it('names and unknown statuses in a table and TSV: every control and bidi character escaped', async ({ expect }) => {
    const { run } = await createCli(tempDirs);
    for (const format of ['table', 'tsv']) {
      const result = await run(['pets', 'list', '--format', format, '--base-url', `${stub.origin}/names/v1`], withKey);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Rex\\u001b[2J\\u0007\\u007f\\u009b31m\\u202eevil\\u2066x\\u2069');
      expect(result.stdout).not.toMatch(RAW_ON_TERMINAL);
      // The SDK's warning about the unknown status quotes it: escaped on stderr too.
      expect(result.stderr).toContain('warning:');
      expect(result.stderr).not.toMatch(RAW_ON_TERMINAL);
    }
  });

  it('JSON and NDJSON write C1, DEL and bidi characters as \\u escapes, and parse back to the same name', async ({ expect }) => {
    const { run } = await createCli(tempDirs);
    for (const format of ['json', 'ndjson']) {
      const result = await run(['pets', 'list', '--format', format, '--base-url', `${stub.origin}/names/v1`], withKey);
      expect(result.code).toBe(0);
      expect(result.stdout).not.toMatch(RAW_IN_JSON);
      expect(result.stdout).toContain('\\u009b');
      const [pet] = (format === 'json' ? JSON.parse(result.stdout) : [JSON.parse(result.stdout)]) as { name: string }[];
      expect(pet?.name).toBe(HOSTILE);
      expect(result.stderr).not.toMatch(RAW_IN_JSON);
    }
  });

  it('an error message from the server is escaped, as text and as a --json line', async ({ expect }) => {
    const { run } = await createCli(tempDirs);
    const text = await run(['pets', 'list', '--base-url', `${stub.origin}/error/v1`], withKey);
    expect(text.code).toBe(6);
    expect(text.stderr).toContain('no Rex\\u001b[2J');
    expect(text.stderr.replace(/\n/g, '')).not.toMatch(RAW_ON_TERMINAL);
    const json = await run(['pets', 'create', '--name', 'a', '--category-id', '1', '--json', '--base-url', `${stub.origin}/error/v1`], withKey);
    expect(json.code).toBe(6);
    expect(json.stderr).not.toMatch(RAW_IN_JSON);
    expect((JSON.parse(json.stderr) as JsonErrorLine).error.message).toContain(HOSTILE);
  });
});

describe.concurrent('inputs are bounded and must be regular files', () => {
  it('--data - past 1 MiB on stdin: exit 2 naming it, nothing sent', async ({ expect }) => {
    const { run } = await createCli(tempDirs);
    const result = await run(['pets', 'create', '--data', '-', '--base-url', `${stub.origin}/never/v1`], { ...withKey, stdin: `{"name":"${'x'.repeat(1024 * 1024)}","categoryId":1}` });
    expect(result).toMatchObject({ code: 2, stdout: '' });
    expect(result.stderr).toBe('error: --data -: more than 1 MiB on stdin; pass a file instead, or split the input\n');
    expect(stub.count('/never')).toBe(0);
  });

  it('--data @FIFO is refused without being read (no writer: it would block forever)', async ({ expect }) => {
    const { run } = await createCli(tempDirs);
    const fifo = join(await tempDirs.make(), 'pet.json');
    execFileSync('mkfifo', [fifo]);
    const result = await run(['pets', 'create', '--data', `@${fifo}`, '--base-url', `${stub.origin}/never/v1`], withKey);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`--data @${fifo}: a FIFO (named pipe), not a regular file; pipe it to stdin with --data - instead`);
    expect(stub.count('/never')).toBe(0);
  });
});
