import { Argument, Option, type Command, type OptionValues } from 'commander';
import { DEFAULT_PET_STATUS, GET_PET_REMOVAL_DATE, LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, LIST_LIMIT_MIN, PET_STATUSES } from '@petstore/sdk/values';
import type { CommandContext } from '../commands/context.js';
import { SHELLS } from '../completion/shells.js';
import { IMPORT_LIMITS } from '../import/import-limits.js';
import type { CliIo } from '../io/io.js';
import { EXIT } from '../errors/exit-codes.js';
import { CONFIG_KEYS } from '../tables/config-keys.js';
import { IMPORT_FORMATS } from '../tables/import-flags.js';
import { PET_FIELDS, PET_FIELD_NAMES } from '../tables/pet-fields.js';
import { VERIFY_MAX_REQUESTS, VERIFY_TOTAL_TIMEOUT } from '../verify/verify-limits.js';

/** What a command's run() gets: its operands and flags as commander parsed them, and the context it works in. */
export interface Invocation {
  operands: string[];
  flags: OptionValues;
  io: CliIo;
  /** The whole command tree (for completion). */
  program: Command;
  /** The command's context, loaded and built when the command runs. */
  context(): Promise<CommandContext>;
}

/** One command, declared once: commander's tree, help, suggestions and completion all read it. */
export interface CommandEntry {
  /** The words after `petstore` that name it, its group first: `['pets', 'list']`. */
  path: readonly string[];
  description: string;
  /** Its operands, in order (choices included: commander checks them, completion offers them). */
  arguments?: () => Argument[];
  options?: () => Option[];
  /** The usage line after the command's name, where commander's (from the arguments) would mislead. */
  usage?: string;
  /** Help before the examples. */
  help?: string;
  examples?: readonly string[];
  hidden?: boolean;
  /** Prints JSON with --json: takes --jq (program.ts adds the flag). */
  printsJson?: true;
  /** Loads the command's module (lazily: never at start-up) and runs it. A group has none. */
  run?(invocation: Invocation): Promise<void>;
}

const VERIFY_HELP = `Runs the contract's cases (the same table that proves the mock server) and reports
each as passed, failed (the specification requires it), noted (the specification
leaves it open; the mock server's choice differs) or skipped, failures first with
expected vs received and a curl to reproduce them (the key as $PETSTORE_API_KEY),
then a matrix of operation × documented status and the animals created.

Writes (every case whose request is not a GET; the animals they create are named
petstore-verify-<run id>) are sent only to a loopback address (127.0.0.0/8, ::1,
localhost) unless --allow-writes is given; without it they are skipped, with that reason. At most ${VERIFY_MAX_REQUESTS} requests, each within --timeout, all within --total-timeout.

Where the specification is silent (the status of a new animal, limit outside its range,
error codes, …), --write-profile FILE records the service's choices as a service profile
(the fewest requests that show them; the choices that need a create only with writes
allowed, and the profile says which it could not observe or saw two ways), which
petstore-mock --profile FILE then plays back. --expect-profile FILE holds the service to
it: a choice that changed since is drift, a failure (exit 1).

Exit codes of verify:
  0  conformant (notes do not fail a run)
  1  a contract violation, or drift from --expect-profile
  3  configuration or authentication: no key, or the key refused on the first request
  7  network: no answer or a timeout (--timeout or --total-timeout), or a first answer of 429 or 5xx`;

const DOCTOR_HELP = `Never prints the key. Reports every item it can, each broken one with what is wrong;
the request is sent only when nothing is. Exits ${EXIT.ok} when every setting is in order and
the request succeeded; otherwise by the first problem, as any command would (the exit
codes of petstore --help): ${EXIT.configuration} for a missing or broken setting; for the request
${EXIT.authentication} when the key is refused, ${EXIT.notFound} for 404, ${EXIT.rejected} for another 4xx, ${EXIT.retryable} for no answer, 429 or
5xx. A NODE_EXTRA_CA_CERTS file without a usable certificate is reported but does not
change the exit code.`;

