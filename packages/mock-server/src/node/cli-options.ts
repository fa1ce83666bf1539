import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { NewPet } from '@petstore/sdk/contract';
import {
  closestWord,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_RECORDED_REQUESTS,
  DEFAULT_SEED_COUNT,
  DEFAULT_SESSION_IDLE_MS,
  MAX_JOURNAL_SIZE,
  MAX_SESSION_IDLE_MS,
  MAX_SESSIONS_LIMIT,
  SESSION_JOURNAL_SIZE,
  SESSION_MAX_PETS,
  SESSION_MEMORY_BYTES,
  type DelayOption,
} from '../core/index.js';
import type { LogFormat } from './request-log.js';

/** A command-line mistake: printed with the usage hint, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError' as const;
}

export interface CliOptions {
  help: boolean;
  version: boolean;
  port: number;
  host: string;
  apiKeys: string[];
  seed: number | undefined;
  seedFile: string | undefined;
  delay: DelayOption | undefined;
  log: LogFormat | undefined;
  corsOrigins: string[];
  allowedHosts: string[];
  dataFile: string | undefined;
  journalSize: number | undefined;
  maxSessions: number | undefined;
  sessionIdleMs: number | undefined;
  profile: string | undefined;
}

export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = '127.0.0.1';
const MAX_SEED = 10_000_000;
const MAX_DELAY_MS = 60_000;
const LOG_FORMATS: readonly LogFormat[] = ['pretty', 'json', 'off'];

export const HELP = `Usage: petstore-mock [options]

The Animal Store API, served from memory: every operation of the specification,
validated, stateful, with the deprecation headers and the Error bodies.

Options:
  --port N               port to listen on, 0 to let the OS pick (default ${DEFAULT_PORT})
  --host ADDRESS         address to bind (default ${DEFAULT_HOST}); anything but loopback needs --api-key
  --api-key KEY          accept this API key; repeat for several (default: the development key,
                         shown at start-up). Also PETSTORE_MOCK_API_KEYS=KEY1,KEY2
  --seed N               start with N generated animals, 0 for none (default ${DEFAULT_SEED_COUNT})
  --seed-file FILE       start with the animals in FILE: a JSON array of create bodies
                         (${Object.keys(NewPet.shape).join(', ')}), each with an optional id
  --delay MS|MIN-MAX     wait MS milliseconds, or a random time in MIN..MAX, before every response
  --log pretty|json|off  request log format (default: pretty on a terminal, json otherwise)
  --cors-origin ORIGIN   also allow this browser origin (e.g. https://app.test:8443); repeat for
                         several; '*' allows any (default: pages on localhost, 127.0.0.1, [::1])
  --allowed-host NAME    also answer requests for this host name (Host header); repeat for several;
                         .example.com: it and its subdomains; '*': any (default: localhost, IP addresses,
                         the --host address)
  --data FILE            keep the animals in FILE, a SQLite database (a regular file), across restarts (created
                         with the seed if new; each create is committed before its 201; one
                         server per file). Needs Node.js 22.13+. Without it nothing is written.
  --journal-size N       keep the last N requests answered for GET /__admin/requests, 0 for none
                         (default ${DEFAULT_RECORDED_REQUESTS})
  --max-sessions N       keep at most N sessions (/sessions/NAME/v1) at once, 0 to turn sessions off
                         (default ${DEFAULT_MAX_SESSIONS}); each shares the seed, holds at most ${SESSION_MAX_PETS} animals of
                         its own, keeps its last ${SESSION_JOURNAL_SIZE} requests, and takes at most ${SESSION_MEMORY_BYTES / 1024 / 1024} MiB of memory
  --session-idle SECONDS end a session after this long without a request (default ${DEFAULT_SESSION_IDLE_MS / 1000})
  --profile FILE         answer as the service a profile describes (petstore verify --write-profile writes
                         one): its choices where the specification is silent, sessions included
                         (default: the kit's own choices)
  -h, --help             show this help
  -v, --version          show the version

Test controls, per request (as Prism's):
  Prefer: code=503       answer with this error status (400-599): the documented example,
                         or an Error body; with 429 or 503, retry-after=N sends Retry-After
  Prefer: delay=500      wait 500 ms before answering
Test controls from outside the app (need the API key; see the README):
  POST /__admin/faults   arm a fault: {"operation":"listPets","status":503,"times":2}
                         or a kind below HTTP: reset, empty, malformed, stall
  POST /__admin/overrides  stage an answer checked against the contract:
                         {"operation":"listPets","body":[],"times":"always"}
  GET /__admin/requests  the requests answered (?operation=, ?method=, ?status=, ?limit=, ?since=)
  POST /__admin/reset    restore the seed, or {"seed": N | [animals]}; clears, disarms, forgets
  /sessions/NAME/v1      an isolated session, created on first use: its own store (from the seed,
                         in memory), overrides, faults and journal; its controls under /sessions/NAME/__admin
  GET /__admin/sessions  the sessions; DELETE /__admin/sessions/NAME ends one

Without a key of your own, the development key is accepted; it is printed at start-up.
SIGINT or SIGTERM stops accepting connections, lets requests in flight finish (5 s at most) and exits 0;
before it listens, either ends it at once. Exit 1: it could not start (port in use); 2: a bad flag or file.

Examples:
  petstore-mock
  petstore-mock --port 0 --seed 0 --log json
  petstore-mock --api-key "$MY_KEY" --host 0.0.0.0 --delay 50-250`;

function integer(flag: string, text: string, min: number, max: number, what: string): number {
  if (!/^[0-9]+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new UsageError(`${flag} expects ${what} from ${min} to ${max}, got "${text}"`);
  }
  return Number(text);
}

function parseDelay(text: string): DelayOption {
  const range = /^([0-9]+)-([0-9]+)$/.exec(text);
  if (range) {
    const min = integer('--delay', range[1] as string, 0, MAX_DELAY_MS, 'milliseconds');
    const max = integer('--delay', range[2] as string, 0, MAX_DELAY_MS, 'milliseconds');
    if (min > max) throw new UsageError(`--delay range must go from low to high, got "${text}"`);
    return { min, max };
  }
  if (!/^[0-9]+$/.test(text)) throw new UsageError(`--delay expects MS or MIN-MAX in milliseconds (e.g. 200 or 50-250), got "${text}"`);
  return integer('--delay', text, 0, MAX_DELAY_MS, 'milliseconds');
}

/** The flags parseArgs knows: also the names a mistyped flag is matched against. */
const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  'api-key': { type: 'string', multiple: true },
  seed: { type: 'string' },
  'seed-file': { type: 'string' },
  delay: { type: 'string' },
  log: { type: 'string' },
  'cors-origin': { type: 'string', multiple: true },
  'allowed-host': { type: 'string', multiple: true },
  data: { type: 'string' },
  'journal-size': { type: 'string' },
  'max-sessions': { type: 'string' },
  'session-idle': { type: 'string' },
  profile: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const satisfies ParseArgsOptionsConfig;

