/**
 * Help and the rough edges a new user hits, on the built binary: every
 * command's --help (examples and the global flags), `help pets list`, bare
 * group commands, suggestions that are whole commands, conflicting flags.
 */
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, LIST_LIMIT_MIN, NAME_MAX_LENGTH } from '@petstore/sdk/values';
import type { Command } from 'commander';
import { afterAll, describe, it } from 'vitest';
import { TIMEOUT } from '../src/tables/timeout.js';
import { commandPath } from '../src/completion/command-words.js';
import { PET_FIELDS, PET_FIELD_NAMES } from '../src/tables/pet-fields.js';
import { createProgram } from '../src/startup/program.js';
import { PROXY_MARKERS, canListLoadedFiles, createCli, createTempDirs, filesLoadedBy } from './support.js';

const tempDirs = createTempDirs();
afterAll(() => tempDirs.removeAll());

/** Every visible command of the tree the binary is built from, as argv words. */
function everyCommand(command: Command): string[][] {
  return command
    .createHelp()
    .visibleCommands(command)
    .filter((sub) => sub.name() !== 'help')
    .flatMap((sub) => {
      const words = commandPath(sub).split(' ').slice(1);
      return [words, ...everyCommand(sub)];
    });
}

const io = { env: {}, stdout: { write: () => true }, stderr: { write: () => true }, stdin: process.stdin };
const COMMANDS = everyCommand(createProgram(io));

