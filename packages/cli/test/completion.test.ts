/**
 * Shell completion, as a user's shell runs it: bash loads the script the built
 * binary prints and calls it with COMP_WORDS as it would on Tab, and every
 * answer comes from `petstore __complete`, which reads the command tree.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Command } from 'commander';
import { OPERATIONS } from '@petstore/sdk/contract';
import { PET_STATUSES } from '@petstore/sdk/values';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { commandPath } from '../src/completion/command-words.js';
import { createProgram } from '../src/startup/program.js';
import { cliBin, cliEnv, createTempDirs, runCli } from './support.js';

const tempDirs = createTempDirs();
let configDir: string;
let binDir: string;

beforeAll(async () => {
  configDir = await tempDirs.make('petstore-completion-config-');
  binDir = await tempDirs.make('petstore-completion-bin-');
  // `petstore` on PATH, as an installed CLI is.
  await writeFile(join(binDir, 'petstore'), `#!/bin/sh\nexec "${process.execPath}" "${cliBin}" "$@"\n`);
  await chmod(join(binDir, 'petstore'), 0o755);
  await mkdir(configDir, { recursive: true });
  await writeFile(join(configDir, 'config.json'), JSON.stringify({ profiles: { qa: { baseUrl: 'http://127.0.0.1:4011/v1' } } }));
  await writeFile(join(configDir, 'credentials.json'), JSON.stringify({ profiles: { ci: { apiKey: 'k-123456789' } } }), { mode: 0o600 });
});
afterAll(() => tempDirs.removeAll());

/** What bash offers for the command line `words` (the last one is under the cursor). */
async function bashComplete(words: readonly string[]): Promise<string[]> {
  const script = (await runCli(configDir, ['completion', 'bash'])).stdout;
  const quoted = ['petstore', ...words].map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(' ');
  const { stdout } = await promisify(execFile)(
    'bash',
    ['-c', `${script}\nCOMP_WORDS=(${quoted}); COMP_CWORD=${words.length}; _petstore; printf '%s\\n' "\${COMPREPLY[@]}"`],
    { env: cliEnv(configDir, { PATH: `${binDir}:${process.env['PATH'] ?? ''}` }) },
  );
  return stdout.split('\n').filter(Boolean);
}

describe.concurrent('bash completion', () => {
  it.for([
    [[''], ['pets', 'auth', 'config', 'verify', 'doctor', 'api', 'completion', 'help']],
    [['pets', ''], ['list', 'create', 'get', 'import', 'help']],
    [['--profile', 'qa', 'pets', 'l'], ['list']],
    [['--json', 'config', 'de'], ['delete-profile']],
    [['pets', 'list', '--status', ''], [...PET_STATUSES]],
    [['--format', ''], ['table', 'tsv', 'json', 'ndjson']],
    [['pets', 'import', 'a.csv', '--input-format', 'n'], ['ndjson']],
    [['--profile', ''], ['mock', 'production', 'staging', 'qa', 'ci']],
    [['config', 'delete-profile', ''], ['mock', 'production', 'staging', 'qa', 'ci']],
    [['config', 'set', ''], ['profile', 'base-url']],
    [['config', 'unset', 'b'], ['base-url']],
    [['completion', ''], ['bash', 'zsh', 'fish']],
    [['pets', 'list', '--s'], ['--status']],
    [['pets', 'list', '-L'], ['-L']],
    [['pets', 'list', '-s', ''], [...PET_STATUSES]],
    [['pets', 'create', '-n', 'Rex', '-s', 'p'], ['pending']],
  ] as const)('%j → %j', async ([words, expected], { expect }) => {
    expect(await bashComplete(words)).toEqual(expected);
  });

  it('offers every flag of the command and the global ones', async ({ expect }) => {
    const offered = await bashComplete(['pets', 'create', '--']);
    for (const flag of ['--name', '--category-id', '--status', '--data', '--json', '--format', '--base-url', '--profile', '--timeout', '--help']) expect(offered).toContain(flag);
  });

  it('offers the short flags after a single dash, and only the long ones after two', async ({ expect }) => {
    const [list, create, long] = await Promise.all([bashComplete(['pets', 'list', '-']), bashComplete(['pets', 'create', '-']), bashComplete(['pets', 'list', '--'])]);
    for (const flag of ['-s', '--status', '-L', '--limit', '-h', '--json']) expect(list).toContain(flag);
    for (const flag of ['-n', '--name', '-c', '--category-id', '-s', '--status', '--data']) expect(create).toContain(flag);
    expect(long.filter((flag) => !flag.startsWith('--'))).toEqual([]);
  });
});

