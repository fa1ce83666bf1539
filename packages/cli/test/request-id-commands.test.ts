// The request id in what `auth login` and `verify` report, as the built binary
// shows it: each request they send carries an X-Request-Id (verify's too, as
// the client's do), and each of their errors names it, in text and in --json,
// the one the mock server's journal has.
import { DEV_API_KEY } from '@petstore/mock-server';
import type { RecordedRequest } from '@petstore/mock-server';
import type { ConformanceReport } from '@petstore/sdk/conformance';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startMockServerProcess, type MockServerProcess } from '../../../test/support/mock-server-process.js';
import { createCli, createTempDirs, startStubServer, type Cli, type JsonErrorLine } from './support.js';

const tempDirs = createTempDirs();
const ID = /^[0-9a-f]{32}$/;
const WRONG_KEY = 'sk-request-id-wrong-key';

let server: MockServerProcess;
let cli: Cli;
/** A base URL where nothing listens. */
let deadUrl: string;
const headers = { authorization: `Bearer ${DEV_API_KEY}` };
const journal = async (query = ''): Promise<RecordedRequest[]> =>
  (await (await fetch(`${new URL(server.url).origin}/__admin/requests${query}`, { headers })).json()) as RecordedRequest[];

beforeAll(async () => {
  const dead = await startStubServer(() => {});
  await dead.close();
  deadUrl = `${dead.origin}/v1`;
  [server, cli] = await Promise.all([startMockServerProcess(), createCli(tempDirs)]);
});
afterAll(async () => {
  await Promise.all([server.stop(), tempDirs.removeAll()]);
});

describe('auth login names the request id of its check', () => {
  it('a refused key: the id in --json and in text, the one the journal has', async ({ expect }) => {
    const json = await cli.run(['auth', 'login', '--with-token', '--base-url', server.url, '--json'], { stdin: `${WRONG_KEY}\n` });
    expect(json.code).toBe(4);
    const { error } = JSON.parse(json.stderr) as JsonErrorLine;
    expect(error).toMatchObject({ exitCode: 4, code: 'unauthorized', requestId: expect.stringMatching(ID) });
    expect((await journal(`?requestId=${error.requestId}`)).map((entry) => entry.status)).toEqual([401]);
    const text = await cli.run(['auth', 'login', '--with-token', '--base-url', server.url], { stdin: `${WRONG_KEY}\n` });
    expect(text.stderr).toMatch(/^error: the API key was refused by .* \(401\); nothing was stored \(request id [0-9a-f]{32}\)\n$/);
    expect(json.stderr + text.stderr).not.toContain(WRONG_KEY);
  });

  it('no answer: the id it sent', async ({ expect }) => {
    const json = await cli.run(['auth', 'login', '--with-token', '--base-url', deadUrl, '--json'], { stdin: `${WRONG_KEY}\n` });
    expect(json.code).toBe(7);
    expect((JSON.parse(json.stderr) as JsonErrorLine).error).toMatchObject({ exitCode: 7, code: 'connection_refused', requestId: expect.stringMatching(ID) });
  });
});

describe('verify sends a request id with each request and names it', () => {
  it('every request carries its own X-Request-Id, the one the report gives each case', async ({ expect }) => {
    await fetch(`${new URL(server.url).origin}/__admin/reset`, { method: 'POST', headers });
    const result = await cli.run(['verify', '--base-url', server.url, '--json'], { env: { PETSTORE_API_KEY: DEV_API_KEY } });
    expect(result.code).toBe(0);
    const sent = (await journal()).map((entry) => entry.headers['x-request-id']);
    expect(sent.length).toBeGreaterThan(10);
    for (const id of sent) expect(id).toMatch(ID);
    expect(new Set(sent).size).toBe(sent.length);
    const report = JSON.parse(result.stdout) as ConformanceReport;
    expect(report.results.flatMap((entry) => (entry.request ? [entry.request.requestId] : []))).toEqual(sent);
    // The mock echoes the id: the answer's is the one sent.
    for (const entry of report.results) if (entry.response) expect(entry.response.requestId).toBe(entry.request?.requestId);
  });

  it('a refused key stops the run: the error names the request, in --json and in text', async ({ expect }) => {
    const json = await cli.run(['verify', '--base-url', server.url, '--json'], { env: { PETSTORE_API_KEY: WRONG_KEY } });
    expect(json.code).toBe(3);
    const { error } = JSON.parse(json.stderr) as JsonErrorLine;
    const report = JSON.parse(json.stdout) as ConformanceReport;
    expect(error).toMatchObject({ exitCode: 3, code: 'unauthorized', requestId: report.stopped?.requestId });
    expect(error.requestId).toMatch(ID);
    expect((await journal(`?requestId=${error.requestId}`)).map((entry) => entry.status)).toEqual([401]);
    const text = await cli.run(['verify', '--base-url', server.url], { env: { PETSTORE_API_KEY: WRONG_KEY } });
    expect(text.stderr).toMatch(/^error: the API key was refused \(401\) by .* \(request id [0-9a-f]{32}\)\n$/);
    expect(text.stdout).toMatch(/stopped: the API key was refused \(401\) by \S+ \(request id [0-9a-f]{32}\)\n$/);
  });

  it('no answer stops the run: the error names the id it sent', async ({ expect }) => {
    const json = await cli.run(['verify', '--base-url', deadUrl, '--json'], { env: { PETSTORE_API_KEY: DEV_API_KEY } });
    expect(json.code).toBe(7);
    expect((JSON.parse(json.stderr) as JsonErrorLine).error).toMatchObject({ exitCode: 7, code: 'connection_failed', requestId: expect.stringMatching(ID) });
  });
});
