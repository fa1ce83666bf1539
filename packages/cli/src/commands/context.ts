import type { Logger, PetstoreClient } from '@petstore/sdk';
import type { Fetch } from '@petstore/sdk/node';
import { createConfigStore, type ConfigStore } from '../config/config-store.js';
import { resolveSettings, type GlobalFlags, type Settings } from '../config/resolve-settings.js';
import { usageError } from '../errors/cli-error.js';
import type { CallSettings } from '../errors/explain-no-answer.js';
import type { CliIo } from '../io/io.js';
import { closeWhenDone } from '../io/open-connections.js';
import { stringifyJson, terminalSafe } from '../output/escape.js';
import { stderrIsJson } from '../output/stderr-json.js';
import { TIMEOUT } from '../tables/timeout.js';
import { PRODUCT_TOKEN } from '../tables/version.js';
import { colourLevel, createPaint, type Paint } from '../output/colour.js';
import type { Format } from '../output/render-pets.js';

/** The global flags, as commander parsed them. */
export interface GlobalOptions extends GlobalFlags {
  json?: boolean;
  format?: string;
  color: boolean;
  debug?: boolean;
  timeout?: string;
  /** `--jq`, on the commands that print JSON. */
  jq?: string;
}

/** What every command works with: the streams, the resolved settings, the client. Built lazily. */
export interface CommandContext {
  io: CliIo;
  options: GlobalOptions;
  store: ConfigStore;
  format: Format;
  /** Whether stderr gets JSON lines rather than text (see stderrIsJson). */
  stderrJson: boolean;
  out(text: string): void;
  /** JSON text for stdout, as --json prints it: filtered by --jq when given (which loads jq). */
  outJson(text: string): Promise<void>;
  /** A line on stderr (a warning, progress). */
  note(text: string): void;
  /** Where the SDK's debug lines (with --debug) and warnings go: stderr, as `debug: …` lines and notes. */
  logger: Logger;
  paint(): Promise<Paint>;
  settings(): Promise<Settings>;
  /** What every request of the command is sent with: the base URL, key, --timeout and the proxy's fetch (the client's too). */
  connection(): Promise<Connection>;
  client(): Promise<PetstoreClient>;
}

/** The profile's address and key, --timeout, and the fetch through the environment's proxy (undefined: the global fetch). */
export interface Connection {
  baseUrl: string;
  apiKey: string;
  /** Milliseconds one attempt may take (`--timeout`). */
  timeout: number;
  fetch: Fetch | undefined;
}

/**
 * The output format: --json or --jq, else --format (commander has already checked it
 * against FORMATS), else a table on a terminal and TSV when piped.
 */
export function chooseFormat(options: GlobalOptions, stdoutIsTTY: boolean): Format {
  // commander checks --json against --format; --jq is a command's flag and --format a global one.
  if (options.jq !== undefined && options.format !== undefined && options.format !== 'json') {
    throw usageError(`--jq prints JSON; it cannot be combined with --format ${options.format}`);
  }
  if (options.json || options.jq !== undefined) return 'json';
  if (options.format !== undefined) return options.format as Format;
  return stdoutIsTTY ? 'table' : 'tsv';
}

/** `--timeout MS`: whole milliseconds within TIMEOUT, else a usage error naming the flag. */
export function requestTimeout(text: string | undefined): number {
  if (text === undefined) return TIMEOUT.default;
  const value = /^[0-9]+$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= TIMEOUT.min && value <= TIMEOUT.max)) {
    throw usageError(`--timeout must be whole milliseconds from ${TIMEOUT.min} to ${TIMEOUT.max}, got "${text}"`);
  }
  return value;
}

/**
 * Whether a proxy variable may be set (any spelling of http_proxy or
 * https_proxy): only then is @petstore/sdk/node loaded, whose proxyFor
 * decides (and undici only with the first request through a proxy).
 */
export const proxyVariableSet = (env: CliIo['env']): boolean => Object.entries(env).some(([name, value]) => /^https?_proxy$/i.test(name) && value?.trim());

/**
 * A fetch through the proxy the environment names (HTTPS_PROXY, HTTP_PROXY and
 * NO_PROXY as curl reads them), or undefined for the global fetch when no proxy
 * variable is set. A broken variable is exit 3 here, before any request. Its
 * connections are closed when the command is done (see closeWhenDone).
 */
export async function proxiedFetch(env: CliIo['env']): Promise<Fetch | undefined> {
  if (!proxyVariableSet(env)) return undefined;
  const fetch = (await import('@petstore/sdk/node')).proxyFetch('env', { env });
  closeWhenDone(fetch.close);
  return fetch;
}

