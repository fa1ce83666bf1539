import { answerHeaders } from '../api/answer-headers.js';
import { bearerToken, createServerKeyCheck } from '../api/api-keys.js';
import { capPetStore } from './capped-pet-store.js';
import { createCors } from '../api/cors.js';
import { createMockApi, type MockApi } from '../create-mock-api.js';
import type { MockApiOptions } from '../mock-api-options.js';
import { createRequestIds } from '../request-ids.js';
import { SERVER_METHODS } from '../server-methods.js';
import type { MockRequest, MockResponse } from '../api/exchange.js';
import { explainError } from '../journal/explain-error.js';
import { HttpError } from '../api/http-error.js';
import { createPetStore, loadSeed, type LoadedSeed, type PetStore } from '../api/pet-store.js';
import { guarded } from './guarded.js';
import { holdWhileAnswering, SessionTable, type SessionEntry } from './session-table.js';
import { DEFAULT_SEED_COUNT, seedAnimals } from '../api/seed.js';
import { checkSessionName, SESSIONS_PATH, type SessionDirectory, type SessionInfo } from '../admin/session-admin.js';
import { toErrorResult } from '../api/to-error-result.js';
import { createErrorCodeRenamer } from '../api/service-choices.js';
import { resolveChoices } from '@petstore/sdk/contract';

/** Sessions one server keeps at most unless told otherwise. */
export const DEFAULT_MAX_SESSIONS = 100;
/** The largest `maxSessions`. */
export const MAX_SESSIONS_LIMIT = 1_000;
/** How long a session lives without a request unless told otherwise: 10 minutes. */
export const DEFAULT_SESSION_IDLE_MS = 10 * 60_000;
/** The longest `sessionIdleMs`: a day. */
export const MAX_SESSION_IDLE_MS = 24 * 60 * 60_000;
/** Requests a session's journal keeps at most (fewer when the server's own journal keeps fewer). */
export const SESSION_JOURNAL_SIZE = 200;
/** Bytes of text a session's journal keeps at most: 2 MiB. */
export const SESSION_JOURNAL_BYTES = 2 * 1024 * 1024;
/** Bytes of text a session's armed overrides hold at most: 2 MiB. */
export const SESSION_OVERRIDE_BYTES = 2 * 1024 * 1024;
/**
 * What one session holds at most in the server's memory, at every bound above (and 1,000 faults):
 * measured, not enforced; `maxSessions` times it bounds all sessions together. docs/decisions.md,
 * "Session bounds (#29)", says what it counts; test/session-memory.test.ts holds it.
 */
export const SESSION_MEMORY_BYTES = 24 * 1024 * 1024;
/** Animals of its own a session's store holds at most: those it adds, or its own seed; the server's seed, shared, is not counted. */
export const SESSION_MAX_PETS = 10_000;

/** One session: the controls of a server of its own. */
export interface Session extends Pick<MockApi, 'store' | 'faults' | 'overrides' | 'requests' | 'reset'> {
  readonly name: string;
  /** Ends the session: its state is gone, and its next request starts a new one. */
  end(): void;
}

export interface SessionOptions {
  /** Most sessions at once (default 100, at most 1,000); 0 turns sessions off. */
  maxSessions?: number | undefined;
  /** A session without a request for this long, in milliseconds, ends (default 10 minutes, at most a day). */
  sessionIdleMs?: number | undefined;
}

/** The server's API and its sessions behind one `handle`. */
export interface Sessions {
  /** `/sessions/NAME/…` to session NAME (created on first use), anything else to `main`. */
  handle(request: MockRequest): Promise<MockResponse>;
  /** The server's own API: `/v1` and `/__admin`. */
  readonly main: MockApi;
  /** Session `name`, created if there is none; throws an `HttpError` for a bad name or one session too many. */
  session(name: string): Session;
  list(): SessionInfo[];
  end(name: string): boolean;
  /** Ends every session and stops the idle sweep. */
  close(): void;
}

const sessionsOff = (): HttpError => new HttpError('route_not_found', 'Sessions are off on this server (--max-sessions 0; maxSessions in code): use /v1');

/**
 * The sessions layer: a table of name to a `MockApi` of its own (a store on the
 * server's seed, shared, in memory, capped in animals of its own; its own
 * overrides, faults and a smaller journal and override budget), routed by the
 * path prefix `/sessions/NAME`, ended by the admin API, by `end()` or after
 * `sessionIdleMs` without a request and none in flight, and at most
 * `maxSessions` of them. Everything else goes to `main`, unchanged.
 */