describe.concurrent('help', () => {
  it('lists at least the commands the README documents', ({ expect }) => {
    const names = COMMANDS.map((words) => words.join(' '));
    for (const name of ['pets list', 'pets create', 'pets get', 'pets import', 'auth login', 'auth status', 'auth logout', 'config get', 'config set', 'config unset', 'config delete-profile', 'config list', 'doctor', 'api', 'completion']) {
      expect(names).toContain(name);
    }
  });

  it.for(COMMANDS.map((words) => [words.join(' ')]))('petstore %s --help: exit 0, examples, the global flags', async ([name], { expect }) => {
    const { run } = await createCli(tempDirs);
    const result = await run([...(name ?? '').split(' '), '--help']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain(`Usage: petstore ${name}`);
    expect(result.stdout).toMatch(/\nExamples:\n {2}\S/);
    expect(result.stdout).toContain('Global Options:');
    for (const flag of ['--json', '--format', '--base-url', '--profile', '--timeout', '--debug', '--no-color']) expect(result.stdout).toContain(flag);
  });

  it('help pets list is pets list --help; help alone is --help', async ({ expect }) => {
    const { run } = await createCli(tempDirs);
    const [viaHelp, viaFlag, helpAlone, root] = await Promise.all([run(['help', 'pets', 'list']), run(['pets', 'list', '--help']), run(['help']), run(['--help'])]);
    expect(viaHelp).toMatchObject({ code: 0, stderr: '' });
    expect(viaHelp.stdout).toBe(viaFlag.stdout);
    expect(helpAlone.stdout).toBe(root.stdout);
    // An operand after a command without subcommands is no typo: the command's help.
    const [withOperand, getHelp] = await Promise.all([run(['help', 'pets', 'get', '7']), run(['pets', 'get', '--help'])]);
    expect(withOperand).toMatchObject({ code: 0, stderr: '', stdout: getHelp.stdout });
  });

  it('states the numbers of the contract and the CLI as their constants hold them, and every field of pets create', async ({ expect }) => {
    const { run } = await createCli(tempDirs);
    const [list, create, root] = await Promise.all([run(['pets', 'list', '--help']), run(['pets', 'create', '--help']), run(['--help'])]);
    expect(list.stdout).toContain(`${LIST_LIMIT_MIN} to ${LIST_LIMIT_MAX} (default ${LIST_LIMIT_DEFAULT})`);
    expect(create.stdout).toContain(`1 to ${NAME_MAX_LENGTH} characters`);
    for (const field of PET_FIELD_NAMES) expect(create.stdout).toContain(PET_FIELDS[field].flag);
    expect(root.stdout).toContain(`(default ${TIMEOUT.default})`);
  });

  // module.registerHooks came in Node.js 22.15: the runtime matrix's Node.js 22.12 skips this one (the bundle is the same).
  it.skipIf(!canListLoadedFiles)('--help and a usage error load neither the SDK client, zod, chalk, the proxy support nor jq (they load with a command; jq with --jq)', async ({ expect }) => {
    const env = { PETSTORE_CONFIG_DIR: await tempDirs.make() };
    // jq-web's own files, and the CLI's chunk that starts jq's worker (which names its file).
    const loadsJq = (loaded: readonly [string, string][]) => loaded.some(([url, text]) => url.includes('/jq-web/') || text.includes('jq-worker.js'));
    for (const args of [['--help'], ['pets', 'lst']]) {
      const loaded = await filesLoadedBy(args, env);
      expect(loaded.length).toBeGreaterThan(1);
      for (const [url, text] of loaded) {
        for (const marker of ['_zod', 'isPetstoreError', 'chalkStderr', ...PROXY_MARKERS]) expect(text.includes(marker), `${url} holds ${marker}`).toBe(false);
      }
      expect(loadsJq(loaded)).toBe(false);
    }
    // jq loads with --jq only: a command that prints JSON does not load it without.
    const [json, filtered] = await Promise.all([filesLoadedBy(['config', 'list', '--json'], env), filesLoadedBy(['config', 'list', '--jq', '.profile'], env)]);
    expect(loadsJq(json)).toBe(false);
    expect(loadsJq(filtered)).toBe(true);
  });

  it.for([[''], ['pets'], ['auth'], ['config']])('petstore %s alone prints its help on stdout and exits 0', async ([group], { expect }) => {
    const { run } = await createCli(tempDirs);
    const words = group ? [group] : [];
    const [alone, asked] = await Promise.all([run(words), run([...words, '--help'])]);
    expect(alone).toMatchObject({ code: 0, stderr: '' });
    expect(alone.stdout).toBe(asked.stdout);
    expect(alone.stdout).toContain(`Usage: petstore${group ? ` ${group}` : ''} [options] [command]`);
  });
});

describe.concurrent('mistakes', () => {
  it.for([
    [['pets', 'lst'], 'unknown command \'lst\'. Did you mean `petstore pets list`?', 'petstore pets --help'],
    [['pet', 'list', '--limit', '2'], 'unknown command \'pet\'. Did you mean `petstore pets list --limit 2`?', 'petstore --help'],
    [['--profile', 'mock', 'pets', 'creat'], 'unknown command \'creat\'. Did you mean `petstore --profile mock pets create`?', 'petstore pets --help'],
    [['pets', 'crate', '--name', "Rex's pup", '--category-id', '1'], "unknown command 'crate'. Did you mean `petstore pets create --name 'Rex'\\''s pup' --category-id 1`?", 'petstore pets --help'],
    [['pets', 'list', '--stauts', 'sold'], 'unknown option \'--stauts\'. Did you mean --status?', 'petstore pets list --help'],
    [['help', 'pest'], 'unknown command \'pest\'. Did you mean `petstore help pets`?', 'petstore --help'],
    [['help', 'pets', 'lst'], 'unknown command \'lst\'. Did you mean `petstore help pets list`?', 'petstore pets --help'],
    [['--profile', 'mock', 'help', 'pets', 'creat'], 'unknown command \'creat\'. Did you mean `petstore --profile mock help pets create`?', 'petstore pets --help'],
    [['help', 'zzzz'], 'unknown command \'zzzz\'', 'petstore --help'],
  ] as const)('%j: exit 2, a suggestion that is a whole command, where to read more', async ([args, message, usage], { expect }) => {
    const { run } = await createCli(tempDirs);
    const result = await run(args);
    expect(result).toMatchObject({ code: 2, stdout: '', stderr: `error: ${message}\nRun \`${usage}\` for usage.\n` });
  });

  it('--json with --format is a usage error, whatever the order', async ({ expect }) => {
    const { run } = await createCli(tempDirs);
    for (const args of [['--json', 'pets', 'list', '--format', 'tsv'], ['pets', 'list', '--format', 'json', '--json']]) {
      const result = await run(args);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain("option '--json' cannot be used with option '--format <format>'");
    }
  });
});
