/**
 * `petstore api [METHOD] PATH` on the built binary against the built mock
 * server (and a node:http stub for what the mock never answers): fields,
 * bodies, headers, -i, --jq, exit codes by status, the paths refused, and the
 * key in no output.
 */
import { writeFile } from 'node:fs/promises';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Pet } from '@petstore/sdk/contract';
import { GET_PET_DEPRECATION, GET_PET_SUNSET } from '@petstore/sdk/values';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startMockServerProcess, type MockServerProcess } from '../../../test/support/mock-server-process.js';
import { createCli, createTempDirs, inTerminal, sendJson, startStubServer, type CliResult, type CliRunOptions, type StubServer } from './support.js';

/** The only key the mock server accepts: it must show up in no output. */
const SECRET_KEY = 'sk-api-Hq4mWz9TnB2xLc7V';

const tempDirs = createTempDirs();
let server: MockServerProcess;
let stub: StubServer;
/** The path and headers of each request the stub received, in order. */
const stubRequests: { url: string; headers: IncomingHttpHeaders }[] = [];

function stubHandler(request: IncomingMessage, response: ServerResponse): void {
  stubRequests.push({ url: request.url ?? '/', headers: request.headers });
  request.resume();
  const scenario = (request.url ?? '/').split('/')[1];
  if (scenario === 'unavailable') return sendJson(response, 503, { code: 'service_unavailable', message: 'down for maintenance', status: 503 }, { 'retry-after': '0' });
  if (scenario === 'hang') return;
  if (scenario === 'huge') {
    // Past the 10 MiB bound, then an endless trickle: the CLI must stop reading at the bound.
    response.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    for (let sent = 0; sent < 11; sent++) response.write(chunk);
    return;
  }
  if (scenario === 'text') {
    response.writeHead(200, { 'content-type': 'text/plain' });
    return void response.end('plain \u001b[31mred\u001b[39m text');
  }
  sendJson(response, 200, { echoed: true });
}

beforeAll(async () => {
  [server, stub] = await Promise.all([startMockServerProcess(['--seed', '12', '--api-key', SECRET_KEY]), startStubServer(stubHandler)]);
});
afterAll(async () => {
  await Promise.all([server?.stop(), stub?.close()]);
  await tempDirs.removeAll();
});

/** Runs `petstore --base-url BASE ARGS` with the secret key; every run checks the key is in neither stream. */
async function api(args: readonly string[], options: CliRunOptions & { base?: string } = {}): Promise<CliResult> {
  const { run } = await createCli(tempDirs);
  const result = await run(['--base-url', options.base ?? server.url, 'api', ...args], { ...options, env: { PETSTORE_API_KEY: SECRET_KEY, ...options.env } });
  if (result.stdout.includes(SECRET_KEY) || result.stderr.includes(SECRET_KEY)) throw new Error(`the key was printed: ${JSON.stringify(result)}`);
  return result;
}

/** The mock server's own answer, for comparison. */
async function fetchJson<T>(path: string): Promise<T> {
  const response = await fetch(`${server.url}/${path}`, { headers: { authorization: `Bearer ${SECRET_KEY}` } });
  return (await response.json()) as T;
}

