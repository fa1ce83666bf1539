/**
 * `petstore doctor` with the built binary against the mock server binary:
 * what it reports, where each setting came from, the one request, and its
 * exit code by the CLI's table.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { DoctorReport } from '../src/doctor/doctor-report.js';
import { startForwardProxy, type ForwardProxy } from '../../../test/support/forward-proxy.js';
import { startMockServerProcess, type MockServerProcess } from '../../../test/support/mock-server-process.js';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEV_KEY, createCli, createTempDirs, sendJson, startStubServer, type Cli, type JsonErrorLine, type StubServer } from './support.js';

const tempDirs = createTempDirs();
/** A port nothing listens on (port 1 is one fetch refuses outright). */
let deadUrl: string;
let mock: MockServerProcess;
let proxy: ForwardProxy;
let cli: Cli;
/** Answers every request with a 404 Error body (a base URL that reaches something else than the API). */
let stub404: StubServer;

beforeAll(async () => {
  let dead: ForwardProxy;
  [mock, proxy, dead, cli, stub404] = await Promise.all([
    startMockServerProcess(),
    startForwardProxy(),
    startForwardProxy(),
    createCli(tempDirs),
    startStubServer((_request, response) => sendJson(response, 404, { code: 'not_found', message: 'no such route', status: 404 })),
  ]);
  deadUrl = `${dead.url}/v1`;
  await dead.close();
});
afterAll(async () => {
  await Promise.all([mock.stop(), proxy.close(), stub404.close(), tempDirs.removeAll()]);
});

const doctor = (args: string[], env: Record<string, string> = {}) => cli.run(['doctor', ...args], { env: { PETSTORE_API_KEY: DEV_KEY, ...env } });
const reportOf = (stdout: string) => JSON.parse(stdout) as DoctorReport;

