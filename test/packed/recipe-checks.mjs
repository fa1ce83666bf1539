// The mock-server README's recipes, run as a user copies them: each file the
// README shows whole (`<!-- file: test/recipes/… -->`) is written, from the
// README's own text, into a fresh project that installed the tarballs, vitest,
// msw, @playwright/test and Storybook; then each recipe runs there with its own tools. No
// file of this repository is copied, so a recipe that leans on one fails here.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { readReadmeFiles } from './readme-files.mjs';
import { pathWithThisNode, runCommand } from './run-command.mjs';

/** Where the README's recipe paths start; below it, the same layout in the project. */
const RECIPE_DIR = 'test/recipes/';

/**
 * Each recipe: the README files it needs (a recipe the README shows only in
 * part would be caught here), where and how it runs, and what its output must say.
 */
const RECIPES = [
  {
    name: 'recipe: vitest with MSW, msw-lifecycle.test.ts as copied',
    files: ['msw-lifecycle.test.ts'],
    cwd: '.',
    tool: 'vitest',
    args: ['run', 'msw-lifecycle.test.ts'],
    expect: [/Test Files\s+1 passed \(1\)/],
  },
  {
    name: 'recipe: vitest with the in-process fetch, mock-fetch.test.ts as copied',
    files: ['mock-fetch.test.ts'],
    cwd: '.',
    tool: 'vitest',
    args: ['run', 'mock-fetch.test.ts'],
    expect: [/Test Files\s+1 passed \(1\)/],
  },
  {
    name: 'recipe: vitest sessions, two files on two workers, global set-up starting petstore-mock',
    files: ['vitest-sessions/vitest.config.ts', 'vitest-sessions/global-setup.ts', 'vitest-sessions/cats.test.ts', 'vitest-sessions/dogs.test.ts'],
    cwd: 'vitest-sessions',
    tool: 'vitest',
    // The config's own maxWorkers: 2 is what makes two workers; nothing is added here.
    args: ['run'],
    expect: [/Test Files\s+2 passed \(2\)/],
  },
  {
    name: 'recipe: Playwright, a session per test on two workers, page included',
    files: ['playwright/playwright.config.ts', 'playwright/global-setup.ts', 'playwright/animals.spec.ts', 'playwright/animals.html'],
    cwd: 'playwright',
    tool: 'playwright',
    args: ['test', '--workers', '2'],
    expect: [/using 2 workers/, /\b5 passed\b/],
  },
  {
    name: 'recipe: Storybook, a store per story, its stories run by the Vitest add-on in Chromium',
    files: ['storybook/.storybook/main.ts', 'storybook/.storybook/preview.ts', 'storybook/pets-list.ts', 'storybook/pets-list.stories.ts', 'storybook/vitest.config.ts'],
    cwd: 'storybook',
    // The README's own step, MSW's service worker into the folder main.ts serves, run
    // where the user runs it: at the project's root, by its package.json (which msw reads).
    before: [{ tool: 'msw', args: ['init', 'storybook/public', '--no-save'], cwd: '.' }],
    tool: 'vitest',
    args: ['run'],
    expect: [/Test Files\s+1 passed \(1\)/, /Tests\s+4 passed \(4\)/],
  },
];

/** The third-party tools whose installed versions the report gives. */
const TOOLS = ['vitest', 'msw', '@playwright/test', 'storybook', '@storybook/addon-vitest'];

export async function runRecipeChecks({ report, installFixture, timeouts, readmePath }) {
  let projectDir;
  const installed = await report.check('recipes: npm install of the sdk and mock-server tarballs, vitest, msw, @playwright/test, Storybook (no browser)', async (note) => {
    // Playwright's browsers never come from the network here: Debian's Chromium runs the recipe.
    projectDir = await installFixture('recipes', { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' });
    const version = (name) => JSON.parse(readFileSync(join(projectDir, 'node_modules', name, 'package.json'), 'utf8')).version;
    note(TOOLS.map((name) => `${name} ${version(name)}`).join(', '));
  });
  if (!installed) {
    for (const { name } of RECIPES) report.notRun(name, 'the install failed');
    return;
  }
  let shown;
  const written = await report.check('recipes: the README files written into the project, as the README shows them', (note) => {
    shown = readReadmeFiles(readmePath);
    const recipeFiles = [...shown].filter(([path]) => path.startsWith(RECIPE_DIR));
    for (const [path, text] of recipeFiles) {
      const target = join(projectDir, path.slice(RECIPE_DIR.length));
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, text);
    }
    note(`${recipeFiles.length} files: ${recipeFiles.map(([path]) => path.slice(RECIPE_DIR.length)).join(', ')}`);
  });
  if (!written) {
    for (const { name } of RECIPES) report.notRun(name, 'the README files could not be written');
    return;
  }
  const env = {
    ...process.env,
    PATH: pathWithThisNode,
    // The recipe's config launches the Chromium this names; the repository's CI runs Debian's.
    PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH: process.env['PETSTORE_CHROMIUM'] || '/usr/bin/chromium',
  };
  // Set around this run, it would send the recipes to that server instead of the one their set-up starts.
  delete env['PETSTORE_MOCK_URL'];
  // One after another: each starts a server or workers of its own, and the browser is the heaviest.
  for (const recipe of RECIPES) {
    await report.check(recipe.name, async (note) => {
      const missing = recipe.files.filter((file) => !shown.has(RECIPE_DIR + file));
      if (missing.length > 0) throw new Error(`the README does not show ${missing.join(', ')} (a <!-- file: ${RECIPE_DIR}… --> block each)`);
      const run = ({ tool, args, cwd }) => runCommand(join(projectDir, 'node_modules', '.bin', tool), args, { cwd: join(projectDir, cwd), env, timeoutMs: timeouts.tool });
      for (const step of recipe.before ?? []) await run(step);
      const { stdout } = await run(recipe);
      const output = stripVTControlCharacters(stdout);
      for (const pattern of recipe.expect) {
        if (!pattern.test(output)) throw new Error(`the output does not match ${pattern}:\n${output.trimEnd().split('\n').slice(-30).join('\n')}`);
      }
      note(summary(output));
    });
  }
}

/** vitest's "Test Files …" and "Tests …" lines, or Playwright's "Running …" and "N passed" ones. */
function summary(output) {
  const vitest = ['Test Files', 'Tests'].map((label) => new RegExp(`^\\s*${label}\\s+(.*)$`, 'm').exec(output)?.[1]?.trim());
  if (vitest.every(Boolean)) return `files ${vitest[0]}; tests ${vitest[1]}`;
  const running = /Running .*/.exec(output)?.[0];
  const passed = /^\s*(\d+ passed.*)$/m.exec(output)?.[1];
  return [running, passed].filter(Boolean).join('; ');
}