/** The proxy requests to `baseUrl` go through, for messages (`the proxy http://proxy.example:3128 (from HTTPS_PROXY)`), if any. */
async function proxyInUse(env: CliIo['env'], baseUrl: string): Promise<string | undefined> {
  if (!proxyVariableSet(env)) return undefined;
  const { proxyFor, redactProxyUrl } = await import('@petstore/sdk/node');
  const choice = proxyFor(new URL(baseUrl), env);
  return choice.proxy && `the proxy ${redactProxyUrl(choice.proxy)} (from ${choice.source})`;
}

/** `--debug`'s line per request on stderr, with its request id; warnings as notes. */
function createLogger(io: CliIo, options: GlobalOptions, note: (text: string) => void): Logger {
  const debug = (message: string, details?: Record<string, unknown>) => {
    const requestId = typeof details?.['requestId'] === 'string' ? ` (request id ${details['requestId']})` : '';
    io.stderr.write(`debug: ${terminalSafe(`${message}${requestId}`)}\n`);
  };
  return { ...(options.debug && { debug }), warn: (message) => note(`warning: ${message}`) };
}

/** JSON on stdout, through `--jq` when it is given (jq loads only then). */
async function writeJson(io: CliIo, options: GlobalOptions, note: (text: string) => void, text: string): Promise<void> {
  if (options.jq === undefined) {
    io.stdout.write(text);
    return;
  }
  const { filterJson } = await import('../jq/jq-filter.js');
  io.stdout.write(await filterJson(text, options.jq, { terminal: io.stdout.isTTY === true, note, env: io.env }));
}

/** The settings' address and key, the timeout and the fetch (through a proxy where the environment names one); `call` learns them for messages. */
async function connect(io: CliIo, options: GlobalOptions, settings: Settings, call: { settings?: CallSettings }): Promise<Connection> {
  const { baseUrl, apiKey } = settings;
  const timeout = requestTimeout(options.timeout);
  const fetch = await proxiedFetch(io.env);
  const proxy = await proxyInUse(io.env, baseUrl);
  call.settings = { baseUrl, timeout, ...(proxy && { proxy }) };
  return { baseUrl, apiKey, timeout, fetch };
}

/** The SDK's client on the connection (the SDK loads only now). */
async function createClient({ baseUrl, apiKey, timeout, fetch }: Connection, logger: Logger): Promise<PetstoreClient> {
  const { PetstoreClient } = await import('@petstore/sdk');
  return new PetstoreClient({
    ...(fetch && { fetch }),
    timeout,
    baseUrl,
    apiKey,
    // `petstore-cli/0.3.0 petstore-sdk/0.3.0 (node/26.10.0)`: the service sees which tool called it.
    userAgent: PRODUCT_TOKEN,
    // The CLI prints its own deprecation notice (see pets get), on stderr only.
    deprecationWarnings: false,
    logger,
  });
}

/**
 * `call` receives the address and timeout once the client is built, for the
 * message of a failure without an answer.
 */
export function createContext(io: CliIo, options: GlobalOptions, call: { settings?: CallSettings } = {}): CommandContext {
  const format = chooseFormat(options, io.stdout.isTTY === true);
  // --jq implies JSON on stdout, not on stderr: its errors are for a person, as gh's are (--json asks for both).
  const stderrJson = stderrIsJson(options.jq !== undefined && !options.json ? undefined : format, io.stderr);
  // Notes are JSON lines when the error line is (the same rule, stderrIsJson). They
  // quote the server and config files: escaped either way.
  const note = (text: string) => void io.stderr.write(stderrJson ? `${stringifyJson({ note: text })}\n` : `${terminalSafe(text)}\n`);
  // A warning about a file (a credentials file others can read) is a note like any other.
  const store = createConfigStore(io.env, { warn: note });
  const logger = createLogger(io, options, note);
  let settings: Promise<Settings> | undefined;
  let connection: Promise<Connection> | undefined;
  let client: Promise<PetstoreClient> | undefined;
  const context: CommandContext = {
    io,
    options,
    store,
    format,
    stderrJson,
    out: (text) => io.stdout.write(text),
    outJson: (text) => writeJson(io, options, note, text),
    note,
    logger,
    paint: () => createPaint(colourLevel(io.stdout, io.env, options.color)),
    settings: () => (settings ??= resolveSettings(options, io.env, store)),
    connection: () => (connection ??= context.settings().then((found) => connect(io, options, found, call))),
    client: () => (client ??= context.connection().then((found) => createClient(found, logger))),
  };
  return context;
}
