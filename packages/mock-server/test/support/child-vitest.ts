import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');

/** This run's environment without what vitest tells its own workers (a child vitest would take it as its own). */
const childEnv = () => Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')));

/**
 * `vitest run` of the project in `cwd`, in a child process on this Node.js, as
 * a user's suite would run: its exit code and all it printed. Killed after
 * `timeoutMs` (the exit code is then null).
 */
export function runChildVitest(cwd: string, args: readonly string[], timeoutMs = 60_000): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [vitest, 'run', '--reporter=verbose', '--no-color', ...args], { cwd, env: { ...childEnv(), NO_COLOR: '1' }, timeout: timeoutMs }, (_error, stdout, stderr) =>
      resolve({ code: child.exitCode, output: `${stdout}${stderr}` }),
    );
  });
}
