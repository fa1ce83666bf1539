import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CliError } from '../errors/cli-error.js';
import { CONFIG_FILE_LIMIT, fileError, readConfigFile } from './read-config-file.js';

const dir = mkdtempSync(join(tmpdir(), 'petstore-read-config-'));
afterAll(() => {
  chmodSync(dir, 0o700);
  rmSync(dir, { recursive: true, force: true });
});
let count = 0;
const path = (name = 'config.json') => join(dir, `${count++}-${name}`);

/** The read's error, or a failure if it took longer than a FIFO read that blocks would. */
async function refusal(file: string): Promise<CliError> {
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${file}: still reading after 2 s`)), 2_000));
  const error: unknown = await Promise.race([readConfigFile(file).then(() => new Error('read it'), (caught: unknown) => caught), timeout]);
  expect(error).toBeInstanceOf(CliError);
  return error as CliError;
}

describe('readConfigFile', () => {
  it('reads a regular file, and a symbolic link to one, with its mode', async () => {
    const file = path();
    writeFileSync(file, '{"profile":"mock"}', { mode: 0o640 });
    chmodSync(file, 0o640);
    expect(await readConfigFile(file)).toEqual({ text: '{"profile":"mock"}', mode: expect.any(Number) });
    expect(((await readConfigFile(file))?.mode ?? 0) & 0o777).toBe(0o640);
    const link = path();
    symlinkSync(file, link);
    expect((await readConfigFile(link))?.text).toBe('{"profile":"mock"}');
  });

  it('gives undefined for a file that does not exist', async () => {
    expect(await readConfigFile(path())).toBeUndefined();
    expect(await readConfigFile(join(dir, 'no-such-folder', 'config.json'))).toBeUndefined();
  });

  it('drops a byte order mark and refuses text that is not UTF-8', async () => {
    const bom = path();
    writeFileSync(bom, '\uFEFF{}');
    expect((await readConfigFile(bom))?.text).toBe('{}');
    const latin1 = path();
    writeFileSync(latin1, Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d]));
    expect((await refusal(latin1)).message).toBe(`${latin1} is not UTF-8 text; fix or delete it`);
  });

  it('refuses a FIFO without blocking, directly or through a symbolic link', async () => {
    const fifo = path();
    execFileSync('mkfifo', [fifo]);
    const error = await refusal(fifo);
    expect(error).toMatchObject({ exitCode: 3, message: `${fifo} is a FIFO (named pipe), not a regular file; the CLI reads only regular files: remove or replace it` });
    const link = path();
    symlinkSync(fifo, link);
    expect((await refusal(link)).message).toContain(`${link} is a FIFO (named pipe)`);
  });

  it('refuses a folder and a device', async () => {
    const folder = path();
    mkdirSync(folder);
    expect((await refusal(folder)).message).toContain(`${folder} is a folder, not a regular file`);
    // /dev/zero never ends: read, it would fill the buffer.
    const device = path();
    symlinkSync('/dev/zero', device);
    expect((await refusal(device)).message).toContain(`${device} is a device, not a regular file`);
  });

  it(`refuses a file larger than the limit (${CONFIG_FILE_LIMIT} bytes by default)`, async () => {
    const big = path();
    writeFileSync(big, `{}${' '.repeat(CONFIG_FILE_LIMIT)}`);
    expect((await refusal(big)).message).toBe(`${big} is larger than 1 MiB; it cannot be a configuration file: fix or delete it`);
    const small = path();
    writeFileSync(small, '{ }');
    expect(await readConfigFile(small, 3)).toMatchObject({ text: '{ }' });
    await expect(readConfigFile(small, 2)).rejects.toThrow('is larger than 2 bytes');
  });
  // Permission (EACCES) is tested end to end as another user in test/config.test.ts: tests here may run as root, who reads whatever the mode says.
});

describe('fileError', () => {
  it('turns a real EACCES into a configuration error naming the file and its folder', () => {
    // A file without execute permission cannot be run, even by root: a real EACCES from the kernel.
    const script = path('not-executable');
    writeFileSync(script, '#!/bin/sh\n', { mode: 0o644 });
    chmodSync(script, 0o644);
    const { error } = spawnSync(script);
    expect((error as NodeJS.ErrnoException | undefined)?.code).toBe('EACCES');
    const mapped = fileError(error, '/home/o/.config/petstore/credentials.json', 'write');
    expect(mapped).toBeInstanceOf(CliError);
    expect(mapped).toMatchObject({
      exitCode: 3,
      message: 'cannot write /home/o/.config/petstore/credentials.json: permission denied (EACCES); check the owner and mode of the file and of /home/o/.config/petstore',
    });
    expect(mapped.message).not.toMatch(/\n\s+at /);
  });

  it('escapes control characters of a path from the environment', () => {
    const mapped = fileError(Object.assign(new Error('x'), { code: 'EROFS' }), '/tmp/\u001b[2Jpetstore/config.json', 'write');
    expect(mapped.message).toBe('cannot write /tmp/\\u001b[2Jpetstore/config.json: the file system is read-only (EROFS)');
  });
});
