// The README's vitest session recipe runs as written: vitest-sessions/ is a
// vitest project of its own (one mock server in its global set-up, a session
// per test file), run here in a child process, as a user's suite would run.
// Besides the README's files it holds a/pets.test.ts and b/pets.test.ts, two
// files of one name that fail if they share a session.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const project = fileURLToPath(new URL('vitest-sessions/', import.meta.url));
const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');

/** This run's environment without what vitest tells its own workers (a child vitest would take it as its own). */
const childEnv = () => Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')));

it('runs each test file against its own session of one server, files in parallel', async () => {
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = execFile(process.execPath, [vitest, 'run', '--reporter=verbose', '--no-color'], { cwd: project, env: { ...childEnv(), NO_COLOR: '1' }, timeout: 60_000 }, (_error, stdout, stderr) =>
      resolve({ code: child.exitCode, output: `${stdout}${stderr}` }),
    );
  });
  expect({ code, output }).toMatchObject({ code: 0 });
  expect(output).toMatch(/Test Files\s+4 passed \(4\)/);
  expect(output).toMatch(/Tests\s+6 passed \(6\)/);
  // The names file-session.ts gives as its example: the path, and a hash of it.
  expect(output).toContain('a/pets.test.ts > sees only its own animal in /sessions/a-pets-61786ec4/v1');
  expect(output).toMatch(/b\/pets\.test\.ts > sees only its own animal in \/sessions\/b-pets-[0-9a-f]{8}\/v1/);
});
