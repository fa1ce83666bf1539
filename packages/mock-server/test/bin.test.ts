import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEV_API_KEY } from '@petstore/mock-server';
import { afterEach, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const bin = join(require.resolve('@petstore/mock-server/package.json'), '..', 'dist', 'bin.js');
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

/** Runs the binary to completion. */
function runBin(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (data: Buffer) => (stdout += data.toString()));
    child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('petstore-mock binary', () => {
  it('documents every flag in --help', async () => {
    const { code, stdout } = await runBin(['--help']);
    expect(code).toBe(0);
    for (const flag of ['--port', '--host', '--api-key', '--seed', '--seed-file', '--delay', '--log', '--cors-origin', '--allowed-host', 'Prefer: code=', '/__admin/reset']) {
      expect(stdout).toContain(flag);
    }
  });

  it.each([
    [['--port', 'abc'], '--port expects a port number from 0 to 65535, got "abc"'],
    [['--log', 'verbose'], '--log expects one of pretty, json, off'],
    [['--delay', 'x'], '--delay expects MS or MIN-MAX'],
    [['--frobnicate'], "Unknown option '--frobnicate'"],
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

  it('on SIGTERM finishes the request in flight and exits 0', async () => {
    const running = await startBin(['--log', 'off']);
    const pending = fetch(`${running.url}/pets?limit=1`, { headers: { authorization: `Bearer ${DEV_API_KEY}`, prefer: 'delay=400' } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    running.child.kill('SIGTERM');
    const response = await pending;
    expect(response.status).toBe(200);
    expect(await running.exited).toBe(0);
  });

  it('on SIGINT exits 0', async () => {
    const running = await startBin(['--log', 'off']);
    running.child.kill('SIGINT');
    expect(await running.exited).toBe(0);
  });
});
