import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const cli = join(dirname(createRequire(import.meta.url).resolve('@playwright/test/package.json')), 'cli.js');

/** One test as Playwright's JSON reporter gives it: its file and titles, whether it went as expected, and its errors' messages. */
export interface PlaywrightOutcome {
  titlePath: string[];
  ok: boolean;
  errors: string[];
}

interface JsonSuite {
  title: string;
  suites?: JsonSuite[];
  specs?: { title: string; ok: boolean; tests: { results: { errors: { message?: string }[] }[] }[] }[];
}

const outcomesOf = (suite: JsonSuite, path: readonly string[]): PlaywrightOutcome[] => [
  ...(suite.specs ?? []).map(({ title, ok, tests }) => ({
    titlePath: [...path, suite.title, title],
    ok,
    // Without colours: a run under a terminal may ask for them.
    errors: tests.flatMap(({ results }) => results.flatMap(({ errors }) => errors.map(({ message = '' }) => stripVTControlCharacters(message)))),
  })),
  ...(suite.suites ?? []).flatMap((child) => outcomesOf(child, [...path, suite.title])),
];

/**
 * `playwright test --config <config>` in a child process on this Node.js, as a
 * user's run would go, with its JSON report read back: the exit code and each
 * test's outcome. No `PETSTORE_MOCK_URL` or vitest variables reach it, so its
 * global set-up starts a server of its own. Killed after `timeoutMs`.
 */
export function runChildPlaywright(config: string, timeoutMs = 60_000): Promise<{ code: number | null; outcomes: PlaywrightOutcome[]; stderr: string }> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'PETSTORE_MOCK_URL' && name !== 'FORCE_COLOR'));
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [cli, 'test', '--config', config, '--reporter=json'], { env: { ...env, NO_COLOR: '1' }, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (_error, stdout, stderr) => {
      const report = (() => {
        try {
          return JSON.parse(stdout) as { suites: JsonSuite[] };
        } catch {
          return { suites: [] };
        }
      })();
      resolve({ code: child.exitCode, outcomes: report.suites.flatMap((suite) => outcomesOf(suite, [])), stderr: `${stderr}${report.suites.length === 0 ? stdout : ''}` });
    });
  });
}
