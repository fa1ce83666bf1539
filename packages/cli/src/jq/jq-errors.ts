/**
 * jq's error messages, worded for the CLI. A compile error of jq 1.7 reads
 *
 *     jq: error: syntax error, unexpected IDENT, expecting end of file (Unix shell quoting issues?) at <top-level>, line 1:
 *     .foo bar     ␣
 *     jq: 1 compile error
 *
 * where the spaces after the quoted line are as many as the column of the
 * error in it (jq meant them to lead to a caret it never prints). That count,
 * less `prefixLength` on line 1 (the CLI's wrapper), is the column.
 */
const COMPILE_ERROR = /^jq: error: (.*?)(?: \(Unix shell quoting issues\?\))? at <top-level>, line (\d+):$/;
const RUNTIME_ERROR = /^jq: error \(at [^)]*\): /;

/** The text around a column, for a message of one line. */
const near = (line: string, column: number): string => {
  const rest = line.slice(column - 1, column - 1 + 24);
  return rest === '' ? '(at the end of the line)' : `(near "${rest}${line.length > column - 1 + 24 ? '…' : ''}")`;
};

/** The first error jq reports, with the line and column in the user's expression. */
export function jqErrorMessage(stderr: string, expression: string, prefixLength: number): string {
  const lines = stderr.replace(/^Non-zero exit code: \d+\n/, '').split('\n');
  const first = lines.findIndex((line) => line.startsWith('jq: error'));
  const head = lines[first] ?? lines[0] ?? '';
  const compile = COMPILE_ERROR.exec(head);
  if (!compile) return head.replace(RUNTIME_ERROR, '').replace(/^jq: error: /, '') || 'jq failed';
  const [, what = '', lineText = '1'] = compile;
  const lineNumber = Number(lineText);
  const sourceLines = expression.split('\n');
  const source = sourceLines[lineNumber - 1] ?? '';
  const quoted = lines[first + 1] ?? '';
  // The line as jq quotes it (with the prefix on line 1), then the spaces that give the column.
  const quotedSource = lineNumber === 1 ? quoted.slice(0, prefixLength + source.length) : quoted.slice(0, source.length);
  const offset = quoted.length - quotedSource.length - (lineNumber === 1 ? prefixLength : 0);
  if (lineNumber > sourceLines.length) return `${what} at the end of the expression`;
  // An error in the wrapper's closing line, or before the expression, is at its end or its start.
  const column = Math.min(Math.max(offset, 0), source.length) + 1;
  return `${what} at line ${lineNumber}, column ${column} ${near(source, column)}`;
}
