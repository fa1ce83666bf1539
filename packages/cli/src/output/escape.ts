/**
 * Text from outside (the server, a config file, an input file) is escaped
 * before it reaches a terminal or a JSON consumer that may print it: control
 * characters could move the cursor, rewrite the screen or the title, and the
 * bidirectional overrides can make a line read differently from what it holds.
 */

// C0 controls, DEL, C1 controls, and the bidi embeddings, overrides and isolates.
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const UNSAFE_ON_TERMINAL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
// JSON.stringify already writes C0 controls as escapes; these it leaves raw.
const UNSAFE_IN_JSON = /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

const asEscape = (char: string): string => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** Text for a terminal: every unsafe character as a visible `\uXXXX`. */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE_ON_TERMINAL, asEscape);
}

/**
 * JSON text whose strings hold no raw C1, DEL or bidi character: each is written
 * as a `\u` escape, which any JSON parser reads back as the same character.
 */
export function stringifyJson(value: unknown, indent?: number): string {
  return escapeJsonText(JSON.stringify(value, null, indent));
}

/** JSON text from elsewhere (jq's output) made as safe as stringifyJson's: such characters occur only inside its strings. */
export function escapeJsonText(json: string): string {
  return json.replace(UNSAFE_IN_JSON, asEscape);
}

/** A TSV field: tabs, newlines and backslashes escaped, so a row stays a row; other controls as on a terminal. */
export function tsvField(text: string): string {
  return terminalSafe(text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r'));
}
