// `petstore verify`, the built binary in a child process, against the mock
// server binary (in memory and with --data), a server running the MSW
// handlers, and small servers that break one rule each.
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConformanceReport } from '@petstore/sdk/conformance';
import { NAME_MAX_LENGTH } from '@petstore/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServerProcess, type MockServerProcess } from '../../../test/support/mock-server-process.js';
import { startMswHttpServer, type MswHttpServer } from './msw-http-server.js';
import { readJunit } from './read-junit.js';
import { createCli, createTempDirs, DEV_KEY, sendJson, startStubServer, type Cli, type JsonErrorLine } from './support.js';

const tempDirs = createTempDirs();
let cli: Cli;
const withKey = { env: { PETSTORE_API_KEY: DEV_KEY } };

beforeAll(async () => {
  cli = await createCli(tempDirs);
});
afterAll(() => tempDirs.removeAll());

const parseReport = (stdout: string): ConformanceReport => JSON.parse(stdout) as ConformanceReport;

/** Every case passed (a probe with nothing to learn skipped, uncounted), none noted, and the run created its three animals. */
function expectConformant(report: ConformanceReport): void {
  const notPassed = report.results.filter((result) => result.outcome !== (result.probe ? 'skip' : 'pass'));
  expect(notPassed, JSON.stringify(notPassed, null, 2)).toEqual([]);
  expect(report.summary).toMatchObject({ fail: 0, note: 0, skip: 0 });
  const longest = `petstore-verify-${report.runId}-${'x'.repeat(NAME_MAX_LENGTH)}`.slice(0, NAME_MAX_LENGTH);
  expect(report.created.map((pet) => pet.name)).toEqual([`petstore-verify-${report.runId}`, `petstore-verify-${report.runId}-default`, longest]);
}

describe('against the mock server binary, in memory', () => {
  let mock: MockServerProcess;
  beforeAll(async () => {
    mock = await startMockServerProcess();
  });
  afterAll(() => mock.stop());

  it('--json: every case passes, no note, exit 0', async () => {
    const result = await cli.run(['verify', '--base-url', mock.url, '--json'], withKey);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const report = parseReport(result.stdout);
    expectConformant(report);
    expect(report).toMatchObject({ baseUrl: mock.url, allowWrites: true, maxRequests: 100 });
    // One request a case; a probe with nothing to learn sends none.
    expect(report.requests).toBe(report.results.filter((result) => !result.probe).length);
    // The matrix: every documented status of every operation, checked or skipped with a reason.
    expect(report.matrix.map((cell) => `${cell.operation} ${cell.status} ${cell.state}`)).toContain('getPet 404 checked');
    for (const cell of report.matrix) expect(cell.state === 'checked' || cell.reason !== undefined, `${cell.operation} ${cell.status}`).toBe(true);
    expect(result.stdout).not.toContain(DEV_KEY);
  });

  it('on a terminal-less stdout: the table, the matrix, the animals created, the verdict', async () => {
    const result = await cli.run(['verify', '--base-url', mock.url], withKey);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^RESULT {2}OPERATION {2}STATUS {2}CASE\nPASS {4}listPets {3}200 {5}GET \/pets → 200, at most 20/m);
    expect(result.stdout).toMatch(/^createPet +409 +skipped +needs every id/m);
    expect(result.stdout).toMatch(/^ {2}\d+ {2}petstore-verify-[0-9a-f]{8} {2}pending$/m);
    expect(result.stdout).toMatch(/\d+ passed, 0 failed, 0 noted, 0 skipped: conformant\n$/);
  });

  it('--debug prints each exchange on stderr, never the key', async () => {
    const result = await cli.run(['verify', '--base-url', mock.url, '--debug', '--json'], withKey);
    expect(result.code).toBe(0);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(parseReport(result.stdout).requests);
    // As the client's lines: the time, and the id sent (the mock echoes it).
    expect(lines[0]).toMatch(new RegExp(`^debug: GET ${mock.url}/pets → 200 in \\d+ ms \\(request id [0-9a-f]{32}\\)$`));
    expect(result.stderr).not.toContain(DEV_KEY);
  });
});

/** Whether this Node.js has node:sqlite, which the mock's --data needs (its engines: 22.13 and later). */
const hasSqlite = (() => {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 13);
})();

describe.skipIf(!hasSqlite)('against the mock server binary with --data', () => {
  let mock: MockServerProcess;
  let dir: string;
  beforeAll(async () => {
    dir = await tempDirs.make();
    mock = await startMockServerProcess(['--data', join(dir, 'pets.db')]);
  });
  afterAll(() => mock.stop());

  it('passes, and --junit writes a report CI can read back', async () => {
    const file = join(dir, 'verify.xml');
    const result = await cli.run(['verify', '--base-url', mock.url, '--json', '--junit', file], withKey);
    expect(result.code).toBe(0);
    const report = parseReport(result.stdout);
    expectConformant(report);
    const suites = readJunit(await readFile(file, 'utf8'));
    // A probe with nothing to learn was never a check: JUnit leaves it out.
    const checks = report.results.filter((item) => !item.probe);
    expect(suites).toMatchObject({ name: 'testsuites', attributes: { name: 'petstore verify', tests: String(checks.length), failures: '0', errors: '0', skipped: '0' } });
    const [suite] = suites.children;
    expect(suite?.attributes).toMatchObject({ name: `petstore verify ${mock.url}`, tests: String(checks.length), failures: '0' });
    expect(suite?.children.map((testcase) => [testcase.name, testcase.attributes['classname'], testcase.attributes['name'], testcase.children])).toEqual(
      checks.map((item) => ['testcase', `petstore.verify.${item.operation}`, `${item.id}: ${item.title}`, []]),
    );
  });
});

