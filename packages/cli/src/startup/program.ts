import { Argument, Command, Option } from 'commander';
import { PET_STATUSES } from '@petstore/sdk/values';
import { CONFIG_KEYS } from './config-keys.js';
import { createContext, type GlobalOptions } from '../commands/context.js';
import type { CallSettings } from '../errors/explain-no-answer.js';
import { SHELLS, type Shell } from '../completion/shells.js';
import { EXIT_CODES_HELP } from '../errors/exit-codes.js';
import type { CliIo } from '../io/io.js';
import { IMPORT_FORMATS, type ImportFlags } from './import-flags.js';
import { FORMATS } from '../output/render-pets.js';
import { VERSION } from './version.js';

const ENVIRONMENT_HELP = `Environment:
  PETSTORE_API_KEY      API key (else the credentials file written by \`auth login\`)
  PETSTORE_BASE_URL     base URL, e.g. http://127.0.0.1:4010/v1
  PETSTORE_PROFILE      profile: mock (default), production, staging, or your own
  PETSTORE_CONFIG_DIR   configuration folder (else $XDG_CONFIG_HOME/petstore, else ~/.config/petstore)
  PETSTORE_NO_DEPRECATION_WARNING=1   silence the notice of \`pets get\`
  NO_COLOR              no colour`;

/** `Examples:` after a command's help: every command has some. */
const examples = (...lines: string[]): string => `\nExamples:\n${lines.map((line) => `  ${line}`).join('\n')}`;

/**
 * The command tree. Commands load their implementation (and the SDK, and chalk)
 * only when they run, so `--help` and usage errors start fast. `call` receives
 * the address and timeout of the client a command builds (see run()).
 */
