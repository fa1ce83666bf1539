// The benchmarks' command-line flags: node:util parseArgs, --help, and whole numbers checked.
import process from 'node:process';
import { parseArgs } from 'node:util';

/**
 * Parses the command line against `spec`: `{ name: { default, min, max } }` for a whole number,
 * `{ type: 'boolean' | 'string', default? }` otherwise. --help prints `usage` and exits 0;
 * anything wrong exits 2 with a message naming the flag.
 */
export function parseFlags(script, spec, usage) {
  const fail = (message) => {
    process.stderr.write(`${script}: ${message}\n`);
    process.exit(2);
  };
  const options = { help: { type: 'boolean', short: 'h' } };
  for (const [name, { type = 'string' }] of Object.entries(spec)) options[name] = { type };
  let values;
  try {
    ({ values } = parseArgs({ options }));
  } catch (error) {
    fail(error.message);
  }
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  for (const [name, { min, max, default: fallback }] of Object.entries(spec)) {
    values[name] ??= fallback;
    if (min === undefined) continue;
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < min || value > max) fail(`--${name} expects a whole number from ${min} to ${max}, got "${values[name]}"`);
    values[name] = value;
  }
  return values;
}
