import { Command, Option } from 'commander';
import { COMMANDS, type CommandEntry, type Invocation } from './command-table.js';
import type { GlobalOptions } from '../commands/context.js';
import type { CallSettings } from '../errors/explain-no-answer.js';
import { EXIT_CODES_HELP } from '../errors/exit-codes.js';
import type { CliIo } from '../io/io.js';
import { FORMATS } from '../output/render-pets.js';
import { JQ_LIMITS, JQ_TIMEOUT_VARIABLE, jqOption } from '../tables/jq-flag.js';
import { TIMEOUT } from '../tables/timeout.js';
import { VERSION } from '../tables/version.js';

const ENVIRONMENT_HELP = `Environment:
  PETSTORE_API_KEY      API key (else the credentials file written by \`auth login\`)
  PETSTORE_BASE_URL     base URL, e.g. http://127.0.0.1:4010/v1
  PETSTORE_PROFILE      profile: mock (default), production, staging, or your own
  PETSTORE_CONFIG_DIR   configuration folder (else $XDG_CONFIG_HOME/petstore, else ~/.config/petstore)
  PETSTORE_NO_DEPRECATION_WARNING=1   silence the notice of \`pets get\`
  ${JQ_TIMEOUT_VARIABLE}=MS   how long --jq may run (default ${JQ_LIMITS.timeout.default})
  HTTPS_PROXY, HTTP_PROXY, NO_PROXY   proxy for https and http URLs, and hosts to reach directly (lower-case names too; see \`petstore doctor\`)
  NO_COLOR              no colour`;

/** `Examples:` after a command's help: every command has some. */
const examples = (...lines: string[]): string => `\nExamples:\n${lines.map((line) => `  ${line}`).join('\n')}`;

/** Adds one entry of the command table under its group (declared before it). */
function addCommand(program: Command, entry: CommandEntry, invocation: (command: Command) => Omit<Invocation, 'operands' | 'flags'>): void {
  const name = entry.path.at(-1) ?? '';
  let parent = program;
  for (const word of entry.path.slice(0, -1)) {
    const group = parent.commands.find((command) => command.name() === word);
    if (!group) throw new Error(`command table: ${entry.path.join(' ')} comes before its group ${word}`);
    parent = group;
  }
  const command = parent.command(name, { hidden: entry.hidden === true }).description(entry.description);
  for (const argument of entry.arguments?.() ?? []) command.addArgument(argument);
  if (entry.usage !== undefined) command.usage(entry.usage);
  for (const option of entry.options?.() ?? []) command.addOption(option);
  if (entry.printsJson) command.addOption(jqOption());
  const help = [entry.help === undefined ? '' : `\n${entry.help}\n`, entry.examples === undefined ? '' : examples(...entry.examples)].join('');
  if (help !== '') command.addHelpText('after', help);
  const { run } = entry;
  if (run) {
    command.action(async (...args: unknown[]) => {
      // commander passes the operands (a variadic one as an array), then the flags, then the command.
      const operands = args.slice(0, command.registeredArguments.length).flat() as string[];
      await run({ ...invocation(command), operands, flags: command.opts() });
    });
  }
}

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
    .option('--timeout <ms>', `give up on a request after this many milliseconds (default ${TIMEOUT.default})`)
    .addHelpText('after', `\n${ENVIRONMENT_HELP}\n\n${EXIT_CODES_HELP}\n${examples('petstore pets list --status available', 'petstore pets create --name Rex --category-id 1', "petstore pets list --jq '.[].name'")}`);

  const context = (command: Command): Omit<Invocation, 'operands' | 'flags'> => ({
    io,
    program,
    // The context (config files, their zod shapes) loads with the command, not at start-up.
    context: async () => (await import('../commands/context.js')).createContext(io, command.optsWithGlobals<GlobalOptions>(), call),
  });

  for (const entry of COMMANDS) addCommand(program, entry, context);
  return program;
}