/** parseArgs' message for a flag it does not know, with the nearest known flag when there is one. */
function unknownOptionMessage(message: string): string {
  const flag = /^Unknown option '(-[^']*)'/.exec(message)?.[1];
  if (flag === undefined) return message;
  const suggestion = flag.startsWith('--') ? closestWord(flag.slice(2), Object.keys(OPTIONS)) : undefined;
  return suggestion === undefined ? `unknown option ${flag}` : `unknown option ${flag}; did you mean --${suggestion}?`;
}

type ParsedValues = ReturnType<typeof parseFlags>;

/** Parses `petstore-mock`'s arguments and environment; throws `UsageError` with a message naming the flag. */
export function parseCliOptions(args: readonly string[], env: Readonly<Record<string, string | undefined>>): CliOptions {
  const values = parseFlags(args);
  if (values.seed !== undefined && values['seed-file'] !== undefined) {
    throw new UsageError('--seed and --seed-file cannot be used together: choose generated animals or a file');
  }
  // Checked in this order, before the numbers: with several mistakes, the same one is named first.
  const log = logFormatOf(values);
  const apiKeys = apiKeysOf(values, env);
  const dataFile = filePath('--data', values.data);
  const profile = filePath('--profile', values.profile);
  const corsOrigins = corsOriginsOf(values);
  const allowedHosts = allowedHostsOf(values);
  const host = hostOf(values);
  return {
    help: values.help ?? false,
    version: values.version ?? false,
    port: values.port === undefined ? DEFAULT_PORT : integer('--port', values.port, 0, 65535, 'a port number'),
    host,
    apiKeys,
    seed: values.seed === undefined ? undefined : integer('--seed', values.seed, 0, MAX_SEED, 'a number of animals'),
    seedFile: values['seed-file'],
    delay: values.delay === undefined ? undefined : parseDelay(values.delay),
    log,
    corsOrigins,
    allowedHosts,
    dataFile,
    journalSize: values['journal-size'] === undefined ? undefined : integer('--journal-size', values['journal-size'], 0, MAX_JOURNAL_SIZE, 'a number of requests'),
    maxSessions: values['max-sessions'] === undefined ? undefined : integer('--max-sessions', values['max-sessions'], 0, MAX_SESSIONS_LIMIT, 'a number of sessions'),
    sessionIdleMs:
      values['session-idle'] === undefined ? undefined : integer('--session-idle', values['session-idle'], 1, MAX_SESSION_IDLE_MS / 1000, 'a number of seconds') * 1000,
    profile,
  };
}

