// Who the CLI says it is, and the request id of each call, as the built binary
// shows them: in --debug (every attempt, and the wait before a retry), in
// errors (text and --json), and in the mock server's journal.
import { createRequire } from 'node:module';
import { DEV_API_KEY } from '@petstore/mock-server';
import type { RecordedRequest } from '@petstore/mock-server';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startMockServerProcess, type MockServerProcess } from '../../../test/support/mock-server-process.js';
import { cliVersion, createCli, createTempDirs, type JsonErrorLine } from './support.js';

const tempDirs = createTempDirs();
const withKey = { env: { PETSTORE_API_KEY: DEV_API_KEY, PETSTORE_NO_DEPRECATION_WARNING: '1' } };
const ID = '[\\da-f]{32}';
const sdkVersion = (createRequire(import.meta.url)('@petstore/sdk/package.json') as { version: string }).version;

let server: MockServerProcess;
let admin: string;
const headers = { authorization: `Bearer ${DEV_API_KEY}`, 'content-type': 'application/json' };
const journal = async (requestId: string): Promise<RecordedRequest[]> =>
  (await (await fetch(`${admin}/requests?requestId=${requestId}`, { headers })).json()) as RecordedRequest[];

beforeAll(async () => {
  server = await startMockServerProcess();
  admin = `${new URL(server.url).origin}/__admin`;
});
afterAll(() => server.stop());

describe('the CLI and request ids', () => {
  it('--debug shows each attempt with its request id, the same for every attempt, and the status and wait before the retry; the journal has the CLI\'s User-Agent', async ({ expect }) => {
    await fetch(`${admin}/faults`, { method: 'POST', headers, body: JSON.stringify({ operation: 'listPets', status: 429, retryAfter: 1 }) });
    const { run } = await createCli(tempDirs);
    const result = await run(['pets', 'list', '--limit', '1', '--debug', '--base-url', server.url], withKey);
    expect(result.code).toBe(0);
    const lines = result.stderr.trimEnd().split('\n');
    const requestId = /\(request id ([\da-f]{32})\)$/.exec(lines[0] ?? '')?.[1] ?? '';
    const url = `${server.url}/pets?limit=1`.replaceAll('.', '\\.').replaceAll('?', '\\?');
    // The debug lines, then the note that 1 animal is the whole page --limit 1 asks for.
    expect(lines).toHaveLength(4);
    expect(lines[3]).toMatch(/^note: 1 animal, the most --limit 1 returns; /);
    expect(lines[0]).toMatch(new RegExp(`^debug: GET ${url} → 429 in \\d+ ms \\(request id ${ID}\\)$`));
    expect(lines[1]).toBe(`debug: 429, retrying in 1.0 s (Retry-After) (request id ${requestId})`);
    expect(lines[2]).toMatch(new RegExp(`^debug: GET ${url} → 200 in \\d+ ms \\(request id ${requestId}\\)$`));
    const attempts = await journal(requestId);
    expect(attempts.map((entry) => entry.status)).toEqual([429, 200]);
    for (const entry of attempts) {
      expect(entry.headers['user-agent']).toBe(`petstore-cli/${cliVersion} petstore-sdk/${sdkVersion} (node/${process.versions.node})`);
    }
  });

  it('a failed request names its request id, in text and in --json, the one the journal has', async ({ expect }) => {
    const { run } = await createCli(tempDirs);
    const json = await run(['pets', 'get', '999999', '--json', '--base-url', server.url], withKey);
    expect(json.code).toBe(5);
    const { error } = JSON.parse(json.stderr) as JsonErrorLine;
    expect(error.requestId).toMatch(new RegExp(`^${ID}$`));
    expect((await journal(error.requestId ?? '')).map((entry) => entry.status)).toEqual([404]);
    const text = await run(['pets', 'get', '999999', '--base-url', server.url], withKey);
    expect(text.stderr).toMatch(new RegExp(`^error: 404 not_found: .*, request id ${ID}\\)\\n$`));
  });

  it('a request that got no answer names the request id it sent, in text and in --json', async ({ expect }) => {
    await fetch(`${admin}/faults`, { method: 'POST', headers, body: JSON.stringify({ operation: 'listPets', kind: 'reset', times: 3 }) });
    const { run } = await createCli(tempDirs);
    const text = await run(['pets', 'list', '--base-url', server.url], withKey);
    expect(text.code).toBe(7);
    const requestId = new RegExp(`\\(request id (${ID})\\)\\n$`).exec(text.stderr)?.[1] ?? '';
    expect(text.stderr).toMatch(/^error: .* closed the connection before answering/);
    expect((await journal(requestId)).map((entry) => entry.fault)).toEqual(['reset', 'reset', 'reset']);
    await fetch(`${admin}/faults`, { method: 'POST', headers, body: JSON.stringify({ operation: 'listPets', kind: 'reset', times: 3 }) });
    const json = await run(['pets', 'list', '--json', '--base-url', server.url], withKey);
    expect((JSON.parse(json.stderr) as JsonErrorLine).error).toMatchObject({ exitCode: 7, code: 'connection_reset', requestId: expect.stringMatching(new RegExp(`^${ID}$`)) });
  });

  it('--debug gives every attempt that got no answer its line, the last one too, with the URL\'s query, a time in whole ms and the request id; the waits in between', async ({ expect }) => {
    await fetch(`${admin}/faults`, { method: 'POST', headers, body: JSON.stringify({ operation: 'listPets', kind: 'reset', times: 3 }) });
    const { run } = await createCli(tempDirs);
    const result = await run(['pets', 'list', '--limit', '2', '--debug', '--base-url', server.url], withKey);
    expect(result.code).toBe(7);
    const requestId = new RegExp(`\\(request id (${ID})\\)\\n$`).exec(result.stderr)?.[1] ?? '';
    const url = `${server.url}/pets?limit=2`.replaceAll('.', '\\.').replaceAll('?', '\\?');
    const attempt = `debug: GET ${url} → connection reset \\(\\w+\\) in \\d+ ms \\(request id ${requestId}\\)`;
    const retry = `debug: connection reset \\(\\w+\\), retrying in \\d\\.\\d s \\(request id ${requestId}\\)`;
    expect(result.stderr).toMatch(new RegExp(`^${attempt}\\n${retry}\\n${attempt}\\n${retry}\\n${attempt}\\nerror: `));
  });
  it('petstore verify says who it is too: every request it sends carries the CLI\'s User-Agent', async ({ expect }) => {
    await fetch(`${admin}/reset`, { method: 'POST', headers: { authorization: headers.authorization } });
    const { run } = await createCli(tempDirs);
    const result = await run(['verify', '--base-url', server.url, '--json'], withKey);
    expect(result.code).toBe(0);
    const sent = (await (await fetch(`${admin}/requests`, { headers })).json()) as RecordedRequest[];
    expect(sent.length).toBeGreaterThan(10);
    expect(new Set(sent.map((entry) => entry.headers['user-agent']))).toEqual(new Set([`petstore-cli/${cliVersion} petstore-sdk/${sdkVersion} (node/${process.versions.node})`]));
  });
});
