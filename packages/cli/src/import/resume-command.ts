import type { GlobalOptions } from '../commands/context.js';
import type { ImportFlags } from '../tables/import-flags.js';
import { shellWord } from '../output/shell-word.js';

/**
 * The command that sends only the rest of an import, quoted for a POSIX shell:
 * the same input and flags, `--resume` naming the resume file. The environment
 * (PETSTORE_API_KEY, PETSTORE_BASE_URL) is the shell's, so it is not repeated.
 */
export function resumeCommand(file: string, flags: ImportFlags, options: GlobalOptions, resumePath: string): string {
  const words = ['petstore', 'pets', 'import', file];
  if (flags.inputFormat !== undefined) words.push('--input-format', flags.inputFormat);
  if (flags.skipInvalid === true) words.push('--skip-invalid');
  if (flags.concurrency !== undefined) words.push('--concurrency', flags.concurrency);
  words.push('--resume', resumePath);
  if (options.profile !== undefined) words.push('--profile', options.profile);
  if (options.baseUrl !== undefined) words.push('--base-url', options.baseUrl);
  if (options.timeout !== undefined) words.push('--timeout', options.timeout);
  if (options.json === true) words.push('--json');
  else if (options.format !== undefined) words.push('--format', options.format);
  const command = `\`${words.map(shellWord).join(' ')}\``;
  return file === '-' ? `${command} with the same input on stdin` : command;
}
