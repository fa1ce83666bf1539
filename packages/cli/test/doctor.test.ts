/**
 * `petstore doctor` with the built binary against the mock server binary:
 * what it reports, where each setting came from, the one request, and its
 * exit code by the CLI's table.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { DoctorReport } from '../src/commands/doctor.js';
import { startForwardProxy, type ForwardProxy } from '../../../test/support/forward-proxy.js';
import { startMockServerProcess, type MockServerProcess } from '../../../test/support/mock-server-process.js';
import { DEV_KEY, createCli, createTempDirs, type Cli, type JsonErrorLine } from './support.js';

const tempDirs = createTempDirs();
/** A port nothing listens on (port 1 is one fetch refuses outright). */
let deadUrl: string;
let mock: MockServerProcess;
let proxy: ForwardProxy;
let cli: Cli;

beforeAll(async () => {
  let dead: ForwardProxy;
  [mock, proxy, dead, cli] = await Promise.all([startMockServerProcess(), startForwardProxy(), startForwardProxy(), createCli(tempDirs)]);
  deadUrl = `${dead.url}/v1`;
  await dead.close();
});
afterAll(async () => {
  await Promise.all([mock.stop(), proxy.close(), tempDirs.removeAll()]);
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
      extraCaCerts: { file: '/nonexistent/ca.pem', readable: false, problem: 'ENOENT' },
      request: { method: 'GET', url: `${mock.url}/pets?limit=1`, status: 200 },
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

  it('no answer: exit 7, the request without a status', async ({ expect }) => {
    const result = await doctor(['--base-url', deadUrl]);
    expect(result.code).toBe(7);
    expect(result.stdout).toMatch(new RegExp(`request +GET ${deadUrl}/pets\\?limit=1 → no answer after \\d+ ms`));
    expect(result.stderr).toContain(`error: nothing is listening at ${new URL(deadUrl).origin}`);
  });

  it('no key: what it knows, exit 3', async ({ expect }) => {
    const result = await cli.run(['doctor', '--base-url', mock.url]);
    expect(result.code).toBe(3);
    expect(result.stdout).toContain('API key         none');
    expect(result.stdout).toContain('request         not sent');
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
