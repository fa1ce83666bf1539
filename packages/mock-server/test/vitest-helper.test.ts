// @petstore/mock-server/vitest as a user's suite meets it: a child `vitest run`
// of fixtures/vitest-helper, whose files each call useMockApi() once, through
// MSW, the in-process fetch and two sessions on one petstore-mock (two files
// in parallel workers). The same five tests run through each (cases.ts): the
// ones named `fails:` must fail, by their own names, and only those;
// concurrent.fixture.ts's concurrent tests fail because they are.
// setup-files/ calls it in a setupFiles entry instead.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const vitestBin = join(require.resolve('vitest/package.json'), '..', 'vitest.mjs');
const fixture = fileURLToPath(new URL('fixtures/vitest-helper/', import.meta.url));
const FILES = ['msw.fixture.ts', 'fetch.fixture.ts', 'session-a.fixture.ts', 'session-b.fixture.ts'];

/** Runs the fixture in a child vitest; `args` after `run`. The parent's VITEST_* variables stay out: the child is a run of its own. */
function runFixture(args: readonly string[], cwd = fixture): Promise<{ code: number | null; output: string }> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'PETSTORE_MOCK_URL'));
  const child = spawn(process.execPath, [vitestBin, 'run', '--config', 'vitest.config.ts', '--reporter=verbose', ...args], {
    cwd,
    env: { ...inherited, NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (data: Buffer) => (output += data.toString()));
  child.stderr.on('data', (data: Buffer) => (output += data.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

describe('useMockApi() under vitest', { timeout: 70_000 }, () => {
  it('fails each test that sent a refused request or missed an expected one, by its name, with the explanation, and no other', async () => {
    const { code, output } = await runFixture([]);
    expect(code).toBe(1);
    expect(output).toMatch(/Tests\s+10 failed \| 16 passed \(26\)/);
    // vitest's per-test hooks failed them: no error outside a test.
    expect(output).not.toMatch(/Unhandled|Errors\s+\d/);
    const escape = (text: string) => text.replaceAll(/[.?*+()[\]{}|^$\\/]/g, '\\$&');
    for (const file of FILES) {
      // Each failure under its own test's name, with what came and what the contract allows.
      expect(output).toMatch(
        new RegExp(
          `× ${escape(file)} > fails: the app swallows the 400 for GET /v1/pets\\?status=Sold .*\\n\\s+→ The mock refused GET /v1/pets with 400 invalid_request \\(request [\\w-]+\\), and nothing in the test staged that failure: query\\.status: must be one of available, pending, sold, got "Sold"`,
        ),
      );
      expect(output).toMatch(new RegExp(`× ${escape(file)} > fails: it expects a refusal that never comes .*\\n\\s+→ The test expected a refused request \\(expectRefused\\(\\{"operation":"createPet"\\}\\)\\), but it refused none\\.`));
      for (const passing of ['it says it expects that refusal', 'it creates an animal', 'the next test starts without that animal']) {
        expect(output).toContain(`✓ ${file} > passes: ${passing}`);
      }
    }
    // One mock per file cannot tell concurrent tests apart: they fail at once, saying so.
    expect(output).toContain('× concurrent.fixture.ts > fails: it runs concurrently with the next');
    expect(output).toContain('useMockApi() gives a file one mock, reset before each test: "fails: it runs concurrently with the previous" runs concurrently with others.');
    // The one line that would expect it.
    expect(output).toContain('A test that means to send it says so first: expectRefused({"operation":"listPets","code":"invalid_request"}).');
  });

  it('gives two files running at once on one petstore-mock a session each, named after the file, with its controls over HTTP', async () => {
    const { code, output } = await runFixture(['--testNamePattern', '^passes', 'session-']);
    expect(output).toMatch(/Tests\s+10 passed \| 4 skipped \(14\)/);
    expect(output).toMatch(/✓ session-a\.fixture\.ts > passes: sees only its own animal in \/sessions\/session-a-fixture-[0-9a-f]{8}\/v1 while the other file runs/);
    expect(output).toMatch(/✓ session-b\.fixture\.ts > passes: sees only its own animal in \/sessions\/session-b-fixture-[0-9a-f]{8}\/v1 while the other file runs/);
    expect(output).toContain("✓ session-a.fixture.ts > passes: stages answers and faults, resets and reads the journal over the session's admin API");
    expect(code).toBe(0);
  });

  it('works from a setupFiles entry: a mock per test file, reset and checked per test', async () => {
    const { code, output } = await runFixture([], join(fixture, 'setup-files'));
    expect(output).toMatch(/Tests\s+2 failed \| 4 passed \(6\)/);
    for (const file of ['one.check.ts', 'two.check.ts']) {
      expect(output).toContain(`✓ ${file} > passes: the mock was made for this test file`);
      expect(output).toContain(`✓ ${file} > passes: the next test starts without that animal`);
      expect(output).toMatch(new RegExp(`× ${file.replace('.', '\\.')} > fails: the app swallows a 400 .*\\n\\s+→ The mock refused GET /v1/pets with 400 invalid_request`));
    }
    expect(code).toBe(1);
  });
});