const API_HELP = `Sends one request to the base URL of the profile, as the other commands do: its key
(Authorization: Bearer), proxy, User-Agent, an X-Request-Id and --timeout. It is sent
once: never retried, and a redirect is not followed. PATH is relative to the base URL;
an absolute URL or a path that leads out of it (..) is refused.

The body is printed whatever the status (JSON as the other commands print it, --jq
applies); a status that is not 2xx then exits as it would for any other command
(${EXIT.authentication} for 401, ${EXIT.notFound} for 404, ${EXIT.rejected} for another 4xx, ${EXIT.retryable} for 429 and 5xx).`;

/** commander's reader of a repeatable flag: each value added to the list. */
const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

const configKey = () => new Argument('<key>', CONFIG_KEYS.join(' or ')).choices(CONFIG_KEYS);
const { concurrency } = IMPORT_LIMITS;

/** The flags of `pets create` that set one field each, from the CLI's table of the contract's fields. */
const fieldOptions = (): Option[] =>
  PET_FIELD_NAMES.map((field) => {
    const { flag, help, choices } = PET_FIELDS[field];
    const option = new Option(flag, help);
    return choices ? option.choices(choices) : option;
  });

/** `--dry-run` of the commands that write: what they would send, printed. */
const dryRunOption = (what: string) => new Option('--dry-run', `check everything, print the ${what} it would send (never the key), send nothing`);

/**
 * Every command of `petstore`, groups before their commands. Each run() imports
 * its module when the command runs, so `--help` and usage errors load neither
 * the SDK, zod nor chalk.
 */
