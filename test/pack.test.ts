// `pnpm pack:all`, the way the READMEs install the packages until they are
// published: it packs the three built packages and prints the npm commands,
// and those commands are the ones each README shows (with the clone's path as
// /path/to/petstore-kit). pnpm test:packed installs the tarballs that way.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const readme = (path: string) => readFileSync(join(root, path), 'utf8');
const version = (dir: string) => (JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as { version: string }).version;

describe('pnpm pack:all', () => {
  let folder: string;
  let stdout: string;
  /** The npm commands it printed, the folder written as the READMEs write it, comments dropped. */
  let commands: { sdk: string; mockServer: string; cli: string };

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'petstore-pack-all-'));
    ({ stdout } = await promisify(execFile)('pnpm', ['--silent', 'pack:all', folder], { cwd: root, timeout: 60_000 }));
    const lines = stdout
      .split('\n')
      .filter((line) => line.trim().startsWith('npm install'))
      .map((line) => line.replace(/#.*$/, '').trim().replaceAll(folder, '/path/to/petstore-kit/tarballs'));
    const find = (tarball: string) => lines.find((line) => line.includes(`/${tarball}-`)) ?? `(no npm install of ${tarball})`;
    commands = { sdk: find('petstore-sdk'), mockServer: find('petstore-mock-server'), cli: find('petstore-cli') };
  });

  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('writes the three tarballs, named by version, into the folder given', () => {
    expect(readdirSync(folder).sort()).toEqual([
      `petstore-cli-${version('packages/cli')}.tgz`,
      `petstore-mock-server-${version('packages/mock-server')}.tgz`,
      `petstore-sdk-${version('packages/sdk')}.tgz`,
    ]);
    expect(stdout).toContain(`Packed into ${folder}:`);
  });

  it('prints an npm command per package: the SDK alone, the mock server after it, the CLI alone and global', () => {
    expect(commands).toEqual({
      sdk: `npm install /path/to/petstore-kit/tarballs/petstore-sdk-${version('packages/sdk')}.tgz`,
      mockServer: `npm install -D /path/to/petstore-kit/tarballs/petstore-mock-server-${version('packages/mock-server')}.tgz`,
      cli: `npm install -g /path/to/petstore-kit/tarballs/petstore-cli-${version('packages/cli')}.tgz`,
    });
  });

  it.each([
    ['README.md', ['sdk', 'mockServer', 'cli']],
    ['packages/sdk/README.md', ['sdk']],
    ['packages/mock-server/README.md', ['sdk', 'mockServer']],
    ['packages/cli/README.md', ['cli']],
  ] as const)('%s shows those commands, and says the packages are not on the registry yet', (path, which) => {
    const text = readme(path);
    for (const name of which) expect(text).toContain(`\n${commands[name]}\n`);
    expect(text).toMatch(/not on the npm registry yet/);
  });
});
