import jqReady, { type JqModule } from 'jq-web';
import { CliError, usageError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import { escapeJsonText, stringifyJson, terminalSafe } from '../output/escape.js';
import { JQ_LIMITS } from '../startup/jq-flag.js';
import { jqErrorMessage } from './jq-errors.js';

/**
 * The user's expression inside `limit(N; …)`, so that `repeat(.)` stops: one
 * more result than allowed tells that there were too many. The expression
 * stays on line 1 after a known prefix (jq-errors.ts places errors back in
 * it); the closing parentheses come on a line of their own, after any `# comment`.
 */
export const JQ_PREFIX = `limit(${JQ_LIMITS.results + 1}; (`;
// An empty program is jq's identity, as `jq ''` has it.
const wrap = (expression: string): string => `${JQ_PREFIX}${expression.trim() === '' ? '.' : expression}\n))`;

/** jq's exit status and stderr, as jq-web attaches them to what it throws. */
interface JqFailure {
  exitCode?: number;
  stderr?: string;
  message?: string;
}

/** What jq said on stderr when it failed. */
const stderrOf = (error: unknown): string => {
  const failure = error as JqFailure;
  return failure.stderr ?? failure.message ?? String(error);
};

/** jq's exit status for a program that does not compile. */
const COMPILE_ERROR = 3;

/**
 * A compile error told in the user's own text: `halt | EXPRESSION` compiles
 * as the expression does, without the wrapper's closing line (where an
 * unclosed bracket would otherwise be reported), and runs nothing.
 */
function compileError(jq: JqModule, expression: string, wrapped: unknown): string {
  const prefix = 'halt | ';
  try {
    jq.raw('null', `${prefix}${expression}`, []);
  } catch (error) {
    if ((error as JqFailure).exitCode === COMPILE_ERROR) return jqErrorMessage(stderrOf(error), expression, prefix.length);
  }
  return jqErrorMessage(stderrOf(wrapped), expression, JQ_PREFIX.length);
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

/**
 * `--jq EXPRESSION` on JSON text: its results, one a line. jq is loaded here
 * only, when --jq is given. A syntax error names its line and column (exit 2,
 * as any bad flag value); so does an error on the data, with jq's words.
 * What jq writes on stderr (`debug`) goes to `note`, a line at a time.
 */
export async function filterJson(json: string, expression: string, terminal: boolean, note: (text: string) => void): Promise<string> {
  if (expression.length > JQ_LIMITS.expressionLength) {
    throw usageError(`--jq takes at most ${JQ_LIMITS.expressionLength} characters, got ${expression.length}`);
  }
  const jq = await jqReady;
  const diagnostics: string[] = [];
  // eslint-disable-next-line no-console -- jq-web's own printing is taken over, never let through.
  const warn = console.warn;
  // jq-web passes what jq wrote on stderr to console.warn (format, styles…, text) when jq succeeds.
  // eslint-disable-next-line no-console -- as above
  console.warn = (...args: unknown[]) => diagnostics.push(String(args.at(-1)));
  let output: string | undefined;
  try {
    output = jq.raw(json, wrap(expression), ['-c']);
  } catch (error) {
    if ((error as JqFailure).exitCode === COMPILE_ERROR) throw usageError(`--jq: ${compileError(jq, expression, error)}`);
    throw new CliError(`--jq: ${jqErrorMessage(stderrOf(error), expression, JQ_PREFIX.length)}`, EXIT.usage, 'jq_error');
  } finally {
    // eslint-disable-next-line no-console -- as above
    console.warn = warn;
  }
  for (const text of diagnostics) for (const line of text.split('\n')) note(line);
  const lines = output === undefined || output === '' ? [] : output.split('\n');
  if (lines.length > JQ_LIMITS.results) throw usageError(`--jq: the expression gave more than ${JQ_LIMITS.results} results; nothing was printed`);
  return lines.map((line) => `${showResult(line, terminal)}\n`).join('');
}
