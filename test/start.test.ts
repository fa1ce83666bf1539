// scripts/start.sh's first steps, without a full build: its port check (a port
// held by a server in this process) and scripts/build-if-stale.mjs, which
// decides whether the build can be skipped, on a small workspace of its own
// with a stand-in `pnpm` that counts builds.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, chmod, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to completion; never throws for a non-zero exit. */
function run(file: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<Result> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd, env, timeout: 15_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      resolve({ code, stdout, stderr });
    });
  });
}

let scratch: string;
let copies = 0;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'petstore-start-'));
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe('scripts/start.sh checks its port before anything else', () => {
  /**
   * A copy of start.sh alone: past the port check it would source
   * toolchain.sh, which is missing, so "No such file" proves it got there.
   */
  async function startScript(): Promise<string> {
    const repo = join(scratch, `start-${++copies}`);
    await mkdir(join(repo, 'scripts'), { recursive: true });
    await cp(join(root, 'scripts/start.sh'), join(repo, 'scripts/start.sh'));
    return repo;
  }

  const start = async (port: string) => {
    return run('bash', ['scripts/start.sh'], await startScript(), { ...process.env, PETSTORE_MOCK_PORT: port });
  };

  it('a port another program listens on: exit 1 naming it and how to pick another, before the toolchain or the build', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as { port: number }).port;
    try {
      const result = await start(String(port));
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(
        `start.sh: port ${port} on 127.0.0.1 is already in use (another petstore-mock?). Stop what listens there, or pick another port: PETSTORE_MOCK_PORT=${port + 1} ./scripts/start.sh\n`,
      );
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  it('a free port: goes on to the toolchain', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as { port: number }).port;
    await new Promise((resolve) => holder.close(resolve));
    const result = await start(String(port));
    expect(result.stderr).toContain('toolchain.sh: No such file or directory');
    expect(result.stderr).not.toContain('in use');
  });

  it('a port taken after the check, before the server binds: the same advice, PETSTORE_MOCK_PORT, not --port', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as { port: number }).port;
    await new Promise((resolve) => holder.close(resolve));
    const repo = await startScript();
    // Past the check: a toolchain and a build that do nothing, and a server that finds its port taken, as petstore-mock says it.
    await writeFile(join(repo, 'scripts/toolchain.sh'), 'repo_root="$(pwd)"\n');
    await writeFile(join(repo, 'scripts/build-if-stale.mjs'), '');
    await mkdir(join(repo, 'packages/mock-server/dist'), { recursive: true });
    const message = `petstore-mock: port ${port} on 127.0.0.1 is already in use (another petstore-mock?); choose another with --port, or --port 0 for any free one`;
    await writeFile(join(repo, 'packages/mock-server/dist/bin.js'), `process.stderr.write(${JSON.stringify(`${message}\n`)}); process.exitCode = 1;\n`);
    // The stand-in says what petstore-mock says.
    expect(await readFile(join(root, 'packages/mock-server/src/main.ts'), 'utf8')).toContain('is already in use (another petstore-mock?); choose another with --port');
    const result = await run('bash', ['scripts/start.sh'], repo, { ...process.env, PETSTORE_MOCK_PORT: String(port) });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`start.sh: port ${port} on 127.0.0.1 is already in use (another petstore-mock?). Stop what listens there, or pick another port: PETSTORE_MOCK_PORT=${port + 1} ./scripts/start.sh\n`);
  });

  it.each(['abc', '0', '65536', '-1', '4010 ', '123456'])('PETSTORE_MOCK_PORT=%j: exit 2 naming the variable', async (port) => {
    const result = await start(port);
    expect(result).toMatchObject({ code: 2, stdout: '' });
    expect(result.stderr).toBe(`start.sh: PETSTORE_MOCK_PORT must be a port number from 1 to 65535, not '${port}'\n`);
  });
});

