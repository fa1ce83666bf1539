import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { checkRefusals, type RefusalMatch } from '../test-kit/refusal-check.js';
import type { Transport } from './transport.js';

/**
 * Registers the file's hooks: the transport starts before its first test,
 * resets before each, is checked after each (a refused request the test did
 * not expect fails that test, from its own afterEach, so vitest names it), and
 * stops after the last. Returns `expectRefused`.
 */
export function registerHooks(transport: Transport): (match?: RefusalMatch) => void {
  // The current test's expectations; undefined between tests.
  let expected: RefusalMatch[] | undefined;

  beforeAll(() => transport.start());
  beforeEach(async ({ task }) => {
    // One state per file: a concurrent test would see another's animals, and its refusals could not be told apart.
    if (task.concurrent) throw new Error(`useMockApi() gives a file one mock, reset before each test: "${task.name}" runs concurrently with others. Run the file's tests in sequence, or give concurrent tests a file each.`);
    await transport.reset();
    expected = [];
  });
  afterEach(async () => {
    const expectations = expected ?? [];
    expected = undefined;
    const failure = checkRefusals(await transport.refused(), expectations);
    if (failure) throw failure;
  });
  afterAll(() => transport.stop());

  return (match = {}) => {
    if (expected === undefined) throw new Error('expectRefused() is called during the test that expects the refusal (it holds until that test ends), not at the top level of the file.');
    expected.push(match);
  };
}
