import type { AddressInfo } from 'node:net';
import { resolveChoices } from '@petstore/sdk/contract';
import {
  createErrorCodeRenamer,
  createSessions,
  DEFAULT_SEED_COUNT,
  DEV_API_KEY,
  seedAnimals,
  type MockApi,
  type MockApiOptions,
  type PetStore,
  type Session,
  type SessionOptions,
} from '../core/index.js';
import { HttpAdapter } from './http-adapter.js';
import { closeGracefully, createHttpServer, listen } from './http-server.js';
import { isLoopback } from './is-loopback.js';
import { MockServerConfigError } from './mock-server-config-error.js';
import type { RequestLog } from './request-log.js';
import { openSqlitePetStore, type SqlitePetStore } from './sqlite-pet-store.js';

export interface MockServerOptions extends Omit<MockApiOptions, 'sessions'>, SessionOptions {
  /** Port to listen on; 0 (the default) lets the OS pick a free one. */
  port?: number | undefined;
  /** Address to bind; default 127.0.0.1. Anything but loopback requires `apiKeys`. */
  host?: string | undefined;
  /**
   * Names a request's `Host` may give besides IP addresses, `localhost`,
   * `*.localhost` and `host` (DNS rebinding protection, as Vite's
   * `server.allowedHosts`): a name, `.example.com` for it and its subdomains,
   * or `*` for any. Other requests get a 403 `host_not_allowed`.
   */
  allowedHosts?: readonly string[] | undefined;
  /** Request log; none by default. */
  log?: RequestLog | undefined;
  /**
   * Keep the store in this SQLite file across restarts (needs Node.js 22.13+):
   * each create is committed before its 201 and each reset is one transaction;
   * the seed fills only a new file. The file is locked while the server runs.
   * Excludes `store`.
   */
  dataFile?: string | undefined;
  /**
   * Longest wait for a request's headers (default 10 s), for the whole request
   * (default 30 s), and for a client to read its response (default 30 s).
   */
  timeouts?: { headersMs?: number; requestMs?: number; responseMs?: number } | undefined;
}

export interface MockServer extends Pick<MockApi, 'faults' | 'overrides' | 'requests' | 'reset'> {
  /** Base address of the API, e.g. `http://127.0.0.1:4010/v1`. */
  url: string;
  /** Scheme, host and port, e.g. `http://127.0.0.1:4010`. */
  origin: string;
  port: number;
  store: PetStore;
  /**
   * Session `name` (1 to 64 of A-Z, a-z, 0-9, `_`, `-`), created on first use as over HTTP: a store,
   * overrides, faults and journal of its own, at `url` (`…/sessions/NAME/v1`). Throws an error naming the
   * rule for a bad name, or when the server has `maxSessions` already or sessions are off.
   */
  session(name: string): MockSession;
  /** Stops accepting connections, lets requests in flight finish (at most `graceMs`, default 5 s) and closes the rest. */
  close(graceMs?: number): Promise<void>;
}

/** A session of the server, with its base address. */
export interface MockSession extends Session {
  /** Base address of the session's API, e.g. `http://127.0.0.1:4010/sessions/worker-1/v1`. */
  url: string;
}

export { MockServerConfigError } from './mock-server-config-error.js';

/**
 * Starts the mock API on Node's http server: a thin adapter that turns each
 * `IncomingMessage` into the core's plain request and writes its plain response.
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const host = options.host ?? '127.0.0.1';
  refusePublicKeyOffLoopback(host, options.apiKeys);
  const dataStore = openDataStore(options);
  // Sessions keep their stores in memory, from the seed option, also beside a data file.
  const sessions = createSessions({ ...options, logger: options.log, ...(dataStore && { store: dataStore }) });
  const renameErrorCode = createErrorCodeRenamer(resolveChoices(options.profile).errorCodes);
  const adapter = new HttpAdapter({
    handle: (request) => sessions.handle(request),
    host,
    allowedHosts: options.allowedHosts,
    log: options.log,
    responseTimeoutMs: options.timeouts?.responseMs,
    renameErrorCode,
  });
  const server = createHttpServer({ headersMs: options.timeouts?.headersMs, requestMs: options.timeouts?.requestMs, renameErrorCode }, adapter.onRequest);
  await listen(server, options.port ?? 0, host).catch((error: unknown) => {
    // A server that never listened lets go of its file, for the next attempt.
    dataStore?.close();
    throw error;
  });

  const { port } = server.address() as AddressInfo;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const api = sessions.main;
  return {
    url: `${origin}/v1`,
    origin,
    port,
    store: api.store,
    faults: api.faults,
    overrides: api.overrides,
    requests: api.requests,
    reset: api.reset,
    session: (name) => ({ ...sessions.session(name), url: `${origin}/sessions/${name}/v1` }),
    async close(graceMs = 5_000) {
      await closeGracefully(server, adapter.whenIdle(), graceMs);
      sessions.close();
      dataStore?.close();
    },
  };
}

/** The development key is public: given explicitly it is no key of one's own. */
function refusePublicKeyOffLoopback(host: string, apiKeys: readonly string[] | undefined): void {
  if (isLoopback(host) || apiKeys?.some((key) => key !== DEV_API_KEY)) return;
  throw new MockServerConfigError(
    `Refusing to listen on ${host} with the public development key: anyone who can reach it could use it. Pass an API key of your own (--api-key or PETSTORE_MOCK_API_KEYS), or bind to 127.0.0.1.`,
  );
}

/** The `dataFile` store, opened (and locked) with the seed for a new file; none without `dataFile`. */
function openDataStore(options: MockServerOptions): SqlitePetStore | undefined {
  if (options.dataFile === undefined) return undefined;
  if (options.store !== undefined) throw new MockServerConfigError('dataFile and store exclude each other: the data file is the store');
  return openSqlitePetStore(options.dataFile, seedAnimals(options.seed ?? DEFAULT_SEED_COUNT));
}
