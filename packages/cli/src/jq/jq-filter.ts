import { CliError, usageError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import { escapeJsonText, stringifyJson, terminalSafe } from '../output/escape.js';
import { JQ_LIMITS, JQ_TIMEOUT_VARIABLE } from '../tables/jq-flag.js';
import { jqErrorMessage } from './jq-errors.js';
import type { JqBound } from './jq-job.js';
import { jqTimeout } from './jq-timeout.js';
import { runJq } from './run-jq.js';

/** jq's exit status for a program that does not compile. */
const COMPILE_ERROR = 3;

const MiB = 1024 * 1024;

/** What each bound says when met: the expression is the user's input, so exit 2, as for any bad flag value. */
function boundError(bound: JqBound, timeoutMs: number): CliError {
  const what = {
    results: `gave more than ${JQ_LIMITS.results} results`,
    output: `wrote more than ${JQ_LIMITS.outputBytes / MiB} MiB of results`,
    memory: `needed more than ${JQ_LIMITS.memoryBytes / MiB} MiB of memory`,
    time: `ran longer than ${timeoutMs} ms (set ${JQ_TIMEOUT_VARIABLE}=MS to allow more)`,
  }[bound];
  return new CliError(`--jq: the expression ${what}; nothing was printed`, EXIT.usage, 'jq_limit');
}

/**
 * One result of jq's compact output (`-c`: one line each) as the CLI prints it,
 * as gh does: a string raw, anything else as JSON. On a terminal, text from
 * the server is escaped (newlines kept) and JSON is indented; to a pipe a
 * string is printed byte for byte and JSON compact, with the characters
 * --json escapes escaped.
 */
function showResult(line: string, terminal: boolean): string {
  if (line.startsWith('"')) {
    const text = JSON.parse(line) as string;
    return terminal ? text.split('\n').map(terminalSafe).join('\n') : text;
  }
  return terminal ? stringifyJson(JSON.parse(line), 2) : escapeJsonText(line);
}

/** How --jq runs: whether stdout is a terminal, where jq's `debug` lines go, the environment (PETSTORE_JQ_TIMEOUT). */
export interface JqRun {
  terminal: boolean;
  note: (text: string) => void;
  env: Readonly<Record<string, string | undefined>>;
}

/**
 * `--jq EXPRESSION` on JSON text: its results, one a line. jq runs in a
 * worker thread (run-jq.ts), started only when --jq is given, within
 * JQ_LIMITS and PETSTORE_JQ_TIMEOUT. A syntax error names its line and column (exit 2,
 * as any bad flag value); so does an error on the data, with jq's words.
 * What jq writes on stderr (`debug`) goes to `note`, a line at a time.
 */
export async function filterJson(json: string, expression: string, { terminal, note, env }: JqRun): Promise<string> {
  if (expression.length > JQ_LIMITS.expressionLength) {
    throw usageError(`--jq takes at most ${JQ_LIMITS.expressionLength} characters, got ${expression.length}`);
  }
  const timeoutMs = jqTimeout(env);
  // An empty program is jq's identity, as `jq ''` has it.
  const { results, outputBytes, memoryBytes } = JQ_LIMITS;
  const outcome = await runJq(json, expression.trim() === '' ? '.' : expression, { results, outputBytes, memoryBytes, timeoutMs });
  if (outcome.kind === 'bound') throw boundError(outcome.bound, timeoutMs);
  const stderr = new TextDecoder().decode(outcome.stderr);
  if (outcome.kind === 'failed') {
    const message = `--jq: ${jqErrorMessage(stderr, expression)}`;
    throw outcome.exitCode === COMPILE_ERROR ? usageError(message) : new CliError(message, EXIT.usage, 'jq_error');
  }
  for (const line of stderr.split('\n')) if (line !== '') note(line);
  const output = new TextDecoder().decode(outcome.stdout);
  const lines = output === '' ? [] : output.replace(/\n$/, '').split('\n');
  return lines.map((line) => `${showResult(line, terminal)}\n`).join('');
}