export function createProgram(io: CliIo, call: { settings?: CallSettings } = {}): Command {
  const program = new Command('petstore')
    .description('Work with the Animal Store API from the command line.')
    .version(VERSION, '-v, --version')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      // commander writes only help here (\`petstore pets\` without a subcommand):
      // help is asked-for output, so it goes to stdout and exits 0 (see run()).
      writeErr: (text) => io.stdout.write(text),
      // Errors are printed by run(), in one place, as text or JSON.
      outputError: () => {},
      getOutHasColors: () => false,
      getErrHasColors: () => false,
      getOutHelpWidth: () => io.stdout.columns ?? 100,
      getErrHelpWidth: () => io.stdout.columns ?? 100,
    })
    // Every command's --help lists the global flags too (set before the subcommands, which inherit it).
    .configureHelp({ showGlobalOptions: true })
    .optionsGroup('Output:')
    // One way to choose the output: `--json --format tsv` is a usage error, not a guess.
    .addOption(new Option('--json', 'print JSON (the API\'s field names), errors too; the same as --format json').conflicts('format'))
    .addOption(new Option('--format <format>', 'table (on a terminal), tsv (when piped), json or ndjson').choices(FORMATS))
    .option('--no-color', 'no colour (also NO_COLOR, TERM=dumb)')
    .option('--debug', 'print each HTTP exchange to stderr (Authorization never shown)')
    .optionsGroup('Connection:')
    .option('--base-url <url>', 'base URL of the API (overrides PETSTORE_BASE_URL and the profile)')
    .option('--profile <name>', 'mock, production, staging, or your own')
    .option('--timeout <ms>', 'give up on a request after this many milliseconds (default 10000)')
    .addHelpText('after', `\n${ENVIRONMENT_HELP}\n\n${EXIT_CODES_HELP}\n\nExamples:\n  petstore pets list --status available\n  petstore pets create --name Rex --category-id 1\n  petstore pets list --json | jq '.[].name'`);

  const context = (command: Command) => createContext(io, command.optsWithGlobals<GlobalOptions>(), call);

  const pets = program
    .command('pets')
    .description('list, add and look up animals')
    .addHelpText('after', examples('petstore pets list --status available', 'petstore pets create --name Rex --category-id 1', 'petstore pets import pets.csv'));
  pets
    .command('list')
    .description('list animals in ascending id order')
    .addOption(new Option('-s, --status <status>', 'only animals with this status').choices(PET_STATUSES))
    .option('-L, --limit <n>', 'at most this many, 1 to 100 (default 20)')
    .addHelpText('after', examples('petstore pets list', 'petstore pets list --status sold --limit 5', 'petstore pets list -s pending -L 3', 'petstore pets list --format tsv | cut -f2'))
    .action(async (flags: { status?: string; limit?: string }, command: Command) => {
      const { listPets } = await import('../commands/pets.js');
      await listPets(context(command), flags);
    });
  pets
    .command('create')
    .description('add an animal (status defaults to available)')
    .option('-n, --name <name>', 'its name, 1 to 100 characters')
    .option('-c, --category-id <n>', 'its category, a positive integer')
    .addOption(new Option('-s, --status <status>', 'its status').choices(PET_STATUSES))
    .option('--data <json|@file|->', 'the whole body as JSON, from a file (@pet.json) or stdin (-)')
    .addHelpText('after', examples('petstore pets create --name Rex --category-id 1', 'petstore pets create -n Tom -c 2 -s pending', 'petstore pets create --data @pet.json', 'echo \'{"name":"Tom","categoryId":2}\' | petstore pets create --data -'))
    .action(async (flags: { name?: string; categoryId?: string; status?: string; data?: string }, command: Command) => {
      const { createPet } = await import('../commands/pets.js');
      await createPet(context(command), flags);
    });
  pets
    .command('get')
    .description('show one animal (deprecated: GET /pets/{petId} is removed on 2030-12-05)')
    .argument('<id>', 'the animal\'s id')
    .addHelpText('after', `\nDeprecated: use \`petstore pets list --status STATUS\` instead.\n${examples('petstore pets get 7', 'PETSTORE_NO_DEPRECATION_WARNING=1 petstore pets get 7 --json')}`)
    .action(async (id: string, _flags: object, command: Command) => {
      const { getPet } = await import('../commands/pets.js');
      await getPet(context(command), id);
    });

  pets
    .command('import')
    .description('add many animals from NDJSON, a JSON array or CSV (name,categoryId,status)')
    .argument('<file>', 'the file to read, or - for stdin')
    .addOption(new Option('--input-format <format>', 'the input format (default: from the extension)').choices(IMPORT_FORMATS))
    .option('--skip-invalid', 'send the valid rows even when some are invalid')
    .option('--concurrency <n>', 'requests in flight at once, 1 to 16 (default 4)')
    .option('--resume <report>', 'skip the rows an earlier run\'s NDJSON report says were added')
    .addHelpText(
      'after',
      examples('petstore pets import pets.csv', 'petstore pets import pets.ndjson --format ndjson > report.ndjson', 'petstore pets import pets.ndjson --resume report.ndjson --format ndjson > report-2.ndjson'),
    )
    .action(async (file: string, flags: ImportFlags, command: Command) => {
      const { importPets } = await import('../commands/import.js');
      await importPets(context(command), file, flags);
    });

  const auth = program
    .command('auth')
    .description('store, show and forget the API key')
    .addHelpText('after', examples('petstore auth login', 'petstore auth status'));
  auth
    .command('login')
    .description('store an API key for the profile (prompted without echo, or read from stdin)')
    .option('--with-token', 'read the key from stdin')
    .option('--no-verify', 'store the key without checking it with one request')
    .addHelpText('after', examples('petstore auth login', 'petstore auth login --with-token < key.txt', 'petstore auth login --profile production --no-verify'))
    .action(async (flags: { withToken?: boolean; verify: boolean }, command: Command) => {
      const { login } = await import('../commands/auth.js');
      await login(context(command), flags);
    });
  auth
    .command('status')
    .description('show the profile, base URL and (masked) key in use; exit 3 without a key')
    .addHelpText('after', examples('petstore auth status', 'petstore auth status --profile production --json'))
    .action(async (_flags: object, command: Command) => {
      const { status } = await import('../commands/auth.js');
      await status(context(command));
    });
  auth
    .command('logout')
    .description('forget the stored key of the profile')
    .addHelpText('after', examples('petstore auth logout', 'petstore auth logout --profile staging'))
    .action(async (_flags: object, command: Command) => {
      const { logout } = await import('../commands/auth.js');
      await logout(context(command));
    });

  const config = program
    .command('config')
    .description('profiles and base URLs')
    .addHelpText('after', examples('petstore config list', 'petstore config set base-url https://api.example.org/v1 --profile production'));
  const configKey = () => new Argument('<key>', CONFIG_KEYS.join(' or ')).choices(CONFIG_KEYS);
  config
    .command('get')
    .description('print a setting: profile or base-url')
    .addArgument(configKey())
    .addHelpText('after', examples('petstore config get profile', 'petstore config get base-url --profile staging'))
    .action(async (key: string, _flags: object, command: Command) => {
      const { get } = await import('../commands/config.js');
      await get(context(command), key);
    });
  config
    .command('set')
    .description('change a setting: profile, or base-url of the profile')
    .addArgument(configKey())
    .argument('<value>', 'the new value')
    .addHelpText('after', examples('petstore config set base-url https://api.example.org/v1 --profile production', 'petstore config set profile production'))
    .action(async (key: string, value: string, _flags: object, command: Command) => {
      const { set } = await import('../commands/config.js');
      await set(context(command), key, value);
    });
  config
    .command('unset')
    .description('remove a setting: profile (back to mock), or base-url of the profile')
    .addArgument(configKey())
    .addHelpText('after', examples('petstore config unset base-url --profile staging', 'petstore config unset profile'))
    .action(async (key: string, _flags: object, command: Command) => {
      const { unset } = await import('../commands/config.js');
      await unset(context(command), key);
    });
  config
    .command('delete-profile')
    .description('forget a profile: its base URL and its stored key')
    .argument('<name>', 'the profile')
    .addHelpText('after', examples('petstore config delete-profile staging'))
    .action(async (name: string, _flags: object, command: Command) => {
      const { deleteProfile } = await import('../commands/config.js');
      await deleteProfile(context(command), name);
    });
  config
    .command('list')
    .description('list the profiles and their base URLs')
    .addHelpText('after', examples('petstore config list', 'petstore config list --json'))
    .action(async (_flags: object, command: Command) => {
      const { list } = await import('../commands/config.js');
      await list(context(command));
    });

  program
    .command('completion')
    .description('print a shell completion script')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(SHELLS))
    .addHelpText('after', examples('eval "$(petstore completion bash)"', 'petstore completion zsh > "${fpath[1]}/_petstore"', 'petstore completion fish > ~/.config/fish/completions/petstore.fish'))
    .action(async (shell: Shell) => {
      const { completionScript } = await import('../completion/scripts.js');
      io.stdout.write(completionScript(shell));
    });
  // What the completion scripts call on each Tab: the words so far, after `--`.
  program
    .command('__complete', { hidden: true })
    .argument('[words...]')
    .action(async (words: string[]) => {
      const [{ complete }, { createConfigStore }] = await Promise.all([import('../completion/complete.js'), import('../config/config-store.js')]);
      // Tab never prints a warning into the user's command line.
      const candidates = await complete(program, words, createConfigStore(io.env, { warn: () => {} }));
      io.stdout.write(candidates.map((candidate) => `${candidate}\n`).join(''));
    });

  return program;
}
