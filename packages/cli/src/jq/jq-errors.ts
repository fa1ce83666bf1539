/**
 * jq's error messages, worded for the CLI. A compile error of jq 1.7 reads
 *
 *     jq: error: syntax error, unexpected IDENT, expecting end of file (Unix shell quoting issues?) at <top-level>, line 1:
 *     .foo bar     ␣
 *     jq: 1 compile error
 *
 * where the spaces after the quoted line are as many as the error's offset
 * in it, in UTF-8 bytes (jq meant them to lead to a caret it never prints).
 * That count is read back as characters of the line: `"ééé" bar` is 11 bytes
 * before `bar` but 7 characters.
 */
const COMPILE_ERROR = /^jq: error: (.*?)(?: \(Unix shell quoting issues\?\))? at <top-level>, line (\d+):$/;
const RUNTIME_ERROR = /^jq: error \(at [^)]*\): /;

/** The text from `index` (in UTF-16 units) on, for a message of one line. */
const near = (line: string, index: number): string => {
  const rest = line.slice(index, index + 24);
  return rest === '' ? '(at the end of the line)' : `(near "${rest}${line.length > index + 24 ? '…' : ''}")`;
};

const utf8 = new TextEncoder();

/**
 * The index in `line` (in UTF-16 units, as strings count) of the character
 * at UTF-8 byte `offset`, as jq counts: bytes. Within a character, its start.
 */
function indexOfByte(line: string, offset: number): number {
  let bytes = 0;
  let index = 0;
  for (const character of line) {
    bytes += utf8.encode(character).length;
    if (bytes > offset) break;
    index += character.length;
  }
  return index;
}

/** The first error jq reports, with the line and column in the user's expression. */
export function jqErrorMessage(stderr: string, expression: string): string {
  const lines = stderr.replace(/^Non-zero exit code: \d+\n/, '').split('\n');
  const first = lines.findIndex((line) => line.startsWith('jq: error'));
  const head = lines[first] ?? lines[0] ?? '';
  const compile = COMPILE_ERROR.exec(head);
  if (!compile) return head.replace(RUNTIME_ERROR, '').replace(/^jq: error: /, '') || 'jq failed';
  const [, what = '', lineText = '1'] = compile;
  const lineNumber = Number(lineText);
  const sourceLines = expression.split('\n');
  const source = sourceLines[lineNumber - 1] ?? '';
  // The line as jq quotes it, then the spaces that give the column, in bytes.
  const offset = (lines[first + 1] ?? '').length - source.length;
  if (lineNumber > sourceLines.length) return `${what} at the end of the expression`;
  const index = indexOfByte(source, Math.max(offset, 0));
  // The column counts characters, as a person does (an emoji is one, not two UTF-16 units).
  const column = [...source.slice(0, index)].length + 1;
  return `${what} at line ${lineNumber}, column ${column} ${near(source, index)}`;
}
