import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { DEV_API_KEY } from '@petstore/mock-server';
import type { Pet } from '@petstore/sdk/contract';
import { describe, expect, it } from 'vitest';
import { mockServerBin, type MockServerProcess } from '../../../test/support/mock-server-process.js';
import { useDataFileServers } from './support/data-file-servers.js';

// `petstore-mock --data FILE` at the edges: a file that cannot grow, a second
// server on the same file, files that are not ours. The built binary, in child processes.

const { dataFile, start, track } = useDataFileServers('petstore-data-file-');

type Launched = { server: MockServerProcess; code?: undefined; output: string } | { server?: undefined; code: number | null; output: string };

/**
 * The binary in a child process, as startMockServerProcess starts it, resolved
 * once it listens or once it exits (with its code and what it printed). With
 * `fileLimitKiB`, under `ulimit -S -f`: no file it writes grows past the limit.
 * SIGXFSZ is ignored (Node.js ignores it too), so a write past the limit fails
 * with EFBIG instead of killing the process.
 */
function launch(args: readonly string[], fileLimitKiB?: number): Promise<Launched> {
  const argv = [process.execPath, mockServerBin, '--port', '0', '--log', 'off', ...args];
  // A soft limit only, so that the test can lift it (prlimit) without privileges.
  const [command, ...rest] = fileLimitKiB === undefined ? argv : ['bash', '-c', `trap '' XFSZ; ulimit -S -f ${fileLimitKiB} && exec "$0" "$@"`, ...argv];
  const child = spawn(command as string, rest, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PETSTORE_MOCK_API_KEYS: '' } });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  };
  return new Promise((resolve) => {
    const onData = (data: Buffer) => {
      output += data.toString();
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) {
        resolve({ server: track({ url, child, output: () => output, stop }), output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => resolve({ code, output }));
  });
}

async function startWithFileLimit(kib: number, args: readonly string[]): Promise<MockServerProcess> {
  const launched = await launch(args, kib);
  if (!launched.server) throw new Error(`petstore-mock exited before listening:\n${launched.output}`);
  return launched.server;
}

/** Starts the binary expecting a refusal: it exits with code 2 and a message. */
async function refusal(args: readonly string[]): Promise<string> {
  const launched = await launch(args);
  expect(launched.server, 'it started').toBeUndefined();
  expect(launched.code).toBe(2);
  return launched.output;
}

const sha256 = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');

const auth = { authorization: `Bearer ${DEV_API_KEY}` };
const json = { ...auth, 'content-type': 'application/json' };

const create = async (server: MockServerProcess, name: string) => {
  const response = await fetch(`${server.url}/pets`, { method: 'POST', headers: json, body: JSON.stringify({ name, categoryId: 1 }) });
  return { status: response.status, body: (await response.json()) as unknown };
};
const list = async (server: MockServerProcess): Promise<Pet[]> => (await (await fetch(`${server.url}/pets?limit=100`, { headers: auth })).json()) as Pet[];

describe('petstore-mock --data at the edges', () => {
  it('answers creates past a file size limit with 500 Error bodies, leaves none of them behind, loses no acknowledged one, and creates again once there is room', async () => {
    const file = dataFile();
    const limited = await startWithFileLimit(64, ['--seed', '0', '--data', file]);
    const answers = [];
    for (let index = 0; index < 40; index++) answers.push(await create(limited, `Pet ${index}`));
    const acknowledged = answers.filter((answer) => answer.status === 201).map((answer) => answer.body as Pet);
    const failed = answers.filter((answer) => answer.status !== 201);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(failed.length).toBeGreaterThan(0);
    for (const answer of failed) {
      expect(answer).toEqual({ status: 500, body: { code: 'internal_error', message: expect.any(String), status: 500 } });
    }
    // Ids 1..n, one each: a failed create used none.
    expect(acknowledged.map((pet) => pet.id)).toEqual(acknowledged.map((_, index) => index + 1));
    // The server stays up, and what failed is not visible.
    expect(await list(limited)).toEqual(acknowledged);
    expect(limited.child.exitCode).toBeNull();
    // Once there is room, creates succeed again, with the next id.
    execFileSync('prlimit', ['--pid', String(limited.child.pid), '--fsize=unlimited']);
    const roomAgain = { id: acknowledged.length + 1, name: 'Room again', categoryId: 1, status: 'available' };
    expect(await create(limited, 'Room again')).toEqual({ status: 201, body: roomAgain });
    await limited.stop();

    const restarted = await start(['--seed', '0', '--data', file]);
    expect(await list(restarted)).toEqual([...acknowledged, roomAgain]);
    expect((await create(restarted, 'After')).body).toMatchObject({ id: roomAgain.id + 1 });
  });

  it('refuses a second server on the same file with a message, and leaves the first unharmed', async () => {
    const file = dataFile();
    const first = await start(['--seed', '2', '--data', file]);
    expect((await create(first, 'Before')).status).toBe(201);
    const refused = await refusal(['--seed', '5', '--data', file]);
    expect(refused).toContain(`--data ${file} is in use by another process (another petstore-mock?): a data file serves one server at a time.`);
    expect(await create(first, 'After')).toEqual({ status: 201, body: { id: 4, name: 'After', categoryId: 1, status: 'available' } });
    await first.stop();
    const again = await start(['--data', file]);
    expect((await list(again)).map((pet) => pet.name)).toEqual(['Rex', 'Whiskers', 'Before', 'After']);
  });

  it('refuses a file in the old journal format that holds only its header, saying so, and leaves it untouched', async () => {
    const file = dataFile('pets.data');
    writeFileSync(file, '{"petstoreMockData":1}\n');
    const output = await refusal(['--data', file]);
    expect(output).toContain(`--data ${file} is in the line-per-animal journal format of earlier petstore-mock versions, which this version no longer reads`);
    expect(output).toContain('It holds no animals');
    expect(readFileSync(file, 'utf8')).toBe('{"petstoreMockData":1}\n');
  });

  it('refuses a file with a row edited outside the contract, naming the row and each field, and leaves the file as it was', async () => {
    const file = dataFile();
    await (await start(['--seed', '3', '--data', file])).stop();
    // What `sqlite3 FILE "UPDATE …"` does: the table's CHECK lets any JSON object with the row's id in.
    const db = new DatabaseSync(file);
    db.prepare(`UPDATE pets SET json = json_set(json, '$.name', ?, '$.categoryId', -1, '$.status', 'lost', '$.colour', 'red') WHERE id = 2`).run('N'.repeat(5_000));
    db.close();
    const before = sha256(file);
    const output = await refusal(['--data', file]);
    expect(output).toContain(`--data ${file}: row id 2 is outside the contract (`);
    expect(output).toMatch(/name: must be at most 100 characters; categoryId: .+; status: must be one of available, pending, sold; unknown field: colour\): the API could not have stored it/);
    expect(output).toContain('The file was left untouched; correct the row or delete it (DELETE FROM pets WHERE id = 2).');
    expect(sha256(file)).toBe(before);
  });

  it('never hands out an id twice: after a row is deleted from the file and the server restarts, a create takes an id above it', async () => {
    const file = dataFile();
    const first = await start(['--seed', '2', '--data', file]);
    expect((await create(first, 'Gone')).body).toMatchObject({ id: 3 });
    await first.stop();
    // What a remove operation would leave: the animal with the largest id gone from the file.
    const db = new DatabaseSync(file);
    db.exec('DELETE FROM pets WHERE id = 3');
    db.close();
    const restarted = await start(['--data', file]);
    expect((await list(restarted)).map((pet) => pet.id)).toEqual([1, 2]);
    expect((await create(restarted, 'Next')).body).toMatchObject({ id: 4 });
  });

  it('starts a new store, seeded, in an empty file', async () => {
    const file = dataFile();
    writeFileSync(file, '');
    const first = await start(['--seed', '3', '--data', file]);
    expect((await list(first)).map((pet) => pet.id)).toEqual([1, 2, 3]);
    await create(first, 'Kept');
    await first.stop();
    const second = await start(['--seed', '3', '--data', file]);
    expect((await list(second)).map((pet) => pet.name)).toEqual(['Rex', 'Whiskers', 'Bella', 'Kept']);
  });

  it("refuses another program's file and leaves it untouched", async () => {
    const file = dataFile('package.json');
    writeFileSync(file, '{"name":"someone-else"}\n');
    const output = await refusal(['--data', file]);
    expect(output).toContain(`--data ${file} is not a petstore-mock data file (not a SQLite database); it was left untouched.`);
    expect(readFileSync(file, 'utf8')).toBe('{"name":"someone-else"}\n');
  });

  it('refuses a create past the largest id with 409, stores nothing, and the file starts again and serves', async () => {
    const file = dataFile();
    const seedFile = dataFile('last.json');
    writeFileSync(seedFile, JSON.stringify([{ id: Number.MAX_SAFE_INTEGER, name: 'Last', categoryId: 1 }]));
    const last = { id: Number.MAX_SAFE_INTEGER, name: 'Last', categoryId: 1, status: 'available' };
    const first = await start(['--seed-file', seedFile, '--data', file]);
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(await create(first, 'Over')).toEqual({ status: 409, body: { code: 'id_space_exhausted', message: expect.stringContaining('No id is left'), status: 409 } });
    }
    expect(await list(first)).toEqual([last]);
    await first.stop();
    const again = await start(['--data', file]);
    expect(await list(again)).toEqual([last]);
    expect((await create(again, 'Still over')).status).toBe(409);
  });

  it('refuses a seed file whose ids pass the largest, naming the entry and the id', async () => {
    const seedFile = dataFile('over.json');
    writeFileSync(seedFile, JSON.stringify([{ id: Number.MAX_SAFE_INTEGER, name: 'Last', categoryId: 1 }, { name: 'Over', categoryId: 1 }]));
    expect(await refusal(['--seed-file', seedFile, '--data', dataFile()])).toContain(
      `--seed-file ${seedFile}: [1].id: would be 9007199254740992, after 9007199254740991, the largest an id can be (2^53-1)`,
    );
    writeFileSync(seedFile, '[{"id": 9007199254740992, "name": "Over", "categoryId": 1}]');
    expect(await refusal(['--seed-file', seedFile])).toContain(`--seed-file ${seedFile}: [0].id: must be an integer from 1 to 9007199254740991`);
  });

  describe('--data and --seed-file name only regular files', () => {
    /** Exit 2 at once (well within the test's timeout, without a signal), naming the file and what it is. */
    async function refusedAtOnce(args: readonly string[], message: string): Promise<void> {
      const started = Date.now();
      expect(await refusal(args)).toContain(message);
      expect(Date.now() - started).toBeLessThan(5_000);
    }

    it('refuses a FIFO, without waiting for a writer', async () => {
      const fifo = dataFile('pets.fifo');
      execFileSync('mkfifo', [fifo]);
      await refusedAtOnce(['--data', fifo], `--data ${fifo} is a FIFO (named pipe), not a regular file; give the path of a data file, or of a new one`);
      await refusedAtOnce(['--seed-file', fifo], `--seed-file ${fifo}: a FIFO (named pipe), not a regular file`);
    });

    it('refuses a directory, a socket and a device', async () => {
      const folder = dataFile('folder');
      mkdirSync(folder);
      await refusedAtOnce(['--data', folder], `--data ${folder} is a directory, not a regular file`);
      await refusedAtOnce(['--seed-file', folder], `--seed-file ${folder}: a directory, not a regular file`);
      await refusedAtOnce(['--data', '/dev/zero'], '--data /dev/zero is a device, not a regular file');
      await refusedAtOnce(['--seed-file', '/dev/zero'], '--seed-file /dev/zero: a device, not a regular file');
      const socketPath = dataFile('pets.sock');
      const socketServer = createServer();
      await new Promise<void>((resolve) => socketServer.listen(socketPath, resolve));
      try {
        await refusedAtOnce(['--data', socketPath], `--data ${socketPath} is a socket, not a regular file`);
      } finally {
        socketServer.close();
      }
    });

    it('refuses a seed file larger than 256 MiB before reading it', async () => {
      const large = dataFile('large.json');
      writeFileSync(large, '');
      truncateSync(large, 257 * 1024 * 1024);
      await refusedAtOnce(['--seed-file', large], `--seed-file ${large}: larger than 256 MiB`);
    });

    it('follows a symbolic link to a data file, and refuses one to nothing', async () => {
      const file = dataFile();
      writeFileSync(file, '');
      const link = join(dirname(file), 'link.db');
      symlinkSync(file, link);
      const first = await start(['--seed', '2', '--data', link]);
      expect((await create(first, 'Through the link')).status).toBe(201);
      await first.stop();
      const direct = await start(['--data', file]);
      expect((await list(direct)).map((pet) => pet.name)).toEqual(['Rex', 'Whiskers', 'Through the link']);
      const dangling = join(dirname(file), 'dangling.db');
      symlinkSync(join(dirname(file), 'missing.db'), dangling);
      await refusedAtOnce(['--data', dangling], `--data ${dangling} is a symbolic link to a file that does not exist`);
    });
  });

  it('stops at once on SIGTERM while it seeds a new data file, and the file then starts as a new one', async () => {
    const file = dataFile();
    const child = spawn(process.execPath, [mockServerBin, '--port', '0', '--log', 'off', '--seed', '3000000', '--data', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (data: Buffer) => (output += data.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const sent = Date.now();
    child.kill('SIGTERM');
    expect(await exited).toBe('SIGTERM');
    expect(Date.now() - sent).toBeLessThan(1_000);
    expect(output).toBe('');
    const restarted = await start(['--seed', '2', '--data', file]);
    expect((await list(restarted)).map((pet) => pet.id)).toEqual([1, 2]);
  });
});