export const COMMANDS: readonly CommandEntry[] = [
  {
    path: ['pets'],
    description: 'list, add and look up animals',
    examples: ['petstore pets list --status available', 'petstore pets create --name Rex --category-id 1', 'petstore pets import pets.csv'],
  },
  {
    path: ['pets', 'list'],
    printsJson: true,
    description: 'list animals in ascending id order',
    options: () => [
      new Option('-s, --status <status>', 'only animals with this status').choices(PET_STATUSES),
      new Option('-L, --limit <n>', `at most this many, ${LIST_LIMIT_MIN} to ${LIST_LIMIT_MAX} (default ${LIST_LIMIT_DEFAULT})`),
    ],
    examples: ['petstore pets list', 'petstore pets list --status sold --limit 5', 'petstore pets list -s pending -L 3', 'petstore pets list --format tsv | cut -f2'],
    run: async ({ context, flags }) => (await import('../commands/pets.js')).listPets(await context(), flags),
  },
  {
    path: ['pets', 'create'],
    printsJson: true,
    description: `add an animal (status defaults to ${DEFAULT_PET_STATUS})`,
    options: () => [...fieldOptions(), new Option('--data <json|@file|->', 'the whole body as JSON, from a file (@pet.json) or stdin (-)'), dryRunOption('request')],
    examples: ['petstore pets create --name Rex --category-id 1', 'petstore pets create -n Tom -c 2 -s pending', 'petstore pets create --data @pet.json', 'echo \'{"name":"Tom","categoryId":2}\' | petstore pets create --data -', 'petstore pets create -n Rex -c 1 --dry-run'],
    run: async ({ context, flags: { dryRun, ...flags } }) => (await import('../commands/pets.js')).createPet(await context(), flags, dryRun === true),
  },
  {
    path: ['pets', 'get'],
    printsJson: true,
    description: `show one animal (deprecated: GET /pets/{petId} is removed on ${GET_PET_REMOVAL_DATE})`,
    arguments: () => [new Argument('<id>', "the animal's id")],
    help: 'Deprecated: use `petstore pets list --status STATUS` instead.',
    examples: ['petstore pets get 7', 'PETSTORE_NO_DEPRECATION_WARNING=1 petstore pets get 7 --json'],
    run: async ({ context, operands: [id = ''] }) => (await import('../commands/pets.js')).getPet(await context(), id),
  },
  {
    path: ['pets', 'import'],
    printsJson: true,
    description: `add many animals from NDJSON, a JSON array or CSV (${PET_FIELD_NAMES.join(',')})`,
    arguments: () => [new Argument('<file>', 'the file to read, or - for stdin')],
    options: () => [
      new Option('--input-format <format>', 'the input format (default: from the extension)').choices(IMPORT_FORMATS),
      new Option('--skip-invalid', 'send the valid rows even when some are invalid'),
      new Option('--concurrency <n>', `requests in flight at once, ${concurrency.min} to ${concurrency.max} (default ${concurrency.default})`),
      new Option('--resume <report>', "skip the rows an earlier run's NDJSON report says were added"),
      dryRunOption('requests'),
    ],
    examples: ['petstore pets import pets.csv', 'petstore pets import pets.ndjson --format ndjson > report.ndjson', 'petstore pets import pets.ndjson --resume report.ndjson --format ndjson > report-2.ndjson'],
    run: async ({ context, operands: [file = ''], flags }) => (await import('../commands/import.js')).importPets(await context(), file, flags),
  },
  {
    path: ['auth'],
    description: 'store, show and forget the API key',
    examples: ['petstore auth login', 'petstore auth status', 'petstore auth token --show'],
  },
  {
    path: ['auth', 'login'],
    description: 'store an API key for the profile (prompted without echo, or read from stdin)',
    options: () => [new Option('--with-token', 'read the key from stdin'), new Option('--no-verify', 'store the key without checking it with one request')],
    examples: ['petstore auth login', 'petstore auth login --with-token < key.txt', 'petstore auth login --profile production --no-verify'],
    run: async ({ context, flags }) => (await import('../commands/auth.js')).login(await context(), flags),
  },
  {
    path: ['auth', 'status'],
    printsJson: true,
    description: 'show the profile, base URL and (masked) key in use; exit 3 without a key',
    examples: ['petstore auth status', 'petstore auth status --profile production --json'],
    run: async ({ context }) => (await import('../commands/auth.js')).status(await context()),
  },
  {
    path: ['auth', 'token'],
    description: 'print the API key in use, for scripts: to a pipe or a file, or on a terminal with --show; exit 3 without a key',
    options: () => [new Option('--show', 'print it on a terminal too')],
    examples: ['curl -H "Authorization: Bearer $(petstore auth token)" http://127.0.0.1:4010/v1/pets', 'petstore auth token --profile production --show'],
    run: async ({ context, flags }) => (await import('../commands/auth.js')).token(await context(), flags),
  },
  {
    path: ['auth', 'logout'],
    description: 'forget the stored key of the profile',
    examples: ['petstore auth logout', 'petstore auth logout --profile staging'],
    run: async ({ context }) => (await import('../commands/auth.js')).logout(await context()),
  },
  {
    path: ['config'],
    description: 'profiles and base URLs',
    examples: ['petstore config list', 'petstore config set base-url https://api.example.org/v1 --profile production'],
  },
  {
    path: ['config', 'get'],
    description: 'print a setting: profile or base-url',
    arguments: () => [configKey()],
    examples: ['petstore config get profile', 'petstore config get base-url --profile staging'],
    run: async ({ context, operands: [key = ''] }) => (await import('../commands/config.js')).get(await context(), key),
  },
  {
    path: ['config', 'set'],
    description: 'change a setting: profile, or base-url of the profile',
    arguments: () => [configKey(), new Argument('<value>', 'the new value')],
    examples: ['petstore config set base-url https://api.example.org/v1 --profile production', 'petstore config set profile production'],
    run: async ({ context, operands: [key = '', value = ''] }) => (await import('../commands/config.js')).set(await context(), key, value),
  },
  {
    path: ['config', 'unset'],
    description: 'remove a setting: profile (back to mock), or base-url of the profile',
    arguments: () => [configKey()],
    examples: ['petstore config unset base-url --profile staging', 'petstore config unset profile'],
    run: async ({ context, operands: [key = ''] }) => (await import('../commands/config.js')).unset(await context(), key),
  },
  {
    path: ['config', 'delete-profile'],
    description: 'forget a profile: its base URL and its stored key',
    arguments: () => [new Argument('<name>', 'the profile')],
    examples: ['petstore config delete-profile staging'],
    run: async ({ context, operands: [name = ''] }) => (await import('../commands/config.js')).deleteProfile(await context(), name),
  },
  {
    path: ['config', 'list'],
    printsJson: true,
    description: 'list the profiles and their base URLs',
    examples: ['petstore config list', 'petstore config list --json'],
    run: async ({ context }) => (await import('../commands/config.js')).list(await context()),
  },
  {
    path: ['verify'],
    printsJson: true,
    description: 'check that the API at the base URL behaves as the contract says',
    options: () => [
      new Option('--allow-writes', "send writes to a non-loopback address too (they change the service's data)"),
      new Option('--junit <file>', 'also write the report as JUnit XML to this file'),
      new Option('--total-timeout <ms>', `stop the run after this many milliseconds, whatever each request takes (default ${VERIFY_TOTAL_TIMEOUT.default})`),
      new Option('--write-profile <file>', "observe the service's choices where the specification is silent and write them to this file (a service profile), with the fewest requests"),
      new Option('--expect-profile <file>', 'hold the service to the service profile in this file: a choice that changed is drift, a failure'),
    ],
    help: VERIFY_HELP,
    examples: [
      'petstore verify',
      'petstore verify --profile staging --allow-writes --junit verify.xml',
      'petstore verify --base-url http://127.0.0.1:4010/v1 --json',
      'petstore verify --base-url https://api.example.org/v1 --allow-writes --write-profile service-profile.json',
      'petstore verify --base-url https://api.example.org/v1 --expect-profile service-profile.json --junit verify.xml',
    ],
    run: async ({ context, flags }) => (await import('../commands/verify.js')).verify(await context(), flags),
  },
  {
    path: ['doctor'],
    description: 'show what petstore would use and why (Node.js, profile, base URL, key source, proxy, CA certificates), then try one request',
    help: DOCTOR_HELP,
    printsJson: true,
    examples: ['petstore doctor', 'petstore doctor --json', 'HTTPS_PROXY=http://proxy.example:3128 petstore doctor --profile production'],
    run: async ({ context }) => (await import('../commands/doctor.js')).doctor(await context()),
  },
  {
    path: ['api'],
    printsJson: true,
    description: 'send any request to the API of the profile, with its key (like gh api)',
    usage: '[options] [METHOD] PATH',
    arguments: () => [new Argument('<METHOD|PATH>', 'the path; or the HTTP method, the path after it (default GET, or POST with fields or --input)'), new Argument('[PATH]', 'the path, relative to the base URL: pets, /pets?limit=2')],
    options: () => [
      new Option('-f, --raw-field <key=value>', 'a string field: a query parameter of a GET, else a member of the JSON body (repeatable)').argParser(collect),
      new Option('-F, --field <key=value>', 'a typed field: a number, true, false, null, @file (its text) or text (repeatable)').argParser(collect),
      new Option('-H, --header <name:value>', 'a request header (repeatable; never Authorization: the key comes from the profile)').argParser(collect),
      new Option('--input <file|->', 'the request body from a file or stdin (-); fields then go to the query'),
      new Option('-i, --include', 'print the status line and the response headers before the body'),
    ],
    help: API_HELP,
    examples: [
      'petstore api GET pets -f status=sold -f limit=2',
      'petstore api pets -f name=Rex -F categoryId=1',
      'petstore api POST pets --input pet.json',
      'petstore api -i pets/1',
      "petstore api pets --jq '.[].name'",
    ],
    run: async ({ context, operands, flags }) => (await import('../commands/api.js')).api(await context(), operands.filter((operand) => operand !== undefined), flags),
  },
  {
    path: ['completion'],
    description: 'print a shell completion script',
    arguments: () => [new Argument('<shell>', 'bash, zsh or fish').choices(SHELLS)],
    examples: ['eval "$(petstore completion bash)"', 'petstore completion zsh > "${fpath[1]}/_petstore"', 'petstore completion fish > ~/.config/fish/completions/petstore.fish'],
    run: async ({ io, operands: [shell = ''] }) => {
      const { completionScript } = await import('../completion/scripts.js');
      io.stdout.write(completionScript(shell as (typeof SHELLS)[number]));
    },
  },
  {
    // What the completion scripts call on each Tab: the words so far, after `--`.
    path: ['__complete'],
    description: '',
    hidden: true,
    arguments: () => [new Argument('[words...]')],
    run: async ({ io, program, operands }) => {
      const [{ complete }, { createConfigStore }] = await Promise.all([import('../completion/complete.js'), import('../config/config-store.js')]);
      // Tab never prints a warning into the user's command line.
      const candidates = await complete(program, operands, createConfigStore(io.env, { warn: () => {} }));
      io.stdout.write(candidates.map((candidate) => `${candidate}\n`).join(''));
    },
  },
];
