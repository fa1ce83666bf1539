// fixtures/app, installed from the tarballs: a strict TypeScript program under
// `nodenext` and `bundler` resolution run against the installed petstore-mock,
// a CommonJS script that require()s the SDK, and a vitest + msw suite.
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { expectEqual } from './expect-equal.mjs';
import { withMockServer } from './mock-server.mjs';
import { pathWithThisNode, runCommand } from './run-command.mjs';

// Node.js strips types unflagged from 22.18 and 23.6; the packages support 22.12 and later.
const STRIP_TYPES = process.features.typescript ? [] : ['--experimental-strip-types'];

/**
 * Installs the app project and runs its checks. Resolves once installed, with
 * the project folder (undefined if the install failed), and `done` for the rest.
 */
export async function runAppChecks({ report, installFixture, timeouts }) {
  let projectDir;
  const installed = await report.check('app: npm install of the sdk and mock-server tarballs, typescript, vitest, msw', async () => {
    projectDir = await installFixture('app');
  });
  const names = [
    'app: tsc -p tsconfig.nodenext.json (strict)',
    'app: tsc -p tsconfig.bundler.json (strict)',
    'app: list, create and get against the installed petstore-mock',
    "app: require('@petstore/sdk') from CommonJS",
    'app: vitest run, msw setupServer(...createHandlers())',
  ];
  if (!installed) {
    for (const name of names) report.notRun(name, 'the install failed');
    return { projectDir: undefined, done: Promise.resolve() };
  }
  const env = { ...process.env, PATH: pathWithThisNode };
  const bin = (name) => join(projectDir, 'node_modules', '.bin', name);
  const run = (command, args, timeoutMs) => runCommand(command, args, { cwd: projectDir, env, timeoutMs });
  const mockBin = bin('petstore-mock');

  const done = Promise.all([
    report.check(names[0], () => run(bin('tsc'), ['-p', 'tsconfig.nodenext.json'], timeouts.tool)),
    report.check(names[1], () => run(bin('tsc'), ['-p', 'tsconfig.bundler.json'], timeouts.tool)),
    report.check(names[2], (note) =>
      withMockServer(mockBin, async (url) => {
        const { stdout } = await run(process.execPath, [...STRIP_TYPES, 'src/main.ts', url], timeouts.program);
        const seen = lastJsonLine(stdout);
        if (seen.before < 1) throw new Error(`the mock's seed listed no animal: ${stdout}`);
        expectEqual(seen.created.name, 'Packed', 'name of the created animal');
        expectEqual(seen.created.status, 'pending', 'status of the created animal');
        expectEqual(JSON.stringify(seen.fetched), JSON.stringify(seen.created), 'the animal got back by id');
        expectEqual(seen.after, seen.before + 1, 'animals listed after the create');
        expectEqual(seen.missing, 'not_found', 'error code of a get of a missing id');
        expectEqual(seen.openapi, seen.generated, 'openapi.json against createOpenApiDocument()');
        note(`created ${JSON.stringify(seen.created)}`);
      }),
    ),
    report.check(names[3], (note) =>
      withMockServer(mockBin, async (url) => {
        const { stdout } = await run(process.execPath, ['src/require-sdk.cjs', url], timeouts.program);
        const pets = lastJsonLine(stdout);
        expectEqual(pets.length, 3, 'animals listed');
        note(`node ${process.version}: ${pets.map((pet) => pet.name).join(', ')}`);
      }),
    ),
    report.check(names[4], async (note) => {
      const { stdout } = await run(bin('vitest'), ['run', '--reporter=dot'], timeouts.tool);
      const tests = /Tests\s+(.*)/.exec(stripVTControlCharacters(stdout))?.[1];
      if (tests) note(`tests ${tests.trim()}`);
    }),
  ]);
  return { projectDir, done };
}

function lastJsonLine(stdout) {
  const line = stdout.trimEnd().split('\n').at(-1) ?? '';
  try {
    return JSON.parse(line);
  } catch {
    throw new Error(`expected a JSON line at the end of the output, got:\n${stdout}`);
  }
}
