// The `mock` fixture of @petstore/mock-server/playwright, in Playwright itself:
// playwright-fixture/ is a Playwright project of its own (one server from
// mockServerGlobalSetup(), two workers, no browser), run here in a child
// process on the built package, as a user's run would go. The README's recipe,
// with pages in Chromium, is `pnpm test:playwright`.
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { runChildPlaywright, type PlaywrightOutcome } from './support/child-playwright.js';

const config = fileURLToPath(new URL('playwright-fixture/playwright.config.ts', import.meta.url));

describe('the mock fixture under Playwright', () => {
  let run: Awaited<ReturnType<typeof runChildPlaywright>>;
  const outcome = (title: string): PlaywrightOutcome => {
    const found = run.outcomes.find(({ titlePath }) => titlePath.at(-1) === title);
    if (!found) throw new Error(`no test "${title}" in the run: ${run.stderr}`);
    return found;
  };

  beforeAll(async () => {
    run = await runChildPlaywright(config);
  }, 90_000);

  it('fails the test whose request the contract refused, by its name, with the explanation, though the app carried on', () => {
    expect(run.code).toBe(1);
    const failed = outcome('fails: the app sends a field the contract does not know and carries on');
    expect(failed.titlePath).toContain('refused.spec.ts');
    expect(failed.ok).toBe(false);
    expect(failed.errors.join('\n')).toMatch(
      /The mock refused POST \/v1\/pets with 400 invalid_request \(request [\w-]+\), and nothing in the test staged that failure: body\.name: is required; body: unknown field: nam[^]*expectRefused\(\{"operation":"createPet","code":"invalid_request"\}\)/,
    );
  });

  it('fails a test that expected a refusal none sent, and passes one that expected it or staged its failure', () => {
    const unmet = outcome('fails: the test expected a refusal that never came');
    expect(unmet.ok).toBe(false);
    expect(unmet.errors.join('\n')).toContain('The test expected a refused request (expectRefused({"operation":"createPet"})), but it refused none.');
    expect(outcome('passes: the test says first that it means to send it')).toMatchObject({ ok: true, errors: [] });
    expect(outcome('passes: a failure the test staged is no refusal')).toMatchObject({ ok: true, errors: [] });
  });

  it('gives each test a session named after it, or each worker one, reset before each test', () => {
    const sessions = run.outcomes.filter(({ titlePath }) => titlePath.some((title) => title.startsWith('session-per-')));
    expect(sessions.map(({ titlePath, ok, errors }) => ({ title: titlePath.at(-1), ok, errors }))).toEqual([
      { title: 'is named after the test and starts from the seed', ok: true, errors: [] },
      { title: "is the worker's, worker-N", ok: true, errors: [] },
      { title: 'is reset before each test', ok: true, errors: [] },
    ]);
  });
});
