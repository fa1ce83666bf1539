import { usageError } from '../errors/cli-error.js';
import { INPUT_LIMITS } from '../io/limits.js';
import { readRegularFile } from '../io/read-regular-file.js';
import { readStream } from '../io/read-stream.js';
import { terminalSafe } from '../output/escape.js';

/** A field's value: `-f` gives text, `-F` a JSON scalar or a file's content. */
export type FieldValue = string | number | boolean | null;

/** The fields of `-f key=value` (raw) and `-F key=value` (typed), in the order given. */
export interface FieldFlags {
  rawField?: string[];
  field?: string[];
}

const NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

function split(flag: string, text: string): [key: string, value: string] {
  const at = text.indexOf('=');
  if (at < 1) throw usageError(`${flag} takes key=value, got "${terminalSafe(text)}"`);
  return [text.slice(0, at), text.slice(at + 1)];
}

/**
 * `-F`'s value as gh reads it: `true`, `false`, `null`, a JSON number, `@file`
 * (the file's text; `@-` stdin), bounded as `pets create --data` is, else the text.
 */
async function typedValue(text: string, stdin: NodeJS.ReadableStream): Promise<FieldValue> {
  if (text === 'true' || text === 'false') return text === 'true';
  if (text === 'null') return null;
  if (NUMBER.test(text)) return Number(text);
  if (text === '@-') return readStream(stdin, INPUT_LIMITS.data, '-F key=@-');
  if (text.startsWith('@')) return readRegularFile(text.slice(1), INPUT_LIMITS.data, `-F ${terminalSafe(text)}`);
  return text;
}

/** Every field, `-f`'s first then `-F`'s, as key and value pairs. */
export async function readFields(flags: FieldFlags, stdin: NodeJS.ReadableStream): Promise<[string, FieldValue][]> {
  const fields: [string, FieldValue][] = (flags.rawField ?? []).map((text) => split('-f', text));
  for (const text of flags.field ?? []) {
    const [key, value] = split('-F', text);
    fields.push([key, await typedValue(value, stdin)]);
  }
  return fields;
}

/** Fields as a JSON object body: a key given twice is a usage error (which one was meant?). */
export function fieldsAsBody(fields: readonly [string, FieldValue][]): Record<string, FieldValue> {
  const body: Record<string, FieldValue> = {};
  for (const [key, value] of fields) {
    if (Object.hasOwn(body, key)) throw usageError(`field "${terminalSafe(key)}" is given twice`);
    body[key] = value;
  }
  return body;
}

/** Fields as query parameters, added to the URL's own: a key given twice is sent twice. */
export function addQuery(url: URL, fields: readonly [string, FieldValue][]): void {
  for (const [key, value] of fields) url.searchParams.append(key, String(value));
}