describe('against a server running the MSW handlers', () => {
  let server: MswHttpServer;
  beforeAll(async () => {
    server = await startMswHttpServer();
  });
  afterAll(() => server.close());

  it('passes, no note, exit 0', async () => {
    const result = await cli.run(['verify', '--base-url', server.url, '--json'], withKey);
    expect(result.code).toBe(0);
    expectConformant(parseReport(result.stdout));
  });
});

describe('safe by default', () => {
  let mock: MockServerProcess;
  beforeAll(async () => {
    mock = await startMockServerProcess();
  });
  afterAll(() => mock.stop());

  /**
   * An HTTP proxy (the CLI honours HTTP_PROXY on every Node.js it supports)
   * that forwards to the mock: the CLI addresses api.example.test, a name that
   * is not loopback, and every request it sends passes through here.
   */
  async function startForwardingProxy() {
    const target = new URL(mock.url);
    return startStubServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
      const url = new URL(incoming.url ?? '/');
      const forwarded = httpRequest(
        { host: target.hostname, port: target.port, method: incoming.method, path: `${url.pathname}${url.search}`, headers: { ...incoming.headers, host: target.host } },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      incoming.pipe(forwarded);
    });
  }

  it('sends no create to a non-loopback address without --allow-writes, and says why', async () => {
    const proxy = await startForwardingProxy();
    try {
      const result = await cli.run(['verify', '--base-url', 'http://api.example.test/v1', '--json'], {
        env: { PETSTORE_API_KEY: DEV_KEY, HTTP_PROXY: proxy.origin },
      });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const report = parseReport(result.stdout);
      expect(report.allowWrites).toBe(false);
      expect(proxy.requests.length).toBe(report.requests);
      expect(proxy.requests.filter((line) => !line.startsWith('GET '))).toEqual([]);
      expect(proxy.requests.every((line) => line.startsWith('GET http://api.example.test/v1/pets'))).toBe(true);
      const skipped = report.results.filter((item) => item.outcome === 'skip');
      expect(skipped.length).toBeGreaterThan(0);
      for (const item of skipped.filter((each) => each.operation === 'createPet')) {
        expect(item.reason).toBe('writes are permanent and api.example.test is not a loopback address; pass --allow-writes to send them');
      }
      expect(report.results.filter((item) => item.outcome === 'fail' || item.outcome === 'note')).toEqual([]);
      expect(report.created).toEqual([]);
      expect(report.matrix.find((cell) => cell.operation === 'createPet' && cell.status === 201)).toMatchObject({ state: 'skipped', reason: expect.stringContaining('--allow-writes') });
      // With --allow-writes the same address gets them.
      const allowed = await cli.run(['verify', '--base-url', 'http://api.example.test/v1', '--json', '--allow-writes'], {
        env: { PETSTORE_API_KEY: DEV_KEY, HTTP_PROXY: proxy.origin },
      });
      expect(allowed.code).toBe(0);
      expect(parseReport(allowed.stdout).created).toHaveLength(3);
      expect(proxy.requests.some((line) => line.startsWith('POST '))).toBe(true);
    } finally {
      await proxy.close();
    }
  });
});