describe.concurrent('petstore api completes the methods and paths of the contract', () => {
  // Read from OPERATIONS as the CLI reads them: a new operation must appear here with no edit.
  const operations = Object.values(OPERATIONS).map(({ method, path }) => ({ method: method as string, path: path.slice(1) }));
  const methods = [...new Set(operations.map(({ method }) => method))];
  const pathsOf = (method?: string) => [...new Set(operations.filter((operation) => method === undefined || operation.method === method).map(({ path }) => path))];

  it('offers every method and path first, then the paths of the method typed', async ({ expect }) => {
    expect(await bashComplete(['api', ''])).toEqual([...methods, ...pathsOf()]);
    for (const method of methods) expect(await bashComplete(['api', method, ''])).toEqual(pathsOf(method));
    expect(await bashComplete(['--profile', 'qa', 'api', '-i', 'pets/'])).toEqual(pathsOf().filter((path) => path.startsWith('pets/')));
  });

  it('offers the paths of the contract, methods GET and POST among them, and nothing after the path', async ({ expect }) => {
    const first = await bashComplete(['api', '']);
    for (const expected of ['GET', 'POST', 'pets', 'pets/{petId}']) expect(first).toContain(expected);
    expect(await bashComplete(['api', 'POST', ''])).toEqual(['pets']);
    expect(await bashComplete(['api', 'GET', 'pets', ''])).toEqual([]);
    expect(await bashComplete(['api', '-H', 'X-A: b', 'P'])).toEqual(['POST']);
  });
});

describe('completion follows the command tree', () => {
  const io = { env: {}, stdout: { write: () => true }, stderr: { write: () => true }, stdin: process.stdin };
  const walk = (command: Command): Command[] => command.commands.flatMap((sub) => [sub, ...walk(sub)]);
  const visible = (command: Command) => command.createHelp().visibleCommands(command).filter((sub) => sub.name() !== 'help');

  it('offers every subcommand, every long flag and every short flag of every command', async ({ expect }) => {
    const program = createProgram(io);
    for (const command of [program, ...walk(program)].filter((candidate) => candidate.name() !== '__complete')) {
      const words = commandPath(command).split(' ').slice(1);
      const subs = (await runCli(configDir, ['__complete', '--', ...words, ''])).stdout.split('\n');
      for (const sub of visible(command)) expect(subs).toContain(sub.name());
      const flags = (await runCli(configDir, ['__complete', '--', ...words, '--'])).stdout.split('\n');
      for (const option of command.options.filter((candidate) => !candidate.hidden)) expect(flags).toContain(option.long);
      const dash = (await runCli(configDir, ['__complete', '--', ...words, '-'])).stdout.split('\n');
      for (const option of command.options.filter((candidate) => !candidate.hidden && candidate.short)) expect(dash).toContain(option.short);
    }
  });

  it.for(['zsh', 'fish'])('the %s script asks petstore __complete too', async (shell, { expect }) => {
    const { code, stdout } = await runCli(configDir, ['completion', shell]);
    expect(code).toBe(0);
    expect(stdout).toContain('petstore __complete --');
  });

  it('an unknown shell is a usage error naming the supported ones', async ({ expect }) => {
    const result = await runCli(configDir, ['completion', 'tcsh']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("value 'tcsh' is invalid for argument 'shell'. Allowed choices are bash, zsh, fish.");
  });
});
