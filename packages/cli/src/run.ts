import { CommanderError } from 'commander';
import { EXIT } from './exit-codes.js';
import type { CliIo } from './io.js';
import { colourLevel } from './output/colour.js';
import { createProgram } from './program.js';
import { toFailure } from './to-exit.js';

/** Whether the command asked for JSON output: its errors are then JSON too. */
function wantsJson(argv: readonly string[]): boolean {
  return argv.some(
    (arg, index) => arg === '--json' || arg === '--format=json' || arg === '--format=ndjson' || (arg === '--format' && ['json', 'ndjson'].includes(argv[index + 1] ?? '')),
  );
}

/**
 * The CLI as a function of its arguments and environment: runs `argv` (without
 * `node` and the script) and returns the exit code. Data goes to stdout;
 * errors, warnings and progress to stderr, as JSON too with --json.
 */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const program = createProgram(io);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError && (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help')) {
      return EXIT.ok;
    }
    const failure = toFailure(error);
    if (wantsJson(argv)) {
      io.stderr.write(`${JSON.stringify({ error: failure })}\n`);
    } else {
      const colour = colourLevel(io.stderr, io.env, !argv.includes('--no-color')) > 0;
      const prefix = colour ? '\u001b[31merror:\u001b[39m' : 'error:';
      io.stderr.write(`${prefix} ${failure.message}\n`);
      if (failure.exitCode === EXIT.usage && error instanceof CommanderError) {
        io.stderr.write(`Run \`petstore ${commandPath(argv)}--help\` for usage.\n`);
      }
    }
    return failure.exitCode;
  }
}

/** The command words of argv (`pets list `), for the usage hint. */
function commandPath(argv: readonly string[]): string {
  const words: string[] = [];
  for (const arg of argv) {
    if (arg.startsWith('-') || words.length === 2) break;
    words.push(arg);
  }
  return words.map((word) => `${word} `).join('');
}
