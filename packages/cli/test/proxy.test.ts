/**
 * The built `petstore` behind a real forward proxy on loopback
 * (test/support/forward-proxy.ts counts what passes through it), against the
 * mock server binary: HTTP_PROXY (absolute-form forwarding), HTTPS_PROXY (a
 * CONNECT tunnel to TLS in front of the mock), NO_PROXY, lower-case names
 * winning, and each way a proxy fails.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startForwardProxy, type ForwardProxy } from '../../../test/support/forward-proxy.js';
import { startMockServerProcess, type MockServerProcess } from '../../../test/support/mock-server-process.js';
import { startSilentServer } from '../../../test/support/silent-server.js';
import { hasOpenssl, startTlsFront, type TlsFront } from '../../../test/support/tls-front.js';
import { DEV_KEY, PROXY_MARKERS, canListLoadedFiles, createCli, createTempDirs, filesLoadedBy, type Cli, type CliResult, type JsonErrorLine } from './support.js';

const tempDirs = createTempDirs();
let mock: MockServerProcess;
let proxy: ForwardProxy;
let cli: Cli;
/** A closed port: a proxy that refuses every connection. */
let deadProxy: string;

beforeAll(async () => {
  let dead: ForwardProxy;
  [mock, proxy, dead, cli] = await Promise.all([startMockServerProcess(['--seed', '12']), startForwardProxy(), startForwardProxy(), createCli(tempDirs)]);
  deadProxy = dead.url;
  await dead.close();
});
afterAll(async () => {
  await Promise.all([mock.stop(), proxy.close(), tempDirs.removeAll()]);
});

/** `pets list -L 2` with the development key and these variables. */
const list = (env: Record<string, string>, baseUrl = mock.url, args: string[] = [], onSpawn?: (child: ChildProcess) => void) =>
  cli.run(['pets', 'list', '-L', '2', '--base-url', baseUrl, ...args], { env: { PETSTORE_API_KEY: DEV_KEY, ...env }, ...(onSpawn && { onSpawn }) });

/** All `list` prints on stderr when it succeeds: the note that its 2 animals are the whole page -L 2 asks for. */
const FULL_PAGE = /^note: 2 animals, the most --limit 2 returns; [^\n]*\n$/;

/** What the proxy counts across one step of a test (tests in this file run one after another). */
async function counted<T>(step: () => Promise<T>): Promise<{ result: T; forwarded: string[]; tunnels: string[] }> {
  const [forwarded, tunnels] = [proxy.forwarded.length, proxy.tunnels.length];
  const result = await step();
  return { result, forwarded: proxy.forwarded.slice(forwarded), tunnels: proxy.tunnels.slice(tunnels) };
}

/** A run, and how long its process lived after its first output on stderr (its error line). */
async function timedRun(step: (onSpawn: (child: ChildProcess) => void) => Promise<CliResult>): Promise<{ result: CliResult; lingeredMs: number }> {
  let errorAt: number | undefined;
  let exitAt = 0;
  const result = await step((child) => {
    child.stderr?.once('data', () => (errorAt = performance.now()));
    child.once('exit', () => (exitAt = performance.now()));
  });
  return { result, lingeredMs: exitAt - (errorAt ?? exitAt) };
}

/** An error line without the request id every failed request's line ends with (request-identity.test.ts checks it). */
const withoutRequestId = (stderr: string): string => stderr.replace(/ \(request id [\da-f]{32}\)\n$/, '\n');