export function createSessions(options: MockApiOptions & SessionOptions): Sessions {
  const table = new SessionTable(...checkedBounds(options));
  const directory: SessionDirectory = { list: () => table.list(), end: (name) => table.end(name) };
  // The server's seed, loaded once and shared by every session's store (and the server's own, unless it has
  // another): a session costs the animals it adds, not a copy of the seed.
  let shared: LoadedSeed | undefined;
  const sharedSeed = (): LoadedSeed => (shared ??= loadSeed(seedAnimals(options.seed ?? DEFAULT_SEED_COUNT)));
  const main = createMockApi({ ...options, sessions: directory, store: options.store ?? createPetStore(sharedSeed()) });
  const sessionOptions = sessionApiOptions(options);
  // Requests for a session that does not exist and may not be created (no key, a preflight): answered as
  // a session would, by an API that keeps nothing, so no other journal sees them.
  let outsider: MockApi | undefined;
  const mayCreate = createSessionsPermission(options);
  const refuse = createRefusal(options);

  const create = (name: string): SessionEntry => {
    table.checkRoom();
    const entry = openSession(name, table, { ...sessionOptions, store: capPetStore(createPetStore(sharedSeed()), SESSION_MAX_PETS, `Session ${name}`) });
    table.add(entry);
    return entry;
  };

  function session(name: string): Session {
    if (table.maxSessions === 0) throw sessionsOff();
    checkSessionName(name);
    const now = Date.now();
    const entry = table.live(name, now) ?? create(name);
    entry.lastUsed = now;
    return entry.session;
  }

  async function handle(request: MockRequest): Promise<MockResponse> {
    if (!request.path.startsWith(`${SESSIONS_PATH}/`)) return main.handle(request);
    const { name, inner } = routeToSession(request);
    let entry: SessionEntry | undefined;
    try {
      if (table.maxSessions === 0) throw sessionsOff();
      checkSessionName(name);
      entry = table.live(name, Date.now());
      if (!entry && !mayCreate(request)) return (outsider ??= createMockApi({ ...sessionOptions, seed: 0, journalSize: 0 })).handle(inner);
      entry ??= create(name);
    } catch (error) {
      if (error instanceof HttpError) return refuse(request, error);
      throw error;
    }
    const release = holdWhileAnswering(entry, request);
    try {
      return await entry.api.handle(inner);
    } finally {
      release();
    }
  }

  return { handle, main, session, list: directory.list, end: directory.end, close: () => table.close() };
}

/** `maxSessions` and `sessionIdleMs`, defaulted and checked: a RangeError naming the bound. */
function checkedBounds(options: SessionOptions): [maxSessions: number, idleMs: number] {
  const maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
  const idleMs = options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS;
  if (!Number.isInteger(maxSessions) || maxSessions < 0 || maxSessions > MAX_SESSIONS_LIMIT) {
    throw new RangeError(`maxSessions must be an integer from 0 to ${MAX_SESSIONS_LIMIT}, got ${maxSessions}`);
  }
  if (!Number.isInteger(idleMs) || idleMs < 1 || idleMs > MAX_SESSION_IDLE_MS) {
    throw new RangeError(`sessionIdleMs must be an integer from 1 to ${MAX_SESSION_IDLE_MS} (a day), got ${idleMs}`);
  }
  return [maxSessions, idleMs];
}

/** What each session's API is made with: the server's options (its profile too), a smaller journal and override budget. */
function sessionApiOptions(options: MockApiOptions): MockApiOptions {
  const journalSize = Math.min(options.journalSize ?? SESSION_JOURNAL_SIZE, SESSION_JOURNAL_SIZE);
  return { ...options, store: undefined, sessions: undefined, journalSize, journalBytes: SESSION_JOURNAL_BYTES, overrideBytes: SESSION_OVERRIDE_BYTES };
}

/**
 * A new session `name` on `options.store`, its handle's controls guarded: a use counts as the session's,
 * and one after it has ended throws (arming on a session that is gone would stage nothing for the next
 * request, which starts a new one).
 */
function openSession(name: string, table: SessionTable, options: MockApiOptions & { store: PetStore }): SessionEntry {
  const api = createMockApi({ ...options, mountPath: `${SESSIONS_PATH}/${name}` });
  const now = Date.now();
  const touch = () => {
    const now = Date.now();
    if (table.live(name, now) !== entry) {
      throw new Error(`Session ${name} has ended (by end(), DELETE /__admin/sessions/${name}, or ${table.idleMs / 1000} s without use): server.session('${name}') gives a new one`);
    }
    entry.lastUsed = now;
  };
  const session: Session = {
    name,
    store: guarded(options.store, touch),
    faults: guarded(api.faults, touch),
    overrides: guarded(api.overrides, touch),
    requests: guarded(api.requests, touch),
    reset: (...args) => {
      touch();
      api.reset(...args);
    },
    end: () => table.endOnly(entry),
  };
  const entry: SessionEntry = { api, created: now, lastUsed: now, inFlight: 0, session };
  return entry;
}

/** The session's name in `request`'s path, and the request as the session's API sees it: the path after the prefix. */
function routeToSession(request: MockRequest): { name: string; inner: MockRequest } {
  const slash = request.path.indexOf('/', SESSIONS_PATH.length + 1);
  const name = request.path.slice(SESSIONS_PATH.length + 1, slash === -1 ? undefined : slash);
  const inner: MockRequest = {
    method: request.method,
    path: slash === -1 ? '' : request.path.slice(slash),
    query: request.query,
    headers: request.headers,
    readBody: () => request.readBody(),
    signal: request.signal,
  };
  return { name, inner };
}

/** Whether a request may start a session: one with an accepted key, not a preflight. */
function createSessionsPermission(options: MockApiOptions): (request: MockRequest) => boolean {
  const isAcceptedKey = createServerKeyCheck(options.apiKeys);
  return (request) => {
    const token = bearerToken(request.headers['authorization']);
    return request.method !== 'OPTIONS' && token !== undefined && isAcceptedKey(token);
  };
}

/** An error of the sessions layer, with the headers the core gives every answer, explained in the log as the core's are. */
function createRefusal(options: MockApiOptions): (request: MockRequest, error: HttpError) => MockResponse {
  const cors = createCors(options.corsOrigins, SERVER_METHODS);
  const requestIdOf = createRequestIds();
  // Each session's API plays the server's profile (it gets `options.profile`); the layer's own errors too.
  const renameErrorCode = createErrorCodeRenamer(resolveChoices(options.profile).errorCodes);
  return (request, error) => {
    const result = toErrorResult(error, undefined);
    const explanation = explainError(result.status, result.body);
    const body = renameErrorCode(result.body);
    return { status: result.status, headers: answerHeaders(cors, request, result, requestIdOf(request.headers)), body, ...(explanation && { error: explanation }) };
  };
}
