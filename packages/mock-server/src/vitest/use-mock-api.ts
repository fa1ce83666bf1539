import { PetstoreClient } from '@petstore/sdk';
import { expect } from 'vitest';
import { DEV_API_KEY, type SeedPet } from '../core/index.js';
import { createMockFetch } from '../fetch/create-mock-fetch.js';
import { inProcessTransport, type InProcessControls, type InProcessMockOptions } from './in-process-transport.js';
import type { RefusalMatch } from '../test-kit/refusal-check.js';
import { remoteSession } from '../test-kit/remote-session.js';
import { serverOrigin } from '../test-kit/server-origin.js';
import type { SessionControls } from '../test-kit/session-controls.js';
import { sessionNameOf } from '../test-kit/session-name.js';
import { registerHooks } from './register-hooks.js';
import { sessionTransport } from './session-transport.js';

/** Where the in-process transports answer unless told otherwise: a name no network resolves. */
const IN_PROCESS_BASE_URL = 'http://petstore.test/v1';

/** What every transport gives a test file. */
export interface MockApiHandle {
  /** The API's base address, ending in `/v1`: give it to the app under test. */
  baseUrl: string;
  /** A fetch that reaches the mock: the mock itself (`'fetch'`), or the global one (MSW intercepts it; a session is a real server). */
  fetch: typeof fetch;
  /** An SDK client on `baseUrl` and `fetch` with the mock's key and **no retries**, so a failure staged once is the answer a test sees. */
  client: PetstoreClient;
  /**
   * Says that the current test means to send a request the contract refuses
   * (any, or those `match` names): it then fails only if no such request
   * came. Holds until the test ends.
   */
  expectRefused(match?: RefusalMatch): void;
}

/** The mock in this process: its controls are the ones `createHandlers()` and `createMockFetch()` give, synchronous. */
export type InProcessMockApi = MockApiHandle & InProcessControls;

/** A session on a shared petstore-mock: its controls over its admin API, each a promise. */
export type SessionMockApi = MockApiHandle &
  SessionControls & {
    /** The session's name, from the test file's path: `/sessions/NAME/v1`. */
    name: string;
    /** Its admin API, `<origin>/sessions/NAME/__admin`, for what the controls do not cover. */
    admin: string;
  };

/** The MSW handlers (`setupServer` from msw/node) or the in-process fetch, one mock per file. */
export type InProcessMockApiOptions = InProcessMockOptions & {
  transport: 'msw' | 'fetch';
  /** The API's base address, ending in `/v1` (default `http://petstore.test/v1`: no request leaves the process). */
  baseUrl?: string | undefined;
};

/** A session of its own, per test file, on a petstore-mock the whole run shares: it answers as that server's `profile` says, if it has one. */
export interface SessionMockApiOptions {
  transport: 'session';
  /** The server's origin, `http://127.0.0.1:4010`; default the `PETSTORE_MOCK_URL` environment variable (a global set-up sets it). */
  server?: string | undefined;
  /** The key the server accepts (default the development key). */
  apiKey?: string | undefined;
  /** What each test starts from: N generated animals, or these (default the server's own seed). */
  seed?: number | SeedPet[] | undefined;
}

export type UseMockApiOptions = InProcessMockApiOptions | SessionMockApiOptions;

/** The file the test runner is running, from vitest's `expect.getState()`. */
function testFile(): string {
  const { testPath } = expect.getState();
  if (testPath === undefined) throw new Error('useMockApi() is called while vitest runs a test file: at its top level, or in a setupFiles entry.');
  return testPath;
}

/**
 * Gives this test file a mock API of its own, from one call at the file's top
 * level (or in a `setupFiles` entry): vitest's hooks start it before the
 * first test, reset it before each test, fail a test that sent a request the
 * contract refuses (unless the test said `expectRefused()`), and stop it after
 * the last. `'msw'` loads MSW, an optional peer, so it is awaited.
 */
export function useMockApi(options: InProcessMockApiOptions & { transport: 'fetch' }): InProcessMockApi;
export function useMockApi(options: InProcessMockApiOptions & { transport: 'msw' }): Promise<InProcessMockApi>;
export function useMockApi(options: SessionMockApiOptions): SessionMockApi;
export function useMockApi(options: UseMockApiOptions): InProcessMockApi | Promise<InProcessMockApi> | SessionMockApi {
  if (options.transport === 'session') {
    const { server, apiKey = DEV_API_KEY, seed } = options;
    const origin = serverOrigin(server, "useMockApi({ transport: 'session' })", 'pass `server`');
    const session = remoteSession(origin, sessionNameOf(testFile(), globalThis.process?.cwd()), apiKey);
    const { name, admin, baseUrl } = session;
    const fetchOf: typeof fetch = (input, init) => globalThis.fetch(input, init);
    const client = new PetstoreClient({ baseUrl, apiKey, fetch: fetchOf, maxRetries: 0 });
    return { ...session.controls, name, admin, baseUrl, fetch: fetchOf, client, expectRefused: registerHooks(sessionTransport(session, seed)) };
  }

  const { transport: kind, baseUrl = IN_PROCESS_BASE_URL, ...mockOptions } = options;
  const apiKey = mockOptions.apiKeys?.[0] ?? DEV_API_KEY;
  const handle = (controls: InProcessControls, fetchOf: typeof fetch, expectRefused: (match?: RefusalMatch) => void): InProcessMockApi => {
    const { faults, overrides, requests, reset, store } = controls;
    const client = new PetstoreClient({ baseUrl, apiKey, fetch: fetchOf, maxRetries: 0 });
    return { faults, overrides, requests, reset, store, baseUrl, fetch: fetchOf, client, expectRefused };
  };

  if (kind === 'fetch') {
    const { transport, mock } = inProcessTransport((onRefusedRequest) => createMockFetch({ ...mockOptions, baseUrl, onRefusedRequest }));
    return handle(mock, mock.fetch, registerHooks(transport));
  }
  return (async () => {
    // Loaded only here: msw is an optional peer, and the other transports need none of it.
    const [{ createHandlers }, { setupServer }] = await Promise.all([import('../msw/create-handlers.js'), import('msw/node')]);
    const { transport, mock } = inProcessTransport(
      (onRefusedRequest) => createHandlers({ ...mockOptions, baseUrl, onRefusedRequest }),
      (handlers) => setupServer(...handlers),
    );
    // MSW patches the global fetch when it listens: read it at each call.
    return handle(mock, (input, init) => globalThis.fetch(input, init), registerHooks(transport));
  })();
}
