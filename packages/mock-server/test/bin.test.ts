import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEV_API_KEY } from '@petstore/mock-server';
import { afterEach, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const packageJsonPath = require.resolve('@petstore/mock-server/package.json');
const bin = join(packageJsonPath, '..', 'dist', 'bin.js');
const packageVersion = (JSON.parse(readFileSync(packageJsonPath, 'utf8')) as { version: string }).version;
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

interface Running {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** Starts the built binary and waits for its banner. */
function startBin(args: string[], env: Record<string, string> = {}): Promise<Running> {
  const child = spawn(process.execPath, [bin, '--port', '0', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (data: Buffer) => {
      stdout += data.toString();
      const match = /listening on (http:\/\/\S+)/.exec(stdout);
      if (match?.[1]) resolve({ child, url: match[1], stdout: () => stdout, stderr: () => stderr, exited });
    });
    child.stderr?.on('data', (data: Buffer) => (stderr += data.toString()));
    void exited.then((code) => reject(new Error(`exited ${code} before listening: ${stderr}`)));
  });
}

interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Starts the binary (with `node`, after `nodeArgs`) and gives its output so far and its end. */
function launchBin(args: string[], options: { env?: Record<string, string>; node?: string; nodeArgs?: string[] } = {}) {
  const child = spawn(options.node ?? process.execPath, [...(options.nodeArgs ?? []), bin, ...args], {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (data: Buffer) => (stdout += data.toString()));
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
  const finished = new Promise<Finished>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, stdout: () => stdout, finished };
}

/** Runs the binary to completion. */
async function runBin(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { code, stdout, stderr } = await launchBin(args, { env }).finished;
  return { code, stdout, stderr };
}

describe('petstore-mock binary', () => {
  it('documents every flag in --help', async () => {
    const { code, stdout } = await runBin(['--help']);
    expect(code).toBe(0);
    for (const flag of ['--port', '--host', '--api-key', '--seed', '--seed-file', '--delay', '--log', '--cors-origin', '--allowed-host', '--profile', 'Prefer: code=', '/__admin/reset']) {
      expect(stdout).toContain(flag);
    }
  });

  it.each([
    [['--port', 'abc'], '--port expects a port number from 0 to 65535, got "abc"'],
    [['--log', 'verbose'], '--log expects one of pretty, json, off'],
    [['--delay', 'x'], '--delay expects MS or MIN-MAX'],
    [['--frobnicate'], 'unknown option --frobnicate\n'],
    [['--prot', '80'], 'unknown option --prot; did you mean --port?'],
    [['--seedfile=pets.json'], 'unknown option --seedfile; did you mean --seed-file?'],
    [['-x'], 'unknown option -x\n'],
    [['--host', '0.0.0.0'], 'Refusing to listen on 0.0.0.0 with the public development key'],
  ])('exits 2 on %j with a message naming the problem', async (args, message) => {
    const { code, stdout, stderr } = await runBin(args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(message);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('prints its URL and the development key, seeds a dozen animals, and logs JSON lines', async () => {
    const running = await startBin(['--log', 'json']);
    expect(running.stdout()).toContain(DEV_API_KEY);
    const pets = (await (await fetch(`${running.url}/pets`, { headers: { authorization: `Bearer ${DEV_API_KEY}` } })).json()) as unknown[];
    expect(pets).toHaveLength(12);
    await expect.poll(() => running.stdout()).toMatch(/"method":"GET","path":"\/v1\/pets","status":200/);
  });

  it('gives an error answer the same explanation in its log line as in its journal entry: a 404, a 400 with two bad fields', async () => {
    const running = await startBin(['--log', 'json']);
    const headers = { authorization: `Bearer ${DEV_API_KEY}`, 'content-type': 'application/json' };
    const missing = await fetch(`${running.url}/pet`, { headers });
    const invalid = await fetch(`${running.url}/pets`, { method: 'POST', headers, body: JSON.stringify({ name: '', categoryId: 0 }) });
    const explained: { code: string; message: string }[] = [];
    for (const response of [missing, invalid]) {
      const requestId = response.headers.get('x-request-id') ?? '';
      const { code, message } = (await response.json()) as { code: string; message: string };
      const journal = await fetch(`${new URL(running.url).origin}/__admin/requests?requestId=${requestId}`, { headers });
      const [entry] = (await journal.json()) as { error?: unknown }[];
      await expect.poll(() => running.stdout()).toContain(requestId);
      const line = running.stdout().split('\n').find((text) => text.includes(`"requestId":"${requestId}"`)) ?? '';
      expect((JSON.parse(line) as { error?: unknown }).error).toEqual({ code, message });
      expect(entry?.error).toEqual({ code, message });
      explained.push({ code, message });
    }
    expect(explained[0]).toEqual({ code: 'route_not_found', message: 'No operation at /v1/pet; did you mean GET /v1/pets?' });
    expect(explained[1]?.code).toBe('invalid_request');
    expect(explained[1]?.message).toMatch(/body\.name: .*body\.categoryId: /);
    // People read the same words after the request id.
    const pretty = await startBin(['--log', 'pretty']);
    await fetch(`${pretty.url}/pets`, { method: 'POST', headers, body: JSON.stringify({ name: '', categoryId: 0 }) });
    await expect.poll(() => pretty.stdout()).toContain(`400 `);
    expect(pretty.stdout()).toContain(` invalid_request: ${explained[1]?.message ?? ''}\n`);
  });

  it('never prints a key the operator supplied, from a flag or the environment', async () => {
    const fromFlag = await startBin(['--api-key', 'flag-secret-123', '--log', 'json']);
    await fetch(`${fromFlag.url}/pets`, { headers: { authorization: 'Bearer flag-secret-123' } });
    const fromEnv = await startBin(['--log', 'json'], { PETSTORE_MOCK_API_KEYS: 'env-secret-456' });
    expect((await fetch(`${fromEnv.url}/pets`, { headers: { authorization: 'Bearer env-secret-456' } })).status).toBe(200);
    expect((await fetch(`${fromEnv.url}/pets`, { headers: { authorization: `Bearer ${DEV_API_KEY}` } })).status).toBe(401);
    for (const running of [fromFlag, fromEnv]) {
      expect(running.stdout()).toContain('1 key configured (not shown)');
      expect(running.stdout() + running.stderr()).not.toMatch(/flag-secret-123|env-secret-456/);
    }
  });

  it('loads --seed-file and refuses a broken one with exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'petstore-seed-'));
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify([{ name: 'Alpha', categoryId: 1 }, { id: 40, name: 'Beta', categoryId: 2, status: 'sold' }]));
    const running = await startBin(['--seed-file', good]);
    const pets = await (await fetch(`${running.url}/pets`, { headers: { authorization: `Bearer ${DEV_API_KEY}` } })).json();
    expect(pets).toEqual([
      { id: 1, name: 'Alpha', categoryId: 1, status: 'available' },
      { id: 40, name: 'Beta', categoryId: 2, status: 'sold' },
    ]);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify([{ name: '', categoryId: 1 }]));
    const refused = await runBin(['--seed-file', bad]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`--seed-file ${bad}: [0].name: must not be empty`);
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers as --profile says, names it in the banner, and refuses a bad one with exit 2 naming the field', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'petstore-profile-'));
    const good = join(dir, 'svc.json');
    writeFileSync(good, JSON.stringify({ profileVersion: 1, service: 'https://animals.example/v1', choices: { malformedPetId: 404, errorCodes: { not_found: 'NOT_FOUND' } } }));
    const running = await startBin(['--profile', good, '--seed', '3']);
    expect(running.stdout()).toContain(`Profile   ${good} of https://animals.example/v1: malformedPetId, errorCodes; the rest the kit's`);
    const answer = await fetch(`${running.url}/pets/abc`, { headers: { authorization: `Bearer ${DEV_API_KEY}` } });
    expect([answer.status, await answer.json()]).toEqual([404, { code: 'NOT_FOUND', message: 'No animal has id "abc"', status: 404 }]);
    const session = await fetch(`${running.url.replace(/\/v1$/, '')}/sessions/s1/v1/pets/abc`, { headers: { authorization: `Bearer ${DEV_API_KEY}` } });
    expect(session.status).toBe(404);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ profileVersion: 1, choices: { malformedPetId: 422 } }));
    const refused = await runBin(['--profile', bad]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`petstore-mock: --profile ${bad}: choices.malformedPetId: `);
    expect(refused.stderr).not.toMatch(/\n\s+at /);
    const missing = await runBin(['--profile', join(dir, 'none.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`--profile ${join(dir, 'none.json')}: cannot read it (ENOENT)`);
    writeFileSync(bad, '{"profileVersion": 1,');
    const notJson = await runBin(['--profile', bad]);
    expect([notJson.code, notJson.stderr]).toEqual([2, expect.stringContaining(`--profile ${bad}: not JSON: `)]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('on SIGTERM finishes the request in flight and exits 0', async () => {
    const running = await startBin(['--log', 'off']);
    const pending = fetch(`${running.url}/pets?limit=1`, { headers: { authorization: `Bearer ${DEV_API_KEY}`, prefer: 'delay=400' } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    running.child.kill('SIGTERM');
    const response = await pending;
    expect(response.status).toBe(200);
    expect(await running.exited).toBe(0);
  });

  it('on SIGINT exits 0, and with --log off prints nothing but the banner', async () => {
    const running = await startBin(['--log', 'off']);
    running.child.kill('SIGINT');
    expect(await running.exited).toBe(0);
    expect(running.stderr()).toBe('');
    expect(running.stdout()).toMatch(/^petstore-mock listening on .*\n( {2}.*\n)+$/);
  });

  it('says SIGTERM: finishing requests in flight, unless --log off', async () => {
    const running = await startBin(['--log', 'json']);
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
    expect(running.stderr()).toBe('SIGTERM: finishing requests in flight, then stopping\n');
  });

  it('names the port and the host when the port is in use, and exits 1', async () => {
    const occupied = createServer();
    await new Promise<void>((resolve) => occupied.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = occupied.address() as AddressInfo;
      const { code, stdout, stderr } = await runBin(['--port', String(port), '--log', 'off']);
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr).toBe(
        `petstore-mock: port ${port} on 127.0.0.1 is already in use (another petstore-mock?); choose another with --port, or --port 0 for any free one\n`,
      );
    } finally {
      occupied.close();
    }
  });

  // Ten million generated animals take seconds to seed, on the main thread: a
  // signal handler of our own would wait for the seed to finish.
  it.for(['SIGTERM', 'SIGINT'] as const)('stops at once on %s while it seeds, before it listens', async (signal) => {
    const launched = launchBin(['--port', '0', '--seed', '10000000', '--log', 'off']);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const sent = Date.now();
    launched.child.kill(signal);
    const finished = await launched.finished;
    expect(Date.now() - sent).toBeLessThan(1_000);
    expect(finished).toMatchObject({ code: null, signal, stdout: '' });
  });
});

describe('petstore-mock under an older Node.js', () => {
  const preload = (version: string) => [
    '--import',
    `data:text/javascript,Object.defineProperty(process.versions,"node",{value:${JSON.stringify(version)}})`,
  ];
  const tooOld = (version: string) =>
    `petstore-mock needs Node.js 22.12 or newer (22.13 or newer for --data); this is Node.js ${version}. Install a current LTS from https://nodejs.org.\n`;

  it.for(['22.11.0', '20.19.0', '18.20.8'])('Node.js %s (as process.versions says): exit 1, naming the version needed and the one running', async (version) => {
    const finished = await launchBin(['--port', '0'], { nodeArgs: preload(version) }).finished;
    expect(finished).toMatchObject({ code: 1, stdout: '', stderr: tooOld(version) });
  });

  it.for(['22.12.0', '24.0.0'])('Node.js %s (as process.versions says) runs', async (version) => {
    const finished = await launchBin(['--version'], { nodeArgs: preload(version) }).finished;
    expect(finished).toMatchObject({ code: 0, stdout: `${packageVersion}\n`, stderr: '' });
  });

  // The machine's own Node.js (Debian's, 20): the bin must parse there to say so.
  const systemNode = '/usr/bin/node';
  const systemVersion = existsSync(systemNode) ? execFileSync(systemNode, ['--version'], { encoding: 'utf8' }).trim().slice(1) : undefined;
  const oldSystemNode = systemVersion !== undefined && Number(systemVersion.split('.')[0]) < 22;
  if (!oldSystemNode) console.log(`skipped the real old Node.js: ${systemNode} is ${systemVersion === undefined ? 'missing' : `Node.js ${systemVersion}`}`);
  it.skipIf(!oldSystemNode)(`a real Node.js older than 22 (${systemNode}, ${systemVersion}): exit 1 with the message, no SyntaxError`, async () => {
    const finished = await launchBin(['--port', '0'], { node: systemNode }).finished;
    expect(finished).toMatchObject({ code: 1, stdout: '', stderr: tooOld(systemVersion as string) });
  });
});