/** The flags as parseArgs reads them, none unknown and no positional argument. */
function parseFlags(args: readonly string[]) {
  try {
    return parseArgs({ args: [...args], strict: true, allowPositionals: false, options: OPTIONS }).values;
  } catch (error) {
    // parseArgs' messages name the flag already ("Unknown option '--prot'").
    throw new UsageError(unknownOptionMessage((error as Error).message.replace(/\. To specify a positional argument.*$/s, '')));
  }
}

function logFormatOf(values: ParsedValues): LogFormat | undefined {
  if (values.log !== undefined && !LOG_FORMATS.includes(values.log as LogFormat)) {
    throw new UsageError(`--log expects one of ${LOG_FORMATS.join(', ')}, got "${values.log}"`);
  }
  return values.log as LogFormat | undefined;
}

/** `--api-key`, else PETSTORE_MOCK_API_KEYS (comma-separated). */
function apiKeysOf(values: ParsedValues, env: Readonly<Record<string, string | undefined>>): string[] {
  const envKeys = (env['PETSTORE_MOCK_API_KEYS'] ?? '').split(',').map((key) => key.trim()).filter(Boolean);
  const apiKeys = values['api-key'] ?? envKeys;
  for (const key of apiKeys) {
    if (!/^[\x21-\x7e]+$/.test(key)) throw new UsageError('--api-key values must be non-empty printable ASCII without spaces');
  }
  return apiKeys;
}

function filePath(flag: '--data' | '--profile', path: string | undefined): string | undefined {
  if (path !== undefined && path.trim() === '') throw new UsageError(`${flag} expects a file path`);
  return path;
}

function corsOriginsOf(values: ParsedValues): string[] {
  const corsOrigins = values['cors-origin'] ?? [];
  for (const origin of corsOrigins) {
    if (origin !== '*' && !(URL.canParse(origin) && /^https?:$/.test(new URL(origin).protocol) && new URL(origin).origin === origin)) {
      throw new UsageError(`--cors-origin expects an origin (scheme, host and port, no path), such as http://localhost:5173, or '*', got "${origin}"`);
    }
  }
  return corsOrigins;
}

function allowedHostsOf(values: ParsedValues): string[] {
  const allowedHosts = values['allowed-host'] ?? [];
  for (const name of allowedHosts) {
    if (!/^(?:\*|\.?[\w-]+(?:\.[\w-]+)*)$/.test(name)) {
      throw new UsageError(`--allowed-host expects a host name without scheme or port, such as devbox.lan, .example.com for it and its subdomains, or '*', got "${name}"`);
    }
  }
  return allowedHosts;
}

function hostOf(values: ParsedValues): string {
  const host = values.host ?? DEFAULT_HOST;
  if (host.trim() === '') throw new UsageError('--host expects an address such as 127.0.0.1');
  return host;
}
