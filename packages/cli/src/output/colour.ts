import type { OutputStream } from '../io/io.js';

/**
 * Whether to colour a stream, decided once: never with --no-color, NO_COLOR or
 * TERM=dumb; FORCE_COLOR=1..3 forces it; otherwise only on a terminal. chalk
 * itself ignores NO_COLOR, so the level is passed to it from here.
 */
export function colourLevel(stream: OutputStream, env: Readonly<Record<string, string | undefined>>, flag: boolean): 0 | 1 | 2 | 3 {
  if (!flag || env['NO_COLOR'] || env['TERM'] === 'dumb') return 0;
  const forced = env['FORCE_COLOR'];
  if (forced === '0' || forced === 'false') return 0;
  if (forced === '1' || forced === '2' || forced === '3') return Number(forced) as 1 | 2 | 3;
  if (!stream.isTTY && forced === undefined) return 0;
  if (env['COLORTERM'] === 'truecolor' || env['COLORTERM'] === '24bit') return 3;
  return env['TERM']?.includes('256') ? 2 : 1;
}

/** The few styles the CLI uses; identity functions when there is no colour. */
export interface Paint {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
}

const plain: Paint = { bold: (t) => t, dim: (t) => t, red: (t) => t, green: (t) => t, yellow: (t) => t };

/** A painter for a level; chalk is loaded only when colour is on, so piped runs never pay for it. */
export async function createPaint(level: 0 | 1 | 2 | 3): Promise<Paint> {
  if (level === 0) return plain;
  const { Chalk } = await import('chalk');
  const chalk = new Chalk({ level });
  return { bold: chalk.bold, dim: chalk.dim, red: chalk.red, green: chalk.green, yellow: chalk.yellow };
}
