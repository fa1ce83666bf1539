// The MSW handlers in a user's vitest suite, under the node, jsdom and
// happy-dom environments: msw-environments/ is a vitest project of its own,
// run in a child process, because what went wrong there (#30) passed every
// test and failed the run with an unhandled error.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { runChildVitest } from './support/child-vitest.js';

const project = fileURLToPath(new URL('msw-environments/', import.meta.url));
// Three environments in a child vitest take about 20 s on two busy cores.
const CHILD_MS = 90_000;

it("ends a stall in the SDK's TimeoutError or the caller's reason, aborted as clients abort, and the run stays green", async () => {
  const { code, output } = await runChildVitest(project, ['stall'], CHILD_MS);
  expect({ code, output }).toMatchObject({ code: 0 });
  // 5 SDK tests in each of the three environments; 3 plain-fetch ones in node and jsdom.
  expect(output).toMatch(/Tests\s+21 passed \(21\)/);
  expect(output).not.toMatch(/AssertionError|Unhandled/);
}, CHILD_MS + 5_000);

it("passes the README's vitest + MSW recipe unchanged under node, jsdom and happy-dom", async () => {
  const { code, output } = await runChildVitest(project, ['msw-lifecycle'], CHILD_MS);
  expect({ code, output }).toMatchObject({ code: 0 });
  // Every test of the recipe, under each of the three environments.
  const recipeTests = (readFileSync(new URL('recipes/msw-lifecycle.test.ts', import.meta.url), 'utf8').match(/^it\(/gm) ?? []).length;
  expect(output).toMatch(new RegExp(`Tests\\s+${3 * recipeTests} passed \\(${3 * recipeTests}\\)`));
  for (const environment of ['node', 'jsdom', 'happy-dom']) expect(output).toContain(`|${environment}| ../recipes/msw-lifecycle.test.ts`);
  expect(output).not.toMatch(/Unhandled|Cross-Origin Request Blocked/);
}, CHILD_MS + 5_000);
