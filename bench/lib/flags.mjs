// Command-line flags shared by the benchmark scripts.
import { parseArgs } from 'node:util';
import process from 'node:process';

/**
 * Parses `options` (node:util parseArgs shape, plus --help), printing `help` and
 * exiting 0 for --help, and exiting 2 with the parser's message for a bad flag.
 */
export function parseBenchFlags(script, options, help) {
  let values;
  try {
    ({ values } = parseArgs({ options: { ...options, help: { type: 'boolean', short: 'h', default: false } } }));
  } catch (error) {
    process.stderr.write(`${script}: ${error.message}\n`);
    process.exit(2);
  }
  if (values.help) {
    process.stdout.write(`${help}\n`);
    process.exit(0);
  }
  return values;
}

/** A flag's value as a whole number from `min` to `max`; anything else exits 2 with a message naming the flag. */
export function integerFlag(script, flag, text, min, max) {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    process.stderr.write(`${script}: ${flag} expects a whole number from ${min} to ${max}, got "${text}"\n`);
    process.exit(2);
  }
  return value;
}

/** A flag's value as a whole number from 1 to `max`. */
export const positiveFlag = (script, flag, text, max) => integerFlag(script, flag, text, 1, max);
