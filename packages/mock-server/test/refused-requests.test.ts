// onRefusedRequest: 'error' as a test runner meets it: a child `vitest run` of
// fixtures/refused-requests, whose tests swallow every answer as app code that
// shows a toast would. The run fails naming each refused request and why; the
// failures a test armed itself do not fail it; without the option nothing does.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const vitestBin = join(require.resolve('vitest/package.json'), '..', 'vitest.mjs');
const fixture = fileURLToPath(new URL('fixtures/refused-requests/', import.meta.url));

/** Runs the fixture in a child vitest; `args` after `run`. The parent's VITEST_* variables stay out: the child is a run of its own. */
function runFixture(args: readonly string[], env: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')));
  const child = spawn(process.execPath, [vitestBin, 'run', '--config', 'vitest.config.ts', ...args], {
    cwd: fixture,
    env: { ...inherited, NO_COLOR: '1', FORCE_COLOR: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (data: Buffer) => (output += data.toString()));
  child.stderr.on('data', (data: Buffer) => (output += data.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

describe("onRefusedRequest: 'error' under vitest", () => {
  it('fails the run for a refused request through each transport, naming it and every field, though the app swallowed the answer', async () => {
    const { code, output } = await runFixture([]);
    expect(code).toBe(1);
    expect(output).toContain('Tests  4 passed (4)');
    expect(output).toContain('Errors  3 errors');
    expect(output).toMatch(/RefusedRequestError: The mock refused POST \/v1\/pets with 400 invalid_request \(request [\w-]+\), and nothing in the test staged that failure: body\.name: .*; body: unknown field: nam/);
    expect(output).toContain('The last test to run before this error was "refused through the MSW handlers: a misspelt field"');
    expect(output).toMatch(/The mock refused GET \/v1\/pet with 404 route_not_found .*: No operation at \/v1\/pet; did you mean GET \/v1\/pets\?/);
    expect(output).toContain('The last test to run before this error was "refused through the in-process fetch: a path without its plural"');
    expect(output).toMatch(/The mock refused GET \/v1\/pets with 400 invalid_request .*: query\.limit: must be an integer from 1 to 100/);
    expect(output).toContain('The last test to run before this error was "refused through the server: a limit out of range"');
    expect(output).not.toContain('"armed: failures the test staged');
  });

  it('lets failures the test armed (an override, Prefer) and a 404 for a missing animal pass', async () => {
    const { code, output } = await runFixture(['--testNamePattern', '^armed']);
    expect(output).toContain('Tests  1 passed | 3 skipped (4)');
    expect(output).not.toContain('RefusedRequestError');
    expect(code).toBe(0);
  });

  it('fails nothing without the option: the default is today\'s behaviour', async () => {
    const { code, output } = await runFixture([], { FIXTURE_OPTION: 'default' });
    expect(output).toContain('Tests  4 passed (4)');
    expect(output).not.toContain('RefusedRequestError');
    expect(code).toBe(0);
  });
});
