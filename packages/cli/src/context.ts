import type { PetstoreClient } from '@petstore/sdk';
import { createConfigStore, type ConfigStore } from './config/config-store.js';
import { resolveSettings, type GlobalFlags, type Settings } from './config/resolve-settings.js';
import type { CliIo } from './io.js';
import { colourLevel, createPaint, type Paint } from './output/colour.js';
import type { Format } from './output/render-pets.js';

/** The global flags, as commander parsed them. */
export interface GlobalOptions extends GlobalFlags {
  json?: boolean;
  format?: string;
  color: boolean;
  debug?: boolean;
}

/** What every command works with: the streams, the resolved settings, the client. Built lazily. */
export interface CommandContext {
  io: CliIo;
  options: GlobalOptions;
  store: ConfigStore;
  format: Format;
  out(text: string): void;
  /** A line on stderr (a warning, progress). */
  note(text: string): void;
  paint(): Promise<Paint>;
  settings(): Promise<Settings>;
  client(): Promise<PetstoreClient>;
}

/**
 * The output format: --json, else --format (commander has already checked it
 * against FORMATS), else a table on a terminal and TSV when piped.
 */
export function chooseFormat(options: GlobalOptions, stdoutIsTTY: boolean): Format {
  if (options.json) return 'json';
  if (options.format !== undefined) return options.format as Format;
  return stdoutIsTTY ? 'table' : 'tsv';
}

export function createContext(io: CliIo, options: GlobalOptions): CommandContext {
  const store = createConfigStore(io.env);
  let settings: Promise<Settings> | undefined;
  let client: Promise<PetstoreClient> | undefined;
  const context: CommandContext = {
    io,
    options,
    store,
    format: chooseFormat(options, io.stdout.isTTY === true),
    out: (text) => io.stdout.write(text),
    // With --json, stderr stays machine-readable: notes are JSON lines too.
    note: (text) => io.stderr.write(options.json ? `${JSON.stringify({ note: text })}\n` : `${text}\n`),
    paint: () => createPaint(colourLevel(io.stdout, io.env, options.color)),
    settings: () => (settings ??= resolveSettings(options, io.env, store)),
    client: () =>
      (client ??= (async () => {
        const resolved = await context.settings();
        const { PetstoreClient } = await import('@petstore/sdk');
        return new PetstoreClient({
          baseUrl: resolved.baseUrl,
          apiKey: resolved.apiKey,
          // The CLI prints its own deprecation notice (see pets get), on stderr only.
          deprecationWarnings: false,
          logger: {
            ...(options.debug
              ? {
                  debug: (message: string, details?: Record<string, unknown>) => {
                    const requestId = typeof details?.['requestId'] === 'string' ? ` (request id ${details['requestId']})` : '';
                    io.stderr.write(`debug: ${message}${requestId}\n`);
                  },
                }
              : {}),
            warn: (message) => context.note(`warning: ${message}`),
          },
        });
      })()),
  };
  return context;
}