describe('scripts/build-if-stale.mjs builds only when the last build is not current', () => {
  let repo: string;
  let env: NodeJS.ProcessEnv;
  const builds = () => readFile(join(repo, 'builds.log'), 'utf8').then((text) => text.split('\n').length - 1, () => 0);
  const buildIfStale = () => run(process.execPath, ['scripts/build-if-stale.mjs'], repo, env);
  const file = (path: string) => join(repo, path);

  /** Runs it and says whether it built, checking its one line of explanation. */
  async function expectBuild(reason: string | undefined): Promise<void> {
    const before = await builds();
    const result = await buildIfStale();
    expect(result.code).toBe(0);
    if (reason === undefined) {
      expect(result.stderr).toContain('the build is up to date');
      expect(await builds()).toBe(before);
    } else {
      expect(result.stderr).toContain(`building: ${reason}`);
      expect(await builds()).toBe(before + 1);
    }
  }

  beforeAll(async () => {
    // A workspace of two packages, and a pnpm whose `run build` copies src/ to dist/ (or fails when told to).
    repo = join(scratch, 'workspace');
    for (const dir of ['scripts', 'bin', 'node_modules', 'packages/a/src', 'packages/a/test', 'packages/b/src', 'tools/c/src']) {
      await mkdir(join(repo, dir), { recursive: true });
    }
    await cp(join(root, 'scripts/build-if-stale.mjs'), file('scripts/build-if-stale.mjs'));
    await writeFile(file('package.json'), '{"name":"w","private":true}\n');
    await writeFile(file('pnpm-lock.yaml'), 'lockfileVersion: 9.0\n');
    await writeFile(file('pnpm-workspace.yaml'), "packages:\n  - packages/*\n  - 'tools/*'\n");
    for (const name of ['packages/a', 'packages/b', 'tools/c']) {
      await writeFile(file(`${name}/package.json`), '{"scripts":{"build":"…"}}\n');
      await writeFile(file(`${name}/src/index.ts`), `export const name = '${name}';\n`);
    }
    await writeFile(
      file('bin/pnpm'),
      [
        '#!/bin/sh',
        '[ "$*" = "run build" ] || { echo "unexpected: pnpm $*" >&2; exit 9; }',
        'echo build >> builds.log',
        '[ ! -f FAIL ] || { echo "src/index.ts(1,1): error TS1005" >&2; exit 1; }',
        'for p in packages/a packages/b tools/c; do rm -rf $p/dist && mkdir $p/dist && cp -R $p/src/. $p/dist/; done',
        // As the example app's build runs `msw init public`: a file among the inputs, written by the build, ignored by git.
        'mkdir -p packages/b/public && echo "worker $(cat builds.log | wc -l)" > packages/b/public/worker.js',
        '',
      ].join('\n'),
    );
    await chmod(file('bin/pnpm'), 0o755);
    await writeFile(file('packages/b/.gitignore'), 'public/worker.js\n');
    await run('git', ['init', '--quiet'], repo, process.env);
    env = { ...process.env, PATH: `${file('bin')}${delimiter}${process.env['PATH'] ?? ''}` };
    await expectBuild('no record of a build');
  });

  it('skips the second run, though the build wrote a file among its inputs that git ignores', async () => {
    expect(await readFile(file('packages/b/public/worker.js'), 'utf8')).toBe('worker 1\n');
    await expectBuild(undefined);
  });

  it('skips a build whose sources and dist/ are as it left them, dates aside', async () => {
    await expectBuild(undefined);
    const text = await readFile(file('packages/a/src/index.ts'), 'utf8');
    await writeFile(file('packages/a/src/index.ts'), text);
    await expectBuild(undefined);
  });

  it('builds after a source is edited, added or deleted', async () => {
    await appendFile(file('packages/b/src/index.ts'), '// edited\n');
    await expectBuild('packages/b/src/index.ts changed since the last build');
    await writeFile(file('tools/c/src/extra.ts'), 'export {};\n');
    await expectBuild('tools/c/src/extra.ts is new since the last build');
    await rm(file('tools/c/src/extra.ts'));
    await expectBuild('tools/c/src/extra.ts is gone since the last build');
    await expectBuild(undefined);
  });

  it('builds after a config, the lockfile or a package.json changes', async () => {
    await writeFile(file('packages/a/tsup.config.ts'), 'export default {};\n');
    await expectBuild('packages/a/tsup.config.ts is new since the last build');
    await appendFile(file('pnpm-lock.yaml'), '# changed\n');
    await expectBuild('pnpm-lock.yaml changed since the last build');
    await writeFile(file('packages/b/package.json'), '{"scripts":{"build":"tsup"}}\n');
    await expectBuild('packages/b/package.json changed since the last build');
  });

  it('builds when a dist/ file was changed or removed since', async () => {
    await appendFile(file('packages/a/dist/index.ts'), '// a later, partial build\n');
    await expectBuild('packages/a/dist/index.ts changed since the last build');
    await rm(file('tools/c/dist'), { recursive: true });
    await expectBuild('tools/c/dist/index.ts is gone since the last build');
  });

  it('a failed build: its output, its exit status, and the next run builds again', async () => {
    await appendFile(file('packages/a/src/index.ts'), '// broken\n');
    await writeFile(file('FAIL'), '');
    const before = await builds();
    const failed = await buildIfStale();
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('src/index.ts(1,1): error TS1005');
    expect(failed.stderr).toContain('pnpm run build failed');
    expect(await builds()).toBe(before + 1);
    expect(existsSync(file('node_modules/.petstore-build-stamp.json'))).toBe(false);
    await rm(file('FAIL'));
    await expectBuild('no record of a build');
    await expectBuild(undefined);
  });

  it('ignores tests, Markdown, dot-files and node_modules/, which no build reads', async () => {
    await writeFile(file('packages/a/test/a.test.ts'), 'export {};\n');
    await writeFile(file('packages/a/README.md'), '# a\n');
    await mkdir(file('packages/a/.readme-examples-x'));
    await writeFile(file('packages/a/.readme-examples-x/example.mts'), 'export {};\n');
    await mkdir(file('packages/a/node_modules'));
    await writeFile(file('packages/a/node_modules/x.js'), '\n');
    await expectBuild(undefined);
  });
});
