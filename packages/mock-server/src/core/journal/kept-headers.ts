import type { RequestHeaders } from '../api/exchange.js';
import { heapBytesOf, isTwoByte } from '../api/heap-bytes.js';

/** Most headers (or values of a repeated one) one journal entry keeps; the rest are counted, not kept. */
export const MAX_RECORDED_HEADERS = 64;

/**
 * A request's headers as a journal entry keeps them: one string of
 * `name\nvalue\n…` lines, whatever the count. An object of 990 properties costs
 * V8 ~50 KiB where its text is 7 KiB; one string costs what its characters
 * do, so its count is its memory.
 */
export interface KeptHeaders {
  text: string;
  /** Headers (values of a repeated one each) left out: past {@link MAX_RECORDED_HEADERS} or the byte budget. */
  omitted: number;
  /** What V8 keeps for `text`. */
  bytes: number;
}

// HTTP allows no line feed in a field name or value (Node's parser and fetch's Headers refuse one).
const SEPARATOR = '\n';

/**
 * The headers that fit, in order: at most {@link MAX_RECORDED_HEADERS}, their
 * text within `maxBytes` as V8 keeps it; each one that does not fit is counted in `omitted`.
 */
export function keepHeaders(headers: RequestHeaders, maxBytes: number): KeptHeaders {
  const parts: string[] = [];
  let characters = 0;
  let twoByte = false;
  let omitted = 0;
  const add = (name: string, value: string): void => {
    // A line feed a transport let through would shift every line after it.
    const line = value.includes(SEPARATOR) ? value.replaceAll(SEPARATOR, ' ') : value;
    const added = name.length + line.length + (parts.length === 0 ? 1 : 2);
    const wide = twoByte || isTwoByte(name) || isTwoByte(line);
    if (parts.length / 2 >= MAX_RECORDED_HEADERS || heapBytesOf('') + (characters + added) * (wide ? 2 : 1) > maxBytes) {
      omitted += 1;
      return;
    }
    parts.push(name, line);
    characters += added;
    twoByte = wide;
  };
  for (const name in headers) {
    const value = headers[name];
    if (typeof value === 'string') add(name, value);
    else if (value !== undefined) for (const one of value) add(name, one);
  }
  // join makes one flat string of its own, sharing none of the request's.
  const text = parts.join(SEPARATOR);
  return { text, omitted, bytes: heapBytesOf(text) };
}

/** The kept headers by name, a repeated one as an array. fromEntries: a header named `__proto__` stays an own property. */
export function listHeaders(text: string): [name: string, value: string | string[]][] {
  if (text === '') return [];
  const lines = text.split(SEPARATOR);
  const byName = new Map<string, string | string[]>();
  for (let index = 0; index + 1 < lines.length; index += 2) {
    const name = lines[index] as string;
    const value = lines[index + 1] as string;
    const existing = byName.get(name);
    byName.set(name, existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value]);
  }
  return [...byName];
}
