/**
 * What the JavaScript heap keeps for what the mock holds on to (journal
 * entries, armed overrides), counted so that a bound on the count is a bound
 * on the memory. V8 keeps a string as a 16-byte header and its characters, one
 * byte each while every character is at most U+00FF, two bytes each otherwise,
 * rounded up to 8 bytes (docs/decisions.md, "Journal and override bounds").
 */

/** A string's header and its rounding, at most. */
const STRING_OVERHEAD_BYTES = 24;
/** A character past U+00FF (any UTF-16 unit from 0x100 on) makes V8 keep the whole string at two bytes a character. */
const TWO_BYTE = /[\u0100-\uffff]/;

/** Whether V8 keeps `text` at two bytes a character. */
export const isTwoByte = (text: string): boolean => TWO_BYTE.test(text);

/** What V8 keeps for `text`, at most: its header, and one or two bytes a character. */
export function heapBytesOf(text: string): number {
  return STRING_OVERHEAD_BYTES + text.length * (isTwoByte(text) ? 2 : 1);
}

/**
 * V8 makes `slice` of 13 characters or more a view that keeps the whole
 * original alive (a path keeps the request's URL, a cut text its megabyte):
 * what is kept must be a copy of its own to cost what it is counted.
 */
const SLICE_MIN_LENGTH = 13;

/** `text` as a string of its own, flat, sharing no larger string. */
export function ownCopy(text: string): string {
  return text.length < SLICE_MIN_LENGTH ? text : (JSON.parse(JSON.stringify(text)) as string);
}
