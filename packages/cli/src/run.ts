import { CommanderError, type Command } from 'commander';
import { commandPath, commandWords } from './command-words.js';
import type { CallSettings } from './explain-no-answer.js';
import { EXIT } from './exit-codes.js';
import type { CliIo } from './io.js';
import { colourLevel } from './output/colour.js';
import { stringifyJson, terminalSafe } from './output/escape.js';
import { createProgram } from './program.js';
import { shellWord } from './shell-word.js';
import { toFailure, type Failure } from './to-exit.js';

/** Whether the command asked for JSON output: its errors are then JSON too. */
function wantsJson(argv: readonly string[]): boolean {
  return argv.some(
    (arg, index) => arg === '--json' || arg === '--format=json' || arg === '--format=ndjson' || (arg === '--format' && ['json', 'ndjson'].includes(argv[index + 1] ?? '')),
  );
}

/** `petstore help pets list` is `petstore pets list --help`, at any depth. */
function expandHelp(program: Command, argv: readonly string[]): readonly string[] {
  const { indexes, next } = commandWords(program, argv);
  if (indexes.length > 0 || next?.word !== 'help') return argv;
  return [...argv.slice(0, next.index), ...argv.slice(next.index + 1), '--help'];
}

/**
 * commander's messages as one line, with a suggestion that is a whole command
 * (`Did you mean \`petstore pets list\`?`), so it can be copied.
 */
function usageMessage(program: Command, argv: readonly string[], error: CommanderError): string {
  const suggested = /\n\(Did you mean (\S+)\?\)$/.exec(error.message)?.[1];
  const message = error.message.replace(/^error: /, '').replace(/\n\(Did you mean \S+\?\)$/, '');
  if (!suggested) return message;
  const { next } = commandWords(program, argv);
  if (error.code === 'commander.unknownCommand' && next) {
    // The user's own command with the one word corrected, ready to copy.
    const corrected = argv.map((word, index) => (index === next.index ? suggested : shellWord(word)));
    return `${message}. Did you mean \`petstore ${corrected.join(' ')}\`?`;
  }
  return `${message}. Did you mean ${suggested}?`;
}

/**
 * The CLI as a function of its arguments and environment: runs `argv` (without
 * `node` and the script) and returns the exit code. Data goes to stdout;
 * errors, warnings and progress to stderr, as JSON too with --json.
 */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  // Filled in when a command builds its client: failures without an answer name the address and timeout.
  const call: { settings?: CallSettings } = {};
  const program = createProgram(io, call);
  const args = expandHelp(program, argv);
  try {
    await program.parseAsync([...args], { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError && (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help')) {
      return EXIT.ok;
    }
    const failure: Failure = error instanceof CommanderError ? { ...toFailure(error), message: usageMessage(program, args, error) } : toFailure(error, call.settings);
    if (wantsJson(args)) {
      io.stderr.write(`${stringifyJson({ error: failure })}\n`);
    } else {
      const colour = colourLevel(io.stderr, io.env, !args.includes('--no-color')) > 0;
      const prefix = colour ? '\u001b[31merror:\u001b[39m' : 'error:';
      io.stderr.write(`${prefix} ${terminalSafe(failure.message)}\n`);
      if (failure.exitCode === EXIT.usage && error instanceof CommanderError) {
        io.stderr.write(`Run \`${commandPath(commandWords(program, args).command)} --help\` for usage.\n`);
      }
    }
    return failure.exitCode;
  }
}
