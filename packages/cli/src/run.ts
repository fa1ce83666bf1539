import { CommanderError, type Command } from 'commander';
import { commandPath, commandWords } from './completion/command-words.js';
import type { CallSettings } from './errors/explain-no-answer.js';
import { EXIT } from './errors/exit-codes.js';
import type { CliIo } from './io/io.js';
import { closeOpened } from './io/open-connections.js';
import { colourLevel } from './output/colour.js';
import { stringifyJson, terminalSafe } from './output/escape.js';
import { createProgram } from './startup/program.js';
import { stderrIsJson } from './output/stderr-json.js';
import { shellWord } from './output/shell-word.js';
import type { Failure } from './errors/to-exit.js';

/** The output format argv asks for (`--json`, `--format F`, `--format=F`), if any, before commander has parsed it. */
function askedFormat(argv: readonly string[]): string | undefined {
  if (argv.includes('--json')) return 'json';
  const index = argv.findLastIndex((arg) => arg === '--format' || arg.startsWith('--format='));
  const flag = argv[index];
  if (flag === undefined) return undefined;
  return flag === '--format' ? argv[index + 1] : flag.slice('--format='.length);
}

/** What run() parses: argv with `help` turned into `--help`, and where `help` was. */
interface Expanded {
  args: readonly string[];
  /** The index in argv of the `help` word that was taken out, if one was. */
  helpAt?: number;
}

/**
 * `petstore help pets list` is `petstore pets list --help`, at any depth. A
 * word after `help` that names no command (`help pest`) is left for commander
 * to refuse as an unknown command, with its suggestion, as `petstore pest` is.
 */
function expandHelp(program: Command, argv: readonly string[]): Expanded {
  const { indexes, next } = commandWords(program, argv);
  if (indexes.length > 0 || next?.word !== 'help') return { args: argv };
  const rest = [...argv.slice(0, next.index), ...argv.slice(next.index + 1)];
  const after = commandWords(program, rest);
  if (after.next && after.command.commands.length > 0) return { args: rest, helpAt: next.index };
  return { args: [...rest, '--help'], helpAt: next.index };
}

/**
 * commander's messages as one line, with a suggestion that is a whole command
 * (`Did you mean \`petstore pets list\`?`), so it can be copied: the user's
 * own words, `help` included, with the one word corrected.
 */
function usageMessage(program: Command, argv: readonly string[], { args, helpAt }: Expanded, error: CommanderError): string {
  const suggested = /\n\(Did you mean (\S+)\?\)$/.exec(error.message)?.[1];
  const message = error.message.replace(/^error: /, '').replace(/\n\(Did you mean \S+\?\)$/, '');
  if (!suggested) return message;
  const { next } = commandWords(program, args);
  if (error.code === 'commander.unknownCommand' && next) {
    // `next` counts in args, which lack the `help` word argv has.
    const typo = helpAt !== undefined && next.index >= helpAt ? next.index + 1 : next.index;
    const corrected = argv.map((word, index) => (index === typo ? suggested : shellWord(word)));
    return `${message}. Did you mean \`petstore ${corrected.join(' ')}\`?`;
  }
  return `${message}. Did you mean ${suggested}?`;
}

/**
 * The CLI as a function of its arguments and environment: runs `argv` (without
 * `node` and the script) and returns the exit code. Data goes to stdout;
 * errors, warnings and progress to stderr, as JSON lines where stderrIsJson says.
 */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  // Filled in when a command builds its client: failures without an answer name the address and timeout.
  const call: { settings?: CallSettings } = {};
  const program = createProgram(io, call);
  const expanded = expandHelp(program, argv);
  const { args } = expanded;
  try {
    await program.parseAsync([...args], { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError && (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help')) {
      return EXIT.ok;
    }
    // A usage error is told without loading the SDK (whose guards to-exit.ts uses): it comes before any command ran.
    const failure: Failure =
      error instanceof CommanderError
        ? { exitCode: EXIT.usage, code: 'usage', message: usageMessage(program, argv, expanded, error) }
        : (await import('./errors/to-exit.js')).toFailure(error, call.settings);
    if (stderrIsJson(askedFormat(args), io.stderr)) {
      io.stderr.write(`${stringifyJson({ error: failure })}\n`);
    } else {
      const colour = colourLevel(io.stderr, io.env, !args.includes('--no-color')) > 0;
      const prefix = colour ? '\u001b[31merror:\u001b[39m' : 'error:';
      // A failed request's id, for its operator's logs, unless the message already says it (an ApiError's does).
      const id = failure.requestId && !failure.message.includes(failure.requestId) ? ` (request id ${failure.requestId})` : '';
      io.stderr.write(`${prefix} ${terminalSafe(failure.message + id)}\n`);
      if (failure.exitCode === EXIT.usage && error instanceof CommanderError) {
        io.stderr.write(`Run \`${commandPath(commandWords(program, args).command)} --help\` for usage.\n`);
      }
    }
    return failure.exitCode;
  } finally {
    // The command is done: nothing it opened may keep the process alive.
    await closeOpened();
  }
}