describe('exit codes', () => {
  it('are in verify --help, with the request budget and the write rule', async () => {
    const result = await cli.run(['verify', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Exit codes of verify:\n  0  conformant (notes do not fail a run)\n  1  a contract violation, or drift from --expect-profile\n  3  configuration or authentication');
    expect(result.stdout).toContain('\n  7  network: no answer or a timeout (--timeout or --total-timeout), or a first answer of 429 or 5xx\n');
    expect(result.stdout).toMatch(/--total-timeout <ms> +stop the run after this many milliseconds, whatever each request takes\s+\(default 120000\)/);
    expect(result.stdout).toContain('At most 100 requests');
    expect(result.stdout).toContain('unless --allow-writes is given');
  });

  it('a wrong key on the first request is exit 3, never a pass', async () => {
    const mock = await startMockServerProcess();
    try {
      const result = await cli.run(['verify', '--base-url', mock.url, '--json'], { env: { PETSTORE_API_KEY: 'not-the-key' } });
      expect(result.code).toBe(3);
      const line = JSON.parse(result.stderr) as JsonErrorLine;
      expect(line.error).toMatchObject({ exitCode: 3, code: 'unauthorized' });
      const report = parseReport(result.stdout);
      expect(report.stopped).toMatchObject({ reason: 'unauthorized', caseId: 'listPets-200-default' });
      expect(report.requests).toBe(1);
      expect(result.stdout + result.stderr).not.toContain('not-the-key');
    } finally {
      await mock.stop();
    }
  });

  it('a --junit file that cannot be written is exit 2 naming the flag, after the report', async () => {
    const mock = await startMockServerProcess();
    try {
      const dir = await tempDirs.make();
      const result = await cli.run(['verify', '--base-url', mock.url, '--json', '--junit', join(dir, 'no-such-folder', 'verify.xml')], withKey);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`"message":"--junit ${join(dir, 'no-such-folder', 'verify.xml')}: cannot write the file (ENOENT)"`);
      expectConformant(parseReport(result.stdout));
    } finally {
      await mock.stop();
    }
  });

  it('a service answering each request just within --timeout is stopped by --total-timeout: exit 7, timeout, the rest skipped', async () => {
    const slow = await startStubServer((_request, response) => {
      setTimeout(() => sendJson(response, 200, []), 150);
    });
    try {
      const started = performance.now();
      const result = await cli.run(['verify', '--base-url', `${slow.origin}/v1`, '--timeout', '1000', '--total-timeout', '600', '--json'], withKey);
      const elapsed = performance.now() - started;
      expect(result.code).toBe(7);
      const line = JSON.parse(result.stderr) as JsonErrorLine;
      expect(line.error).toMatchObject({ exitCode: 7, code: 'timeout', message: 'the run did not finish within 600 ms (--total-timeout)' });
      const report = parseReport(result.stdout);
      expect(report.stopped).toMatchObject({ reason: 'timeout' });
      expect(report.requests).toBeLessThan(10);
      expect(report.results.at(-1)).toMatchObject({ outcome: 'skip', reason: 'the run stopped: the run did not finish within 600 ms' });
      // The child's start-up and the report on top of the 600 ms, on a busy machine.
      expect(elapsed).toBeLessThan(5_000);
    } finally {
      await slow.close();
    }
    const refused = await cli.run(['verify', '--base-url', 'http://127.0.0.1:1/v1', '--total-timeout', '0'], withKey);
    expect(refused).toMatchObject({ code: 2, stderr: 'error: --total-timeout must be whole milliseconds from 1 to 3600000, got "0"\n' });
  });

  it('no answer is exit 7', async () => {
    const closed = await startStubServer(() => {});
    await closed.close();
    const result = await cli.run(['verify', '--base-url', `${closed.origin}/v1`], withKey);
    expect(result.code).toBe(7);
    expect(result.stderr).toMatch(/^error: no answer from http:\/\/127\.0\.0\.1:\d+: /);
  });

  it('a contract violation is exit 1: the failure first, expected vs received, a curl without the key, the request id; hostile text escaped', async () => {
    const evil = 'x\u001b]0;owned\u0007\u202e<&>';
    // Answers every list with one animal and every other request with 200 too: no 401 anywhere.
    const stub = await startStubServer((_request, response) => sendJson(response, 200, [{ id: 1, name: evil, categoryId: 1, status: 'available' }], { 'x-request-id': 'req-\u009b2J-1' }));
    const dir = await tempDirs.make();
    const file = join(dir, 'report.xml');
    try {
      const result = await cli.run(['verify', '--base-url', `${stub.origin}/v1`, '--junit', file], withKey);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^error: \d+ cases violate the contract \(see the report\)\n$/);
      const firstCase = result.stdout.split('\n')[3];
      expect(firstCase).toMatch(/^FAIL {2}/);
      expect(result.stdout).toMatch(/^FAIL +listPets +401 +GET \/pets without a key → 401\n {4}status: expected 401, received 200\n/m);
      expect(result.stdout).toContain(`curl -i -X POST '${stub.origin}/v1/pets' -H "Authorization: Bearer $PETSTORE_API_KEY" -H 'Content-Type: application/json' --data-raw '{"name":"petstore-verify-`);
      // A header can carry a C1 control (CSI), not ESC itself.
      expect(result.stdout).toContain('request id req-\\u009b2J-1');
      // eslint-disable-next-line no-control-regex -- no raw control character may reach the terminal.
      expect(result.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
      expect(result.stdout).not.toContain(DEV_KEY);
      const xml = await readFile(file, 'utf8');
      const failures = (readJunit(xml).children[0]?.children ?? []).flatMap((testcase) => testcase.children.filter((child) => child.name === 'failure'));
      expect(failures.length).toBeGreaterThan(0);
      // The hostile name, read back: each control character a visible escape, the markup characters as they were.
      expect(failures.map((failure) => failure.text).join('\n')).toContain('x\\u001b]0;owned\\u0007\\u202e<&>');
      // eslint-disable-next-line no-control-regex -- none XML 1.0 forbids, nor a bidi override.
      expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u202e]/);
      expect(xml).toContain('&lt;&amp;&gt;');
      expect(xml).not.toContain(DEV_KEY);
      expect(xml).toMatch(/<testsuite [^>]* failures="[1-9]\d*"/);
    } finally {
      await stub.close();
    }
  });
});