describe.concurrent('petstore doctor', () => {
  it('reports each setting with its source, then one request with status, time and request id; exit 0', async ({ expect }) => {
    const result = await doctor(['--json', '--base-url', mock.url], { NODE_EXTRA_CA_CERTS: '/nonexistent/ca.pem' });
    // Node.js itself warns about the unreadable file on stderr.
    expect(result.code).toBe(0);
    expect(result.stderr).not.toMatch(/^error:/m);
    const report = reportOf(result.stdout);
    expect(report).toMatchObject({
      node: process.version,
      profile: { name: 'mock', source: 'default' },
      baseUrl: { url: mock.url, source: 'flag' },
      apiKey: { source: 'environment' },
      proxy: { url: null, source: null, noProxyRule: null },
      extraCaCerts: { file: '/nonexistent/ca.pem', readable: false, certificates: null, problem: 'ENOENT' },
      request: { method: 'GET', url: `${mock.url}/pets?limit=1`, status: 200 },
      problems: [{ item: 'extraCaCerts', message: 'ENOENT' }],
    });
    expect(report.request?.requestId).toMatch(/\S/);
    expect(report.request?.ms).toBeGreaterThanOrEqual(0);
    expect(result.stdout).not.toContain(DEV_KEY);

    const text = await doctor(['--base-url', mock.url], { PETSTORE_PROFILE: 'mock' });
    expect(text).toMatchObject({ code: 0, stderr: '' });
    expect(text.stdout).toContain(`base URL        ${mock.url} (--base-url)`);
    expect(text.stdout).toContain('profile         mock (PETSTORE_PROFILE)');
    expect(text.stdout).toContain('API key         from PETSTORE_API_KEY');
    expect(text.stdout).toMatch(new RegExp(`request +GET ${mock.url}/pets\\?limit=1 → 200 in \\d+ ms, request id \\S+`));
    expect(text.stdout).not.toContain(DEV_KEY);
  });

  it('--jq filters the report, as on every command that prints JSON', async ({ expect }) => {
    const result = await doctor(['--base-url', mock.url, '--jq', '.request.status']);
    expect(result).toMatchObject({ code: 0, stdout: '200\n' });
  });

  it('a refused key: the report, the 401 with its request id, exit 4', async ({ expect }) => {
    const result = await doctor(['--json', '--base-url', mock.url], { PETSTORE_API_KEY: 'sk-doctor-wrong-key' });
    expect(result.code).toBe(4);
    expect(reportOf(result.stdout).request).toMatchObject({ status: 401, requestId: expect.stringMatching(/\S/) });
    expect((JSON.parse(result.stderr) as JsonErrorLine).error).toMatchObject({ exitCode: 4, code: 'unauthorized' });
    expect(result.stdout + result.stderr).not.toContain('sk-doctor-wrong-key');
  });

  it('no answer: exit 7, the request without a status but with the id it sent, in the report and the error', async ({ expect }) => {
    const result = await doctor(['--base-url', deadUrl]);
    expect(result.code).toBe(7);
    const id = new RegExp(`request +GET ${deadUrl}/pets\\?limit=1 → no answer after \\d+ ms, request id ([0-9a-f]{32})\n`).exec(result.stdout)?.[1];
    expect(id).toBeDefined();
    expect(result.stderr).toContain(`error: nothing is listening at ${new URL(deadUrl).origin}`);
    expect(result.stderr).toContain(`(request id ${id})`);
  });

  it('an answered 404 is exit 5, as for any command, its status and request id in the report', async ({ expect }) => {
    const result = await doctor(['--json', '--base-url', `${stub404.origin}/v1`]);
    expect(result.code).toBe(5);
    expect(reportOf(result.stdout).request).toMatchObject({ status: 404, requestId: 'stub-404' });
    expect((JSON.parse(result.stderr) as JsonErrorLine).error).toMatchObject({ exitCode: 5, status: 404, requestId: 'stub-404' });
  });

  it('no key: what it knows, the missing key explained, exit 3', async ({ expect }) => {
    const result = await cli.run(['doctor', '--base-url', mock.url]);
    expect(result.code).toBe(3);
    expect(result.stdout).toContain('API key         none — no API key for profile "mock" at');
    expect(result.stdout).toContain('proxy           none (no HTTP_PROXY or http_proxy set)\n');
    expect(result.stdout).toContain('request         not sent (see the problems above)');
  });

  it('a broken proxy variable: the key and every other item still reported, the variable explained, exit 3', async ({ expect }) => {
    const result = await doctor(['--base-url', mock.url], { HTTP_PROXY: 'socks5://proxy.example:1080' });
    expect(result.code).toBe(3);
    expect(result.stdout).toContain('API key         from PETSTORE_API_KEY\n');
    expect(result.stdout).toContain(`base URL        ${mock.url} (--base-url)\n`);
    expect(result.stdout).toMatch(/^proxy +unknown — HTTP_PROXY is a socks5:\/\/ proxy URL .*only http:\/\/ and https:\/\/ proxies are supported$/m);
    expect(result.stdout).toContain('request         not sent (see the problems above)');
    expect(result.stderr).toMatch(/^error: HTTP_PROXY is a socks5:/);

    const json = await doctor(['--json', '--base-url', mock.url], { HTTP_PROXY: 'socks5://proxy.example:1080' });
    const report = reportOf(json.stdout);
    expect(report).toMatchObject({ apiKey: { source: 'environment' }, proxy: null, request: null });
    expect(report.problems).toEqual([{ item: 'proxy', message: expect.stringMatching(/^HTTP_PROXY is a socks5:/) }]);
  });

  it('a broken HTTPS_PROXY with an http base URL: no proxy for the URL, yet the variable stops every command, so doctor says it', async ({ expect }) => {
    const result = await doctor(['--base-url', mock.url], { HTTPS_PROXY: 'socks5://proxy.example:1080' });
    expect(result.code).toBe(3);
    expect(result.stdout).toMatch(/^proxy +none \(no HTTP_PROXY or http_proxy set\) — HTTPS_PROXY is a socks5:/m);
    // What the check says is what a command meets.
    const list = await cli.run(['pets', 'list', '--base-url', mock.url], { env: { PETSTORE_API_KEY: DEV_KEY, HTTPS_PROXY: 'socks5://proxy.example:1080' } });
    expect(list.code).toBe(3);
  });

  it('no base URL: the key from the environment still reported, items that need the URL say so, exit 3', async ({ expect }) => {
    const result = await doctor(['--profile', 'production']);
    expect(result.code).toBe(3);
    expect(result.stdout).toContain('base URL        none — no base URL for profile "production"');
    expect(result.stdout).toContain('API key         from PETSTORE_API_KEY\n');
    // No proxy variable at all: direct, whatever the URL.
    expect(result.stdout).toContain('proxy           none (no proxy variable set)\n');
    const withProxy = await doctor(['--profile', 'production'], { HTTPS_PROXY: proxy.url });
    expect(withProxy.stdout).toContain('proxy           unknown (needs the base URL)\n');
    const report = reportOf((await doctor(['--json', '--profile', 'production'])).stdout);
    expect(report).toMatchObject({ profile: { name: 'production', source: 'flag' }, baseUrl: null, apiKey: { source: 'environment' } });
    expect(report.problems.map(({ item }) => item)).toEqual(['baseUrl']);
  });

  it('a broken profile name: the key still reported, the base URL known only from a flag', async ({ expect }) => {
    const result = await doctor(['--base-url', mock.url], { PETSTORE_PROFILE: 'Not A Name' });
    expect(result.code).toBe(3);
    expect(result.stdout).toMatch(/^profile +unknown — PETSTORE_PROFILE must be /m);
    expect(result.stdout).toContain(`base URL        ${mock.url} (--base-url)\n`);
    expect(result.stdout).toContain('API key         from PETSTORE_API_KEY\n');
    const noFlag = await doctor([], { PETSTORE_PROFILE: 'Not A Name' });
    expect(noFlag.stdout).toContain('base URL        unknown (needs the profile)\n');
  });

  it('NODE_EXTRA_CA_CERTS: the certificates counted; a readable file without one reported, the exit left to the request', async ({ expect }) => {
    const dir = await tempDirs.make('petstore-doctor-ca-');
    const notPem = join(dir, 'hostname');
    await writeFile(notPem, 'build-host\n');
    const result = await doctor(['--base-url', mock.url], { NODE_EXTRA_CA_CERTS: notPem });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`CA certificates NODE_EXTRA_CA_CERTS=${notPem} — holds no PEM certificate (-----BEGIN CERTIFICATE-----)\n`);
    expect(result.stdout).toMatch(/^request +GET .* → 200 in /m);
  });

  it('shows the proxy in effect and its variable, and the request goes through it', async ({ expect }) => {
    const before = proxy.forwarded.length;
    const result = await doctor(['--json', '--base-url', mock.url], { HTTP_PROXY: proxy.url.replace('http://', 'http://user:hunter2@'), HTTPS_PROXY: 'http://unused.example:1' });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(reportOf(result.stdout).proxy).toEqual({ url: proxy.url.replace('http://', 'http://****:****@'), source: 'HTTP_PROXY', noProxyRule: null });
    expect(proxy.forwarded.slice(before)).toContain(`GET ${mock.url}/pets?limit=1`);
    expect(result.stdout).not.toContain('hunter2');
  });

  it('shows the NO_PROXY rule that matches the base URL', async ({ expect }) => {
    const result = await doctor(['--base-url', mock.url], { http_proxy: proxy.url, no_proxy: `example.org, 127.0.0.1:${new URL(mock.url).port}` });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain(`proxy           none: no_proxy rule "127.0.0.1:${new URL(mock.url).port}" matches the base URL`);
  });
});
