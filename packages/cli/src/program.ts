import { Command, Option } from 'commander';
import { PET_STATUSES } from '@petstore/sdk/values';
import { createContext, type GlobalOptions } from './context.js';
import { EXIT_CODES_HELP } from './exit-codes.js';
import type { CliIo } from './io.js';
import { IMPORT_FORMATS, type ImportFlags } from './import-flags.js';
import { FORMATS } from './output/render-pets.js';
import { VERSION } from './version.js';

const ENVIRONMENT_HELP = `Environment:
  PETSTORE_API_KEY      API key (else the credentials file written by \`auth login\`)
  PETSTORE_BASE_URL     base URL, e.g. http://127.0.0.1:4010/v1
  PETSTORE_PROFILE      profile: mock (default), production, staging, or your own
  PETSTORE_CONFIG_DIR   configuration folder (else $XDG_CONFIG_HOME/petstore, else ~/.config/petstore)
  PETSTORE_NO_DEPRECATION_WARNING=1   silence the notice of \`pets get\`
  NO_COLOR              no colour`;

/**
 * The command tree. Commands load their implementation (and the SDK, and chalk)
 * only when they run, so `--help` and usage errors start fast.
 */
export function createProgram(io: CliIo): Command {
  const program = new Command('petstore')
    .description('Work with the Animal Store API from the command line.')
    .version(VERSION, '-v, --version')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      // Errors are printed by run(), in one place, as text or JSON.
      outputError: () => {},
      getOutHasColors: () => false,
      getErrHasColors: () => false,
      getOutHelpWidth: () => io.stdout.columns ?? 100,
    })
    .optionsGroup('Output:')
    .option('--json', 'print JSON (the API\'s field names), errors too')
    .addOption(new Option('--format <format>', 'table (on a terminal), tsv (when piped), json or ndjson').choices(FORMATS))
    .option('--no-color', 'no colour (also NO_COLOR, TERM=dumb)')
    .option('--debug', 'print each HTTP exchange to stderr (Authorization never shown)')
    .optionsGroup('Connection:')
    .option('--base-url <url>', 'base URL of the API (overrides PETSTORE_BASE_URL and the profile)')
    .option('--profile <name>', 'mock, production, staging, or your own')
    .option('--timeout <ms>', 'give up on a request after this many milliseconds (default 10000)')
    .addHelpText('after', `\n${ENVIRONMENT_HELP}\n\n${EXIT_CODES_HELP}\n\nExamples:\n  petstore pets list --status available\n  petstore pets create --name Rex --category-id 1\n  petstore pets list --json | jq '.[].name'`);

  const context = (command: Command) => createContext(io, command.optsWithGlobals<GlobalOptions>());

  const pets = program.command('pets').description('list, add and look up animals');
  pets
    .command('list')
    .description('list animals in ascending id order')
    .addOption(new Option('--status <status>', 'only animals with this status').choices(PET_STATUSES))
    .option('--limit <n>', 'at most this many, 1 to 100 (default 20)')
    .addHelpText('after', '\nExamples:\n  petstore pets list\n  petstore pets list --status sold --limit 5\n  petstore pets list --format tsv | cut -f2')
    .action(async (flags: { status?: string; limit?: string }, command: Command) => {
      const { listPets } = await import('./commands/pets.js');
      await listPets(context(command), flags);
    });
  pets
    .command('create')
    .description('add an animal (status defaults to available)')
    .option('--name <name>', 'its name, 1 to 100 characters')
    .option('--category-id <n>', 'its category, a positive integer')
    .addOption(new Option('--status <status>', 'its status').choices(PET_STATUSES))
    .option('--data <json|@file|->', 'the whole body as JSON, from a file (@pet.json) or stdin (-)')
    .addHelpText('after', '\nExamples:\n  petstore pets create --name Rex --category-id 1\n  petstore pets create --data @pet.json\n  echo \'{"name":"Tom","categoryId":2}\' | petstore pets create --data -')
    .action(async (flags: { name?: string; categoryId?: string; status?: string; data?: string }, command: Command) => {
      const { createPet } = await import('./commands/pets.js');
      await createPet(context(command), flags);
    });
  pets
    .command('get')
    .description('show one animal (deprecated: GET /pets/{petId} is removed on 2030-12-05)')
    .argument('<id>', 'the animal\'s id')
    .addHelpText('after', '\nDeprecated: use `petstore pets list --status STATUS` instead.\n\nExamples:\n  petstore pets get 7\n  PETSTORE_NO_DEPRECATION_WARNING=1 petstore pets get 7 --json')
    .action(async (id: string, _flags: object, command: Command) => {
      const { getPet } = await import('./commands/pets.js');
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
    .addHelpText('after', '\nExamples:\n  petstore pets import pets.csv\n  petstore pets import pets.ndjson --format ndjson > report.ndjson\n  petstore pets import pets.ndjson --resume report.ndjson --format ndjson > report-2.ndjson')
    .action(async (file: string, flags: ImportFlags, command: Command) => {
      const { importPets } = await import('./commands/import.js');
      await importPets(context(command), file, flags);
    });

  const auth = program.command('auth').description('store, show and forget the API key');
  auth
    .command('login')
    .description('store an API key for the profile (prompted without echo, or read from stdin)')
    .option('--with-token', 'read the key from stdin')
    .option('--no-verify', 'store the key without checking it with one request')
    .addHelpText('after', '\nExamples:\n  petstore auth login\n  petstore auth login --with-token < key.txt\n  petstore auth login --profile production')
    .action(async (flags: { withToken?: boolean; verify: boolean }, command: Command) => {
      const { login } = await import('./commands/auth.js');
      await login(context(command), flags);
    });
  auth
    .command('status')
    .description('show the profile, base URL and (masked) key in use')
    .action(async (_flags: object, command: Command) => {
      const { status } = await import('./commands/auth.js');
      await status(context(command));
    });
  auth
    .command('logout')
    .description('forget the stored key of the profile')
    .action(async (_flags: object, command: Command) => {
      const { logout } = await import('./commands/auth.js');
      await logout(context(command));
    });

  const config = program.command('config').description('profiles and base URLs');
  config
    .command('get')
    .description('print a setting: profile or base-url')
    .argument('<key>', 'profile or base-url')
    .action(async (key: string, _flags: object, command: Command) => {
      const { get } = await import('./commands/config.js');
      await get(context(command), key);
    });
  config
    .command('set')
    .description('change a setting: profile, or base-url of the profile')
    .argument('<key>', 'profile or base-url')
    .argument('<value>', 'the new value')
    .addHelpText('after', '\nExamples:\n  petstore config set base-url https://api.example.org/v1 --profile production\n  petstore config set profile production')
    .action(async (key: string, value: string, _flags: object, command: Command) => {
      const { set } = await import('./commands/config.js');
      await set(context(command), key, value);
    });
  config
    .command('unset')
    .description('remove a setting: profile (back to mock), or base-url of the profile')
    .argument('<key>', 'profile or base-url')
    .addHelpText('after', '\nExamples:\n  petstore config unset base-url --profile staging\n  petstore config unset profile')
    .action(async (key: string, _flags: object, command: Command) => {
      const { unset } = await import('./commands/config.js');
      await unset(context(command), key);
    });
  config
    .command('delete-profile')
    .description('forget a profile: its base URL and its stored key')
    .argument('<name>', 'the profile')
    .addHelpText('after', '\nExamples:\n  petstore config delete-profile staging')
    .action(async (name: string, _flags: object, command: Command) => {
      const { deleteProfile } = await import('./commands/config.js');
      await deleteProfile(context(command), name);
    });
  config
    .command('list')
    .description('list the profiles and their base URLs')
    .action(async (_flags: object, command: Command) => {
      const { list } = await import('./commands/config.js');
      await list(context(command));
    });

  program
    .command('completion')
    .description('print a shell completion script')
    .argument('<shell>', 'bash, zsh or fish')
    .addHelpText('after', '\nExamples:\n  eval "$(petstore completion bash)"\n  petstore completion fish > ~/.config/fish/completions/petstore.fish')
    .action(async (shell: string, _flags: object, command: Command) => {
      const { completion } = await import('./commands/completion.js');
      completion(context(command), shell);
    });

  return program;
}
