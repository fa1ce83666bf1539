// What `petstore __complete` answers, in process: the same `complete` over the
// same command tree the binary builds. The shell scripts that call it are
// tested through bash and the built binary in test/completion.test.ts.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { OPERATIONS } from '@petstore/sdk/contract';
import { PET_STATUSES } from '@petstore/sdk/values';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfigStore } from '../config/config-store.js';
import { createProgram } from '../startup/program.js';
import { commandPath } from './command-words.js';
import { complete } from './complete.js';

const io = { env: {}, stdout: { write: () => true }, stderr: { write: () => true }, stdin: process.stdin };
let configDir: string;

beforeAll(async () => {
  configDir = await mkdtemp(join(tmpdir(), 'petstore-complete-'));
  await writeFile(join(configDir, 'config.json'), JSON.stringify({ profiles: { qa: { baseUrl: 'http://127.0.0.1:4011/v1' } } }));
  await writeFile(join(configDir, 'credentials.json'), JSON.stringify({ profiles: { ci: { apiKey: 'k-123456789' } } }), { mode: 0o600 });
});
afterAll(() => rm(configDir, { recursive: true, force: true }));

/** The candidates for the last of `words`, as `petstore __complete -- ...words` prints them. */
const candidates = (words: readonly string[]) => complete(createProgram(io), words, createConfigStore({ PETSTORE_CONFIG_DIR: configDir }, { warn: () => {} }));

describe('completion offers', () => {
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
  ] as const)('%j → %j', async ([words, expected]) => {
    expect(await candidates(words)).toEqual(expected);
  });

  it('every flag of the command and the global ones', async () => {
    const offered = await candidates(['pets', 'create', '--']);
    for (const flag of ['--name', '--category-id', '--status', '--data', '--json', '--format', '--base-url', '--profile', '--timeout', '--help']) expect(offered).toContain(flag);
  });

  it('the short flags after a single dash, and only the long ones after two', async () => {
    const [list, create, long] = await Promise.all([candidates(['pets', 'list', '-']), candidates(['pets', 'create', '-']), candidates(['pets', 'list', '--'])]);
    for (const flag of ['-s', '--status', '-L', '--limit', '-h', '--json']) expect(list).toContain(flag);
    for (const flag of ['-n', '--name', '-c', '--category-id', '-s', '--status', '--data']) expect(create).toContain(flag);
    expect(long.filter((flag) => !flag.startsWith('--'))).toEqual([]);
  });
});

describe('petstore api completes the methods and paths of the contract', () => {
  // Read from OPERATIONS as the CLI reads them: a new operation must appear here with no edit.
  const operations = Object.values(OPERATIONS).map(({ method, path }) => ({ method: method as string, path: path.slice(1) }));
  const methods = [...new Set(operations.map(({ method }) => method))];
  const pathsOf = (method?: string) => [...new Set(operations.filter((operation) => method === undefined || operation.method === method).map(({ path }) => path))];

  it('every method and path first, then the paths of the method typed', async () => {
    expect(await candidates(['api', ''])).toEqual([...methods, ...pathsOf()]);
    for (const method of methods) expect(await candidates(['api', method, ''])).toEqual(pathsOf(method));
    expect(await candidates(['--profile', 'qa', 'api', '-i', 'pets/'])).toEqual(pathsOf().filter((path) => path.startsWith('pets/')));
  });

  it('the paths of the contract, methods GET and POST among them, and nothing after the path', async () => {
    const first = await candidates(['api', '']);
    for (const expected of ['GET', 'POST', 'pets', 'pets/{petId}']) expect(first).toContain(expected);
    expect(await candidates(['api', 'POST', ''])).toEqual(['pets']);
    expect(await candidates(['api', 'GET', 'pets', ''])).toEqual([]);
    expect(await candidates(['api', '-H', 'X-A: b', 'P'])).toEqual(['POST']);
  });
});

describe('completion follows the command tree', () => {
  const walk = (command: Command): Command[] => command.commands.flatMap((sub) => [sub, ...walk(sub)]);
  const visible = (command: Command) => command.createHelp().visibleCommands(command).filter((sub) => sub.name() !== 'help');

  it('offers every subcommand, every long flag and every short flag of every command', async () => {
    const program = createProgram(io);
    const commands = [program, ...walk(program)].filter((candidate) => candidate.name() !== '__complete');
    expect(commands.length).toBeGreaterThan(10);
    for (const command of commands) {
      const words = commandPath(command).split(' ').slice(1);
      const subs = await candidates([...words, '']);
      for (const sub of visible(command)) expect(subs, commandPath(command)).toContain(sub.name());
      const flags = await candidates([...words, '--']);
      for (const option of command.options.filter((candidate) => !candidate.hidden)) expect(flags, commandPath(command)).toContain(option.long);
      const dash = await candidates([...words, '-']);
      for (const option of command.options.filter((candidate) => !candidate.hidden && candidate.short)) expect(dash, commandPath(command)).toContain(option.short);
    }
  });
});
