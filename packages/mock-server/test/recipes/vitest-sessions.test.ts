// The README's vitest session recipe runs as written: vitest-sessions/ is a
// vitest project of its own (one mock server in its global set-up, a session
// per test file by useMockApi()), run here in a child process, as a user's
// suite would run, on the built package. Besides the README's files it holds
// a/pets.test.ts and b/pets.test.ts, two files of one name that fail if they
// share a session, and refused.test.ts, whose app swallows a 400 the
// helper's afterEach must fail it for.
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { runChildVitest } from '../support/child-vitest.js';

const project = fileURLToPath(new URL('vitest-sessions/', import.meta.url));

/** The recipe's project run by vitest in a child process, as a user's suite would run. */
const runChild = (args: readonly string[]) => runChildVitest(project, args);

it('runs each test file against its own session of one server, files in parallel', async () => {
  const { code, output } = await runChild(['--exclude', 'refused.test.ts']);
  expect({ code, output }).toMatchObject({ code: 0 });
  expect(output).toMatch(/Test Files\s+4 passed \(4\)/);
  expect(output).toMatch(/Tests\s+6 passed \(6\)/);
  // The names useMockApi() gives: the path, and a hash of it (the README's cats.test.ts: cats-ba57a36d).
  expect(output).toContain('a/pets.test.ts > sees only its own animal in /sessions/a-pets-581040a6/v1');
  expect(output).toMatch(/b\/pets\.test\.ts > sees only its own animal in \/sessions\/b-pets-[0-9a-f]{8}\/v1/);
});

it('fails the test whose request the contract refused, with the explanation, and only that test', async () => {
  const { code, output } = await runChild(['refused.test.ts']);
  expect(code).toBe(1);
  expect(output).toMatch(/Tests\s+1 failed \| 1 passed \(2\)/);
  expect(output).toMatch(/× refused\.test\.ts > fails: the app sends a field the contract does not know/);
  expect(output).toMatch(
    /× refused\.test\.ts > fails: the app sends a field the contract does not know and shows a toast .*\n\s+→ The mock refused POST \/v1\/pets with 400 invalid_request \(request [\w-]+\), and nothing in the test staged that failure: body\.name: is required; body: unknown field: nam/,
  );
  expect(output).not.toMatch(/Unhandled|Errors\s+\d/);
});