describe.concurrent('petstore api', () => {
  it('GET with -f fields sends them as the query, and prints the JSON body', async ({ expect }) => {
    const result = await api(['GET', 'pets', '-f', 'status=available', '-f', 'limit=2']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const pets = JSON.parse(result.stdout) as Pet[];
    expect(pets).toEqual(await fetchJson('pets?status=available&limit=2'));
    expect(pets).toHaveLength(2);
    // A query written in the path is the same request.
    expect((await api(['/pets?status=available&limit=2'])).stdout).toBe(result.stdout);
  });

  it('fields without a METHOD make a POST: -f text and -F typed values, the animal then found by GET', async ({ expect }) => {
    const created = await api(['pets', '-f', 'name=Api Rex', '-F', 'categoryId=3', '-f', 'status=pending']);
    expect(created).toMatchObject({ code: 0, stderr: '' });
    const pet = JSON.parse(created.stdout) as Pet;
    expect(pet).toMatchObject({ name: 'Api Rex', categoryId: 3, status: 'pending' });
    const fetched = await api([`pets/${pet.id}`]);
    expect(JSON.parse(fetched.stdout)).toEqual(pet);
    // -f sends text: a categoryId of "3" is refused by the service (400, exit 6), its body printed.
    const text = await api(['pets', '-f', 'name=Api Tom', '-f', 'categoryId=3']);
    expect(text.code).toBe(6);
    expect(JSON.parse(text.stdout)).toMatchObject({ code: 'invalid_request', status: 400 });
  });

  it('-F key=@file sends the text of the file', async ({ expect }) => {
    const dir = await tempDirs.make();
    await writeFile(join(dir, 'name.txt'), 'From A File');
    const result = await api(['POST', 'pets', '-F', `name=@${join(dir, 'name.txt')}`, '-F', 'categoryId=2']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ name: 'From A File', categoryId: 2 });
  });

  it('--input sends a file or stdin as the body (POST by default)', async ({ expect }) => {
    const dir = await tempDirs.make();
    const file = join(dir, 'pet.json');
    await writeFile(file, JSON.stringify({ name: 'Filed', categoryId: 4 }));
    const [fromFile, fromStdin] = await Promise.all([
      api(['pets', '--input', file]),
      api(['POST', 'pets', '--input', '-'], { stdin: JSON.stringify({ name: 'Piped', categoryId: 5, status: 'sold' }) }),
    ]);
    expect(fromFile).toMatchObject({ code: 0, stderr: '' });
    expect(fromStdin).toMatchObject({ code: 0, stderr: '' });
    const [filed, piped] = [JSON.parse(fromFile.stdout) as Pet, JSON.parse(fromStdin.stdout) as Pet];
    expect(filed).toMatchObject({ name: 'Filed', categoryId: 4 });
    expect(piped).toMatchObject({ name: 'Piped', categoryId: 5, status: 'sold' });
    expect(await fetchJson(`pets/${piped.id}`)).toEqual(piped);
    // GET sends no body.
    const get = await api(['GET', 'pets', '--input', file]);
    expect(get.code).toBe(2);
    expect(get.stderr).toContain('--input');
  });

  it('-i prints the status line and the headers (Deprecation, Sunset, X-Request-Id) before the body', async ({ expect }) => {
    const result = await api(['-i', 'pets/1']);
    expect(result.code).toBe(0);
    const [head = '', body = ''] = result.stdout.split('\n\n');
    const lines = head.split('\n');
    expect(lines[0]).toBe('HTTP 200 OK');
    expect(lines).toContain(`deprecation: ${GET_PET_DEPRECATION}`);
    expect(lines).toContain(`sunset: ${GET_PET_SUNSET}`);
    expect(lines.some((line) => /^x-request-id: \S+$/.test(line))).toBe(true);
    expect(JSON.parse(body)).toEqual(await fetchJson('pets/1'));
  });

  it('-H headers are sent; the request id given is the one sent and answered', async ({ expect }) => {
    const result = await api(['-i', 'pets/1', '-H', 'X-Request-Id: api-test-7', '-H', 'X-Extra: one two']);
    expect(result.stdout.split('\n')).toContain('x-request-id: api-test-7');
    await api(['things', '-H', 'X-Extra: one two'], { base: `${stub.origin}/echo/v1` });
    const sent = stubRequests.find(({ url }) => url === '/echo/v1/things')?.headers;
    expect(sent).toMatchObject({ 'x-extra': 'one two', authorization: `Bearer ${SECRET_KEY}`, accept: 'application/json' });
    expect(sent?.['user-agent']).toMatch(/^petstore-cli\/\S+ petstore-sdk\/\S+ \(node\/\S+\)$/);
    expect(sent?.['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('sends the User-Agent the other commands send', async ({ expect }) => {
    const { run } = await createCli(tempDirs);
    await Promise.all([
      api(['pets'], { base: `${stub.origin}/agent-api/v1` }),
      run(['--base-url', `${stub.origin}/agent-list/v1`, 'pets', 'list'], { env: { PETSTORE_API_KEY: SECRET_KEY } }),
    ]);
    const agentOf = (prefix: string) => stubRequests.find(({ url }) => url.startsWith(prefix))?.headers['user-agent'];
    expect(agentOf('/agent-api/')).toMatch(/^petstore-cli\/\S+ petstore-sdk\/\S+ \(node\/\S+\)$/);
    expect(agentOf('/agent-api/')).toBe(agentOf('/agent-list/'));
  });

  it('a body over 10 MiB (the SDK\'s bound) is exit 1, nothing printed', async ({ expect }) => {
    const result = await api(['pets', '--json'], { base: `${stub.origin}/huge/v1` });
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(JSON.parse(result.stderr)).toMatchObject({ error: { code: 'response_too_large', exitCode: 1 } });
  });

  it('a 404 exits as pets get does, the error body printed on stdout and the error on stderr', async ({ expect }) => {
    const { run } = await createCli(tempDirs);
    const [result, petsGet] = await Promise.all([
      api(['pets/999']),
      run(['--base-url', server.url, 'pets', 'get', '999'], { env: { PETSTORE_API_KEY: SECRET_KEY, PETSTORE_NO_DEPRECATION_WARNING: '1' } }),
    ]);
    expect(result.code).toBe(5);
    expect(result.code).toBe(petsGet.code);
    expect(JSON.parse(result.stdout)).toMatchObject({ code: 'not_found', status: 404 });
    expect(result.stderr).toMatch(/^error: 404 not_found: .*GET .*\/v1\/pets\/999, request id \S+\)\n$/);
  });

  it('a refused key exits 4; a 503 exits 7 after one request (never retried)', async ({ expect }) => {
    const refused = await api(['pets'], { env: { PETSTORE_API_KEY: 'sk-not-the-right-key' } });
    expect(refused.code).toBe(4);
    expect(JSON.parse(refused.stdout)).toMatchObject({ status: 401 });
    const before = stub.count('/unavailable/');
    const unavailable = await api(['pets'], { base: `${stub.origin}/unavailable/v1` });
    expect(unavailable.code).toBe(7);
    expect(JSON.parse(unavailable.stdout)).toMatchObject({ code: 'service_unavailable' });
    expect(stub.count('/unavailable/') - before).toBe(1);
  });

  it('no answer within --timeout exits 7, saying so', async ({ expect }) => {
    const result = await api(['pets', '--timeout', '300'], { base: `${stub.origin}/hang/v1` });
    expect(result.code).toBe(7);
    expect(result.stderr).toContain('within 300 ms');
  });

  it('the key is in no output: not with -i, --debug, --json errors or a refused request', async ({ expect }) => {
    // api() fails a run whose output holds the key; these are the runs most likely to.
    const runs = await Promise.all([
      api(['-i', '--debug', 'pets/1']),
      api(['--debug', '--json', 'pets/999']),
      api(['--debug', 'POST', 'pets', '-f', 'name=x']),
      api(['--debug', '-H', `Authorization: Bearer ${SECRET_KEY}`, 'pets']),
    ]);
    expect(runs.map((result) => result.code)).toEqual([0, 5, 6, 2]);
    expect(runs[0]?.stderr).toMatch(/^debug: GET \S+\/v1\/pets\/1 → 200 in \d+ ms \(request id \S+\)\n$/);
  });

  it('an absolute URL or a path leading out of the base URL is a usage error naming it; nothing is sent', async ({ expect }) => {
    const base = `${stub.origin}/base/v1`;
    const paths = ['../admin', 'pets/../../x', '%2e%2e/x', '..\\x', `${stub.origin}/base/v1/pets`, '//evil.example/v1/pets', 'file:///etc/passwd'];
    const results = await Promise.all(paths.map((path) => api([path], { base })));
    for (const [index, result] of results.entries()) {
      expect(result.code, paths[index]).toBe(2);
      expect(result.stderr, paths[index]).toContain(`"${paths[index]}"`);
    }
    expect(stub.count('/base/') + stub.count('/admin') + stub.count('/x')).toBe(0);
    // An absolute URL is refused before the configuration is read: no key needed to be told.
    const { run } = await createCli(tempDirs);
    const keyless = await run(['api', 'https://api.example.org/v1/pets'], { env: { PETSTORE_PROFILE: 'production' } });
    expect(keyless).toMatchObject({ code: 2, stderr: expect.stringContaining('not an absolute URL: "https://api.example.org/v1/pets"') });
    // `..` that stays under the base URL is a path like any other.
    expect((await api(['pets/../pets/1'])).code).toBe(0);
  });

  it('-H Authorization (any case) and a header with a control character are usage errors', async ({ expect }) => {
    const [upper, lower, control, malformed] = await Promise.all([
      api(['pets', '-H', 'Authorization: Bearer other']),
      api(['pets', '-H', 'authorization:x']),
      api(['pets', '-H', 'X-Note: a\u0007b']),
      api(['pets', '-H', 'no colon']),
    ]);
    for (const result of [upper, lower, control, malformed]) expect(result.code).toBe(2);
    expect(upper.stderr).toContain('cannot set Authorization: the key comes from the profile');
    expect(control.stderr).toContain('control character');
  });

  it('--help shows [METHOD] PATH and the examples', async ({ expect }) => {
    const { run } = await createCli(tempDirs);
    const help = await run(['api', '--help']);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toContain('Usage: petstore api [options] [METHOD] PATH');
    expect(help.stdout).toContain('petstore api GET pets -f status=sold -f limit=2');
    expect(help.stdout).toContain('never retried');
  });

  it('--jq filters the JSON body', async ({ expect }) => {
    const result = await api(['GET', 'pets', '-f', 'limit=3', '--jq', '.[].name']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toBe(`${(await fetchJson<Pet[]>('pets?limit=3')).map((pet) => pet.name).join('\n')}\n`);
  });

  it('a body that is not JSON is printed as it came, control characters escaped on a terminal only', async ({ expect }) => {
    const base = `${stub.origin}/text/v1`;
    const result = await api(['notes'], { base });
    expect(result).toMatchObject({ code: 0, stdout: 'plain \u001b[31mred\u001b[39m text\n' });
    const configDir = await tempDirs.make();
    const screen = await inTerminal(['--base-url', base, 'api', 'notes'], { PETSTORE_API_KEY: SECRET_KEY, PETSTORE_CONFIG_DIR: configDir });
    expect(screen).toContain('plain \\u001b[31mred\\u001b[39m text');
    expect(screen).not.toContain('\u001b[31m');
  });
});
