import type { OutputStream } from '../io/io.js';

/**
 * The one rule for what the CLI writes on stderr (errors, warnings, notes, the
 * import summary): JSON lines with --json (or --format json), which asks for
 * JSON errors too; JSON lines with --format ndjson only when stderr is not a
 * terminal, where a program reads it; plain text otherwise, for a person.
 */
export function stderrIsJson(format: string | undefined, stderr: OutputStream): boolean {
  return format === 'json' || (format === 'ndjson' && stderr.isTTY !== true);
}
