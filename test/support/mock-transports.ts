import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { DEV_API_KEY, startMockServer, type FaultSpec, type MockServer, type PetStore } from '@petstore/mock-server';
import { createMockFetch } from '@petstore/mock-server/fetch';
import { createHandlers } from '@petstore/mock-server/msw';

/**
 * The mock API through each of its transports, with one shape of controls, so
 * that a guard sends the same rows through all of them: the Node server and a
 * session on it staged over HTTP (`/__admin`, `/sessions/NAME/__admin`), the
 * MSW handlers and the in-process fetch staged in code (`overrides.arm`,
 * `faults.arm`), each with what its README shows.
 */
export interface MockTransport {
  /** Sends a request to the API: `path` relative to its base (`/pets/1`). */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** Arms an override, as `POST /__admin/overrides` takes it. */
  override(spec: Record<string, unknown>): Promise<void>;
  /** Arms a fault, as `POST /__admin/faults` takes it. */
  fault(spec: FaultSpec): Promise<void>;
  /** Restores the seed, clears overrides and disarms faults. */
  reset(): Promise<void>;
  /** The store behind the API: for an id it holds, not for checking what it holds. */
  store: PetStore;
}

/** A transport a test file starts in `beforeAll` and stops in `afterAll`. */
export interface TransportUnderTest {
  name: string;
  start(): Promise<MockTransport>;
  stop(): Promise<void>;
}

const auth = { authorization: `Bearer ${DEV_API_KEY}` };

/** `/__admin` over HTTP at `adminBase`: a refused arm fails the test with the mock's own words. */
async function adminPost(adminBase: string, route: string, body?: unknown): Promise<void> {
  const init = body === undefined ? { headers: auth } : { headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const response = await fetch(`${adminBase}/${route}`, { method: 'POST', ...init });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${adminBase}/${route} ${JSON.stringify(body) ?? ''} answered ${response.status}: ${text}`);
}

function overHttp(apiBase: string, adminBase: string, store: () => PetStore): MockTransport {
  return {
    fetch: (path, init) => fetch(`${apiBase}${path}`, init),
    override: (spec) => adminPost(adminBase, 'overrides', spec),
    fault: (spec) => adminPost(adminBase, 'faults', spec),
    reset: () => adminPost(adminBase, 'reset'),
    get store() {
      return store();
    },
  };
}

/** The Node server in this process, on 127.0.0.1 and a port the OS picks; `session`: a session of it instead of `/v1`. */
function nodeServer(name: string, session?: string): TransportUnderTest {
  let server: MockServer | undefined;
  return {
    name,
    async start() {
      const started = await startMockServer({ port: 0 });
      server = started;
      if (session === undefined) return overHttp(started.url, `${started.origin}/__admin`, () => started.store);
      const handle = started.session(session);
      return overHttp(handle.url, `${started.origin}/sessions/${session}/__admin`, () => handle.store);
    },
    stop: async () => server?.close(),
  };
}

/** The controls `createHandlers()` and `createMockFetch()` both return. */
type InProcessControls = Pick<ReturnType<typeof createMockFetch>, 'overrides' | 'faults' | 'reset' | 'store'>;

function inCode(base: string, send: typeof fetch, mock: InProcessControls): MockTransport {
  return {
    fetch: (path, init) => send(`${base}${path}`, init),
    override: async (spec) => void mock.overrides.arm(spec),
    fault: async (spec) => void mock.faults.arm(spec as Parameters<typeof mock.faults.arm>[0]),
    reset: async () => mock.reset(),
    store: mock.store,
  };
}

/** What the guards use of msw's `setupServer`. */
interface MswServer {
  listen(options: { onUnhandledRequest: 'error' }): void;
  close(): void;
}

/**
 * msw/node as @petstore/mock-server resolves it, its peer: the root has no msw
 * of its own, and the handlers must meet the msw they were made with.
 */
async function loadSetupServer(): Promise<(...handlers: unknown[]) => MswServer> {
  const fromMock = createRequire(createRequire(import.meta.url).resolve('@petstore/mock-server/package.json'));
  const msw = (await import(pathToFileURL(fromMock.resolve('msw/node')).href)) as { setupServer: (...handlers: unknown[]) => MswServer };
  return msw.setupServer;
}

function mswHandlers(): TransportUnderTest {
  const base = 'http://petstore.test/v1';
  let server: MswServer | undefined;
  return {
    name: 'the MSW handlers (setupServer)',
    async start() {
      const handlers = createHandlers({ baseUrl: base });
      server = (await loadSetupServer())(...handlers);
      server.listen({ onUnhandledRequest: 'error' });
      return inCode(base, (input, init) => fetch(input, init), handlers);
    },
    stop: async () => server?.close(),
  };
}

function inProcessFetch(): TransportUnderTest {
  return {
    name: 'the in-process fetch (createMockFetch)',
    start: async () => {
      const base = 'http://mock.test/v1';
      const mock = createMockFetch({ baseUrl: base });
      return inCode(base, mock.fetch, mock);
    },
    stop: async () => {},
  };
}

/** Every transport of the mock, each answering from a store of its own. */
export const TRANSPORTS: readonly TransportUnderTest[] = [
  nodeServer('the Node server'),
  mswHandlers(),
  inProcessFetch(),
  nodeServer('a session on the Node server', 'operation-guard'),
];
