import { CliError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import type { CliIo } from './io.js';

/**
 * Prompts on stderr and reads one line from a terminal without echoing it:
 * raw mode, so the key never appears on screen or in the scrollback.
 */
export function readSecret(io: CliIo, prompt: string): Promise<string> {
  const { stdin } = io;
  io.stderr.write(prompt);
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (error?: Error) => {
      stdin.setRawMode?.(false);
      stdin.off('data', onData);
      stdin.pause();
      io.stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: Buffer | string) => {
      for (const char of chunk.toString()) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003') return finish(new CliError('interrupted', EXIT.interrupted, 'interrupted'));
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else value += char;
      }
    };
    stdin.setRawMode?.(true);
    stdin.on('data', onData);
    stdin.resume();
  });
}