describe('petstore behind a proxy', () => {
  it('petstore api goes through the proxy as the other commands do, and a dead proxy is told the same way', async ({ expect }) => {
    const api = (env: Record<string, string>, args: string[]) => cli.run(['api', ...args, '--base-url', mock.url], { env: { PETSTORE_API_KEY: DEV_KEY, ...env } });
    const { result, forwarded } = await counted(() => api({ HTTP_PROXY: proxy.url }, ['GET', 'pets', '-f', 'limit=2']));
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(result.stdout)).toHaveLength(2);
    expect(forwarded).toEqual([`GET ${mock.url}/pets?limit=2`]);
    const [dead, listed] = await Promise.all([api({ http_proxy: deadProxy }, ['pets']), list({ http_proxy: deadProxy })]);
    expect(dead.code).toBe(7);
    expect(withoutRequestId(dead.stderr)).toBe(withoutRequestId(listed.stderr));
  });

  it('HTTP_PROXY: an http URL goes through the proxy in absolute form, loopback included (as curl)', async ({ expect }) => {
    const { result, forwarded } = await counted(() => list({ HTTP_PROXY: proxy.url }));
    expect(result).toMatchObject({ code: 0, stderr: expect.stringMatching(FULL_PAGE) });
    expect(result.stdout.trim().split('\n')).toHaveLength(2);
    expect(forwarded).toEqual([`GET ${mock.url}/pets?limit=2`]);
  });

  it('http_proxy wins over HTTP_PROXY, no_proxy over NO_PROXY', async ({ expect }) => {
    const lower = await counted(() => list({ HTTP_PROXY: deadProxy, http_proxy: proxy.url }));
    expect(lower.result.code).toBe(0);
    expect(lower.forwarded).toHaveLength(1);
    const noProxy = await counted(() => list({ http_proxy: proxy.url, NO_PROXY: '*', no_proxy: 'other.example' }));
    expect(noProxy.result.code).toBe(0);
    expect(noProxy.forwarded).toHaveLength(1);
  });

  it.for([
    ['an IP address', '127.0.0.1', ''],
    ['host:port', 'PORT', ''],
    ['a domain suffix', 'example.org,.localhost', 'localhost'],
    ['*', '*', ''],
  ] as const)('NO_PROXY with %s bypasses the proxy', async ([, rule, host], { expect }) => {
    const { port } = new URL(mock.url);
    const baseUrl = host ? mock.url.replace('127.0.0.1', host) : mock.url;
    const { result, forwarded } = await counted(() => list({ HTTP_PROXY: proxy.url, NO_PROXY: rule.replace('PORT', `127.0.0.1:${port}`) }, baseUrl));
    expect(result).toMatchObject({ code: 0, stderr: expect.stringMatching(FULL_PAGE) });
    expect(forwarded).toEqual([]);
  });

  it('NO_PROXY compares IPv6 entries as addresses: 0:0:0:0:0:0:0:1 bypasses the proxy for [::1]', async ({ expect }) => {
    const mock6 = await startMockServerProcess(['--host', '::1', '--seed', '2']);
    try {
      expect(mock6.url).toContain('[::1]');
      const { result, forwarded } = await counted(() => list({ HTTP_PROXY: proxy.url, NO_PROXY: '0:0:0:0:0:0:0:1' }, mock6.url));
      expect(result).toMatchObject({ code: 0, stderr: expect.stringMatching(FULL_PAGE) });
      expect(forwarded).toEqual([]);
    } finally {
      await mock6.stop();
    }
  });

  it('NO_PROXY for another port does not bypass', async ({ expect }) => {
    const { result, forwarded } = await counted(() => list({ HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1:1' }));
    expect(result.code).toBe(0);
    expect(forwarded).toHaveLength(1);
  });

  it.skipIf(!hasOpenssl)('HTTPS_PROXY: an https URL goes through a CONNECT tunnel', async ({ expect }) => {
    const tls: TlsFront = await startTlsFront(new URL(mock.url).origin);
    try {
      const { result, tunnels, forwarded } = await counted(() =>
        list({ HTTPS_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: tls.certFile }, `${tls.origin}/v1`),
      );
      expect(result).toMatchObject({ code: 0, stderr: expect.stringMatching(FULL_PAGE) });
      expect(result.stdout.trim().split('\n')).toHaveLength(2);
      expect(tunnels).toEqual([new URL(tls.origin).host]);
      expect(forwarded).toEqual([]);
    } finally {
      await tls.close();
    }
  });

  it('a proxy that refuses the connection: exit 7, naming the proxy (password hidden) and its variable', async ({ expect }) => {
    const withPassword = deadProxy.replace('http://', 'http://user:hunter2@');
    const text = await list({ http_proxy: withPassword });
    expect(text).toMatchObject({ code: 7, stdout: '' });
    expect(withoutRequestId(text.stderr)).toBe(
      `error: the proxy ${deadProxy.replace('http://', 'http://****:****@')} (from http_proxy) could not be reached: connection refused (ECONNREFUSED); check http_proxy, or set NO_PROXY=127.0.0.1 to connect to it directly\n`,
    );
    const json = await list({ HTTP_PROXY: deadProxy }, mock.url, ['--json']);
    expect(json.code).toBe(7);
    expect(JSON.parse(json.stderr)).toMatchObject({ error: { exitCode: 7, code: 'proxy_failed' } } satisfies { error: Partial<JsonErrorLine['error']> });
    expect(json.stderr).not.toContain('hunter2');
  });

  it('a proxy that asks for credentials (407) or refuses CONNECT (403): exit 7, saying so', async ({ expect }) => {
    const [locked, refusing] = await Promise.all([startForwardProxy({ credentials: 'user:right' }), startForwardProxy({ refuseConnect: 403 })]);
    try {
      const noCredentials = await list({ HTTP_PROXY: locked.url });
      expect(noCredentials.code).toBe(7);
      expect(noCredentials.stderr).toContain(`error: the proxy ${locked.url} (from HTTP_PROXY) asks for credentials (407 Proxy Authentication Required)`);
      const withCredentials = await list({ HTTP_PROXY: locked.url.replace('http://', 'http://user:right@') });
      expect(withCredentials.code).toBe(0);
      const tunnel = await list({ HTTPS_PROXY: refusing.url }, 'https://api.example.test/v1');
      expect(tunnel.code).toBe(7);
      expect(withoutRequestId(tunnel.stderr)).toBe(
        `error: the proxy ${refusing.url} (from HTTPS_PROXY) does not allow this destination (403); ask the proxy's administrator, or set NO_PROXY=api.example.test to connect to it directly\n`,
      );
    } finally {
      await Promise.all([locked.close(), refusing.close()]);
    }
  });

  it.skipIf(!canListLoadedFiles)('the proxy support loads only when a proxy variable is set', async ({ expect }) => {
    const args = ['pets', 'list', '-L', '1', '--base-url', mock.url];
    const holdsProxyCode = (files: [string, string][]) => PROXY_MARKERS.map((marker) => files.some(([, text]) => text.includes(marker)));
    const [direct, proxied] = await Promise.all([
      filesLoadedBy(args, { PETSTORE_API_KEY: DEV_KEY, PETSTORE_CONFIG_DIR: cli.configDir }),
      filesLoadedBy(args, { PETSTORE_API_KEY: DEV_KEY, PETSTORE_CONFIG_DIR: cli.configDir, HTTP_PROXY: proxy.url }),
    ]);
    expect(holdsProxyCode(direct)).toEqual([false, false]);
    expect(holdsProxyCode(proxied)).toEqual([true, true]);
  });

  it('a proxy variable that is not a URL: exit 3 naming it, before any request', async ({ expect }) => {
    const { result, forwarded } = await counted(() => list({ HTTPS_PROXY: 'http://proxy example:3128' }));
    expect(result).toMatchObject({ code: 3, stdout: '', stderr: 'error: HTTPS_PROXY is not a proxy URL (got "http://proxy example:3128"); expected http://HOST:PORT\n' });
    expect(forwarded).toEqual([]);
  });

  it('a proxy variable with a query: the error quotes it without the query or fragment, where a token may be', async ({ expect }) => {
    const { result, forwarded } = await counted(() => list({ HTTP_PROXY: `${proxy.url}/?token=s3cret#more` }));
    expect(result).toMatchObject({
      code: 3,
      stdout: '',
      stderr: `error: HTTP_PROXY is not a proxy URL (got "${proxy.url}/?…"): a proxy URL has no path, query or fragment; expected http://HOST:PORT\n`,
    });
    expect(result.stderr).not.toContain('s3cret');
    expect(forwarded).toEqual([]);
  });

  it("a forwarding proxy's own refusal (403, its HTML page) is the proxy's: exit 7 naming it, not the API's 403; the API's 404 through it stays exit 5", async ({ expect }) => {
    const refusing = await startForwardProxy({ refuseForward: 403 });
    try {
      const { result, forwarded } = await counted(() => list({ HTTP_PROXY: refusing.url.replace('http://', 'http://token123@') }));
      expect(result).toMatchObject({ code: 7, stdout: '' });
      expect(forwarded).toEqual([]);
      expect(withoutRequestId(result.stderr)).toBe(
        `error: the proxy ${refusing.url.replace('http://', 'http://****@')} (from HTTP_PROXY) does not allow this destination (403) ("Access denied by policy"); ask the proxy's administrator, or set NO_PROXY=127.0.0.1 to connect to it directly\n`,
      );
      expect(result.stderr).not.toContain('token123');
      const json = await list({ HTTP_PROXY: refusing.url }, mock.url, ['--json']);
      expect(JSON.parse(json.stderr)).toMatchObject({ error: { exitCode: 7, code: 'proxy_failed', status: 403 } } satisfies { error: Partial<JsonErrorLine['error']> });
    } finally {
      await refusing.close();
    }
    const notFound = await cli.run(['pets', 'get', '999999', '--base-url', mock.url], { env: { PETSTORE_API_KEY: DEV_KEY, HTTP_PROXY: proxy.url, PETSTORE_NO_DEPRECATION_WARNING: '1' } });
    expect(notFound.code).toBe(5);
    expect(notFound.stderr).toMatch(/^error: 404 not_found: /);
  });

  it("a forwarding proxy that cannot reach the API (its 502) says so, not the API's 502", async ({ expect }) => {
    const result = await list({ HTTP_PROXY: proxy.url }, `${deadProxy}/v1`);
    expect(result.code).toBe(7);
    expect(result.stderr).toContain(`error: the proxy ${proxy.url} (from HTTP_PROXY) could not connect to the API (502) ("bad gateway")`);
  });

  it('a proxy that never answers CONNECT: the timeout names it, and petstore exits as soon as it has said so', async ({ expect }) => {
    const silent = await startSilentServer();
    try {
      const { result, lingeredMs } = await timedRun((onSpawn) => list({ HTTPS_PROXY: `http://${silent.host}` }, 'https://api.example.test/v1', ['--timeout', '1000'], onSpawn));
      expect(result.code).toBe(7);
      expect(withoutRequestId(result.stderr)).toBe(
        `error: no answer from https://api.example.test through the proxy http://${silent.host} (from HTTPS_PROXY) within 1000 ms; reads are tried 3 times. Wait longer with --timeout MS\n`,
      );
      expect(lingeredMs).toBeLessThan(1500);
    } finally {
      await silent.close();
    }
  });

  it('an https URL whose server never completes TLS: petstore exits as soon as it has printed the timeout', async ({ expect }) => {
    const silent = await startSilentServer();
    try {
      const { result, lingeredMs } = await timedRun((onSpawn) => list({}, `https://${silent.host}/v1`, ['--timeout', '1000'], onSpawn));
      expect(result.code).toBe(7);
      expect(result.stderr).toMatch(/^error: no answer from https:\/\/127\.0\.0\.1:\d+ within 1000 ms/);
      // Node.js's fetch would keep trying the handshake up to its 10 s connect timeout.
      expect(lingeredMs).toBeLessThan(1500);
    } finally {
      await silent.close();
    }
  });

  it.skipIf(!hasOpenssl)('an https:// proxy given as an IP address works, with no warning; one whose certificate is not trusted is named, not retried', async ({ expect }) => {
    const tls = await startTlsFront(proxy.url);
    const tlsProxy = tls.origin.replace('localhost', '127.0.0.1');
    try {
      const trusted = await list({ HTTP_PROXY: tlsProxy, NODE_EXTRA_CA_CERTS: tls.certFile });
      expect(trusted).toMatchObject({ code: 0, stderr: expect.stringMatching(FULL_PAGE) });
      const untrusted = await list({ HTTP_PROXY: tlsProxy }, mock.url, ['--debug']);
      expect(untrusted.code).toBe(7);
      // One attempt: its debug line, no retry, then the error.
      const [attempt, error, ...rest] = untrusted.stderr.split('\n');
      expect(attempt).toMatch(new RegExp(`^debug: GET .* → the proxy ${tlsProxy.replaceAll('.', '\\.')} \\(from HTTP_PROXY\\): TLS failure \\(DEPTH_ZERO_SELF_SIGNED_CERT\\) in \\d+ ms`));
      expect(untrusted.stderr).not.toContain('retrying');
      expect(rest).toEqual(['']);
      expect(withoutRequestId(`${error}\n`)).toBe(
        `error: the proxy ${tlsProxy} (from HTTP_PROXY): TLS failure (DEPTH_ZERO_SELF_SIGNED_CERT); check that the proxy speaks TLS (else give it as http://) and that its certificate is valid (NODE_EXTRA_CA_CERTS adds a private certificate authority), or set NO_PROXY=127.0.0.1 to connect to it directly\n`,
      );
    } finally {
      await tls.close();
    }
  });
});
