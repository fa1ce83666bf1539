import { operationMethods, resolveChoices, type OperationId, type ServiceProfile } from '@petstore/sdk/contract';
import { createOpenApiDocument } from '@petstore/sdk/openapi';
import { ADMIN_METHODS, ADMIN_PATH, handleAdmin } from './admin/admin.js';
import { answerHeaders } from './api/answer-headers.js';
import { createMockOpenApiDocument } from './admin/admin-document.js';
import { bearerToken, createServerKeyCheck } from './api/api-keys.js';
import { createCors } from './api/cors.js';
import { documentedResponses, type DocumentedResponses } from './api/documented-responses.js';
import { explainError } from './journal/explain-error.js';
import type { MockRequest, MockResponse, RequestHeaders } from './api/exchange.js';
import { createFaults, type Faults } from './staged/faults.js';
import { HttpError } from './api/http-error.js';
import type { OperationResult } from './api/operations.js';
import { createOverrides, type Overrides } from './staged/overrides.js';
import { createPetStore, type PetStore, type SeedPet } from './api/pet-store.js';
import { preferredOutcome } from './staged/prefer.js';
import { createRefusalReporter, isRefusal, type OnRefusedRequest } from './journal/refused-requests.js';
import { createRecordedRequests, DEFAULT_RECORDED_REQUESTS, type RecordedRequests } from './journal/recorded-requests.js';
import { matchRoute, suggestOperation, type RouteOperation } from './api/routes.js';
import { DEFAULT_SEED_COUNT, seedAnimals } from './api/seed.js';
import { answers, applyStaged, pickStaged, type StagedOutcome } from './staged/staged.js';
import type { SessionDirectory } from './admin/session-admin.js';
import { toErrorResult } from './api/to-error-result.js';
import { createErrorCodeRenamer, sentHeaders } from './api/service-choices.js';

/** The API's base path. */
export const BASE_PATH = '/v1';

/**
 * Every method the server answers: the operations' (from the contract's
 * table), HEAD as GET without a body, the admin API's, and preflights. CORS
 * allows them; an `Allow` that names the whole server lists them.
 */
export const SERVER_METHODS: readonly string[] = [...new Set(['GET', 'HEAD', ...operationMethods(), ...ADMIN_METHODS, 'OPTIONS'])];
const OPENAPI_PATH = `${BASE_PATH}/openapi.json`;

/** A delay in milliseconds, fixed or drawn uniformly from a range for each response. */
export type DelayOption = number | { min: number; max: number };

/** Receives the unexpected errors that became 500 responses. */
export interface MockLogger {
  error(message: string, details: { requestId: string; error: unknown }): void;
}

export interface MockApiOptions {
  /** Accepted API keys. None: only `DEV_API_KEY` is accepted. */
  apiKeys?: readonly string[] | undefined;
  /** Animals to start with: a count of generated ones (default 12) or a list. Ignored when `store` is given. */
  seed?: number | Iterable<SeedPet> | undefined;
  /** A store of your own, e.g. to share one between transports. */
  store?: PetStore | undefined;
  /** Delay before every response (not preflights), unless a fault or `Prefer: delay` stages another. */
  delay?: DelayOption | undefined;
  /**
   * Browser origins allowed by CORS besides the loopback ones (`http://localhost:*`,
   * `http://127.0.0.1:*`, `http://[::1]:*`, https too), which always are; `['*']`: any origin.
   */
  corsOrigins?: readonly string[] | undefined;
  logger?: MockLogger | undefined;
  /** How many answered requests to keep for `requests.list()` and `GET /__admin/requests` (default 1,000); 0 turns recording off. */
  journalSize?: number | undefined;
  /** Most bytes of text the journal keeps (default 16 MiB): past it, the oldest requests go. */
  journalBytes?: number | undefined;
  /** Most bytes of text the armed overrides hold at once (default 16 MiB): past it, arming another is refused. */
  overrideBytes?: number | undefined;
  /** The sessions `GET /__admin/sessions` lists and `DELETE /__admin/sessions/NAME` ends; `startMockServer` passes its own. */
  sessions?: SessionDirectory | undefined;
  /**
   * What to do with a request the contract refuses (unknown route, wrong method,
   * bad key, body, query, size or media type) that no override, fault or `Prefer`
   * staged: `'error'` fails the test that sent it, `'warn'`, `'off'` (default) or
   * a function of your own, as MSW's `onUnhandledRequest`.
   */
  onRefusedRequest?: OnRefusedRequest | undefined;
  /** Where this API is mounted, e.g. a session's `/sessions/NAME`: a 404 names paths as the client sent them. */
  mountPath?: string | undefined;
  /**
   * A service profile (`parseServiceProfile`): the mock answers as that service does where the
   * specification is silent (default status, out-of-range limits, unknown fields, list order, error
   * codes, headers…). Without one, or for a choice it does not name, the kit's own (`KIT_CHOICES`).
   * Staged answers (overrides, faults, `Prefer`) stay as staged.
   */
  profile?: ServiceProfile | undefined;
  /** How to wait; tests replace it. It should settle once `signal` aborts: the request is then answered with nothing done. */
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
}

/** What a request was answered with, and which operation answered. */
interface Answer {
  result: OperationResult;
  operation?: OperationId;
}

/** The whole API as a function from a plain request to a plain response. */
export interface MockApi {
  /** Answers a request. */
  handle(request: MockRequest): Promise<MockResponse>;
  readonly store: PetStore;
  /** Failures armed from outside the app: `faults.next('listPets', { status: 503, retryAfter: 1 })`. */
  readonly faults: Faults;
  /** Answers staged per operation, typed and checked against the contract: `overrides.next('listPets', { body: pets })`. */
  readonly overrides: Overrides;
  /** The requests the mock answered (admin requests excepted), newest last. */
  readonly requests: RecordedRequests;
  /** What `POST /__admin/reset` does: the store back to its seed (or to `seed`), overrides and faults cleared, requests forgotten. */
  reset(seed?: number | SeedPet[]): void;
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * Request ids: a random prefix per API instance and a counter, e.g.
 * `3f9a2c7e-1b`. Unique within a run and across restarts in practice, short
 * on the wire, and in the order the requests arrived.
 */
export function createRequestIds(): (headers: RequestHeaders) => string {
  const prefix = Math.floor(Math.random() * 0x1_0000_0000).toString(16).padStart(8, '0');
  let counter = 0;
  // The caller's X-Request-Id if it is a sane token, else a new one.
  return (headers) => {
    const given = headers['x-request-id'];
    if (typeof given === 'string' && REQUEST_ID.test(given)) return given;
    return `${prefix}-${(++counter).toString(36)}`;
  };
}

function pickDelay(delay: DelayOption | undefined): number {
  if (delay === undefined) return 0;
  if (typeof delay === 'number') return delay;
  return delay.min + Math.floor(Math.random() * (delay.max - delay.min + 1));
}

/** Waits `ms`, or less if `signal` aborts: the timer goes with the abort, so an abandoned request holds nothing. */
function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** What an abort during the staged delay answers: the client is gone, and the request did nothing. */
const clientClosed = (): HttpError =>
  new HttpError('client_closed_request', 'The client aborted the request during its staged delay: the request was not acted on');

/**
 * How one request is answered: `pause` waits its staged delay (once, before anything is done) and throws
 * `client_closed_request` if the request's signal aborted meanwhile; `fail` turns an error into its answer.
 */
interface Exchange {
  pause(staged: StagedOutcome | undefined): Promise<void>;
  fail(error: unknown): OperationResult;
}

/**
 * Creates the mock API: routing, authentication, validation, the store, error
 * mapping, CORS, deprecation headers and staged outcomes (faults, `Prefer`, the
 * delay option: staged.ts). Imports
 * neither `node:http` nor `msw`: the Node server and the MSW handlers are thin
 * adapters around `handle`.
 */
export function createMockApi(options: MockApiOptions = {}): MockApi {
  const seed = options.seed ?? DEFAULT_SEED_COUNT;
  const store = options.store ?? createPetStore(seedAnimals(seed));
  const isAcceptedKey = createServerKeyCheck(options.apiKeys);
  const cors = createCors(options.corsOrigins, SERVER_METHODS);
  const sleep = options.sleep ?? wait;
  const mountPath = options.mountPath ?? '';
  const requestIdOf = createRequestIds();
  const reportRefusal = createRefusalReporter(options.onRefusedRequest);
  const { faults, take, armAt: armFaultAt } = createFaults();
  const requests = createRecordedRequests(options.journalSize ?? DEFAULT_RECORDED_REQUESTS, options.journalBytes);
  // Built on first use: most runs never ask for the document or stage a response, and start-up is what
  // tests wait for (what it earns: docs/benchmarks.md, "Optimisations kept, and what each earns").
  let documentText: string | undefined;
  let documented: Map<OperationId, DocumentedResponses> | undefined;
  const documentOf = () => (documentText ??= JSON.stringify(createMockOpenApiDocument()));
  const documentedOf = (operationId: OperationId) => (documented ??= documentedResponses(createOpenApiDocument())).get(operationId);
  const { overrides, take: takeOverride, armAt } = createOverrides(documentedOf, options.overrideBytes);
  const choices = resolveChoices(options.profile);
  const { missingKey, wrongKey } = choices.challenge;
  // The one deprecated operation whose headers the service chooses; a header chosen as null is not sent.
  const chosenHeaders: Partial<Record<OperationId, Readonly<Record<string, string>>>> = { getPet: sentHeaders(choices.getPetDeprecation) };
  const renameErrorCode = createErrorCodeRenamer(choices.errorCodes);

  function reset(other?: number | SeedPet[]): void {
    // The store first: a seed it refuses leaves everything as it was.
    store.reset(other === undefined ? undefined : seedAnimals(other));
    overrides.clear();
    faults.clear();
    requests.clear();
  }

  function authenticate(headers: RequestHeaders): void {
    const token = bearerToken(headers['authorization']);
    if (token !== undefined && isAcceptedKey(token)) return;
    const presented = headers['authorization'] !== undefined;
    const challenge = presented ? wrongKey : missingKey;
    throw new HttpError(
      'unauthorized',
      presented
        ? 'The API key is not valid: send Authorization: Bearer <API_KEY> with an accepted key'
        : 'Missing API key: send Authorization: Bearer <API_KEY>',
      challenge === null ? {} : { 'www-authenticate': challenge },
    );
  }

  /** The server's `delay` option as an outcome: drawn afresh for each response. */
  const serverOutcome = (): StagedOutcome | undefined => (options.delay === undefined ? undefined : { delayMs: pickDelay(options.delay) });

  /**
   * What is staged for a request of `operationId`: Prefer is checked first, so a malformed one spends
   * nothing armed; an override that answers leaves the armed faults for later requests.
   */
  function stagedFor(request: MockRequest, operationId: OperationId, params: Readonly<Record<string, string>>): StagedOutcome | undefined {
    const preferred = preferredOutcome(request.headers);
    const override = takeOverride({ operationId, params, query: request.query });
    return pickStaged([override, answers(override) ? undefined : take(operationId), preferred, serverOutcome()]);
  }

  /** Routes an authenticated API request and answers it, staged or not; every answer keeps the operation's headers. */
  async function answerOperation(request: MockRequest, { pause, fail }: Exchange): Promise<Answer> {
    const { operation, params } = resolveOperation(request, mountPath);
    const { operationId } = operation;
    let staged = serverOutcome();
    let result: OperationResult;
    try {
      staged = stagedFor(request, operationId, params);
      await pause(staged);
      result = await applyStaged(
        staged,
        () => documentedOf(operationId),
        async () => operation.run({ request, params: decodeParams(params), store, choices }),
        missingKey,
      );
    } catch (error) {
      result = await failLate(error, staged, { pause, fail });
    }
    // Every response of a deprecated operation says so, its errors included.
    const headers = chosenHeaders[operationId] ?? operation.headers;
    if (headers) result = { ...result, headers: { ...headers, ...result.headers } };
    return { result, operation: operationId };
  }

  /** Answers a request: the preflight, the OpenAPI document, the admin API or an operation. */
  async function answer(request: MockRequest, exchange: Exchange): Promise<Answer> {
    if (request.method === 'OPTIONS') return { result: { status: 204, body: undefined, headers: cors.preflightHeaders(request.headers) } };
    const staged = serverOutcome();
    try {
      if (request.path === OPENAPI_PATH && (request.method === 'GET' || request.method === 'HEAD')) {
        await exchange.pause(staged);
        return { result: { status: 200, body: documentOf() } };
      }
      // Outside the API nothing is secret: a path missing its base path learns which operation it meant, key or not.
      if (!isAdminPath(request.path) && request.path !== BASE_PATH && !request.path.startsWith(`${BASE_PATH}/`)) throw routeNotFound(request, mountPath);
      authenticate(request.headers);
      if (isAdminPath(request.path)) {
        await exchange.pause(staged);
        return { result: await handleAdmin(request, { faults, armFault: (value) => armFaultAt(value, 'body'), overrides, armOverride: (value) => armAt(value, 'body'), requests, reset, sessions: options.sessions }) };
      }
      return await answerOperation(request, exchange);
    } catch (error) {
      return { result: await failLate(error, staged, exchange) };
    }
  }

  async function handle(original: MockRequest): Promise<MockResponse> {
    const requestId = requestIdOf(original.headers);
    const recording = requests.size > 0 && !isAdminPath(original.path);
    const arrived = recording ? Date.now() : 0;
    const generation = requests.generation;
    let bodyBytes: Uint8Array | undefined;
    // Recording keeps the body the operation read; without recording, the request goes through as it is.
    const request: MockRequest = recording
      ? {
          method: original.method,
          path: original.path,
          query: original.query,
          headers: original.headers,
          readBody: () => original.readBody().then((bytes) => (bodyBytes = bytes)),
        }
      : original;
    // Only the core's own checks fail through here: a staged answer is no refusal.
    let refused = false;
    let failed = false;
    const fail = (error: unknown): OperationResult => {
      failed = true;
      refused = error instanceof HttpError && isRefusal(error.code);
      return toErrorResult(error, (unexpected) => options.logger?.error('unexpected error', { requestId, error: unexpected }));
    };
    let paused = false;
    // The delay comes before the request is acted on, so that an abort meanwhile leaves the store as it was.
    // The signal is asked for only then: the Node server makes one per request that asks.
    const pause = async (staged: StagedOutcome | undefined): Promise<void> => {
      if (paused || !staged?.delayMs) return;
      paused = true;
      const { signal } = original;
      await sleep(staged.delayMs, signal);
      if (signal?.aborted) throw clientClosed();
    };

    const { result, operation } = await answer(request, { pause, fail });
    const error = explainError(result.status, result.body);

    const headers = answerHeaders(cors, request, result, requestId);
    if (recording && requests.generation === generation) {
      requests.record({
        at: arrived,
        requestId,
        method: request.method,
        path: request.path,
        operation,
        query: request.query,
        headers: request.headers,
        body: bodyBytes,
        status: result.status,
        fault: result.fault,
        error,
        refused: refused && error !== undefined,
      });
    }
    // The admin API is the test's own: its refusals reach the test as answers.
    if (refused && error && reportRefusal && !isAdminPath(request.path)) {
      reportRefusal({ method: request.method, path: request.path, status: result.status, requestId, ...(operation && { operation }), ...error });
    }
    // The profile's error codes are the wire's only: the journal, the log and onRefusedRequest keep the
    // kit's kinds (`not_found`), the same whichever service is mimicked. A staged body is the test's, as written.
    const body = failed ? renameErrorCode(result.body) : result.body;
    return { status: result.status, headers, body, ...(result.fault && { fault: result.fault }), ...(error && { error }) };
  }

  return { handle, store, faults, overrides, requests, reset };
}

/** An error's answer, once the staged delay has passed (if it has not yet); if the client aborted meanwhile, that is the answer. */
async function failLate(error: unknown, staged: StagedOutcome | undefined, { pause, fail }: Exchange): Promise<OperationResult> {
  try {
    await pause(staged);
  } catch (closed) {
    return fail(closed);
  }
  return fail(error);
}

/** A 404 naming the operation the path most likely meant ("did you mean GET /v1/pets?"). */
function routeNotFound(request: MockRequest, mountPath: string): HttpError {
  const suggestion = suggestOperation(request.method, request.path, `${mountPath}${BASE_PATH}`);
  return new HttpError('route_not_found', `No operation at ${mountPath}${request.path}${suggestion ? `; did you mean ${suggestion}?` : ''}`);
}

/** The operation a path and method name, with the path's parameters: a 404 or a 405 if none. */
function resolveOperation(request: MockRequest, mountPath: string): { operation: RouteOperation; params: Readonly<Record<string, string>> } {
  const match = request.path.startsWith(`${BASE_PATH}/`) ? matchRoute(request.path.slice(BASE_PATH.length)) : undefined;
  if (!match) throw routeNotFound(request, mountPath);
  // HEAD is GET without the body (the transports leave it out).
  const operation = match.route.operations[request.method === 'HEAD' ? 'GET' : request.method];
  if (!operation) {
    const allow = Object.keys(match.route.operations).join(', ');
    throw new HttpError('method_not_allowed', `${mountPath}${BASE_PATH}${match.route.template} allows ${allow}, not ${request.method}`, { allow });
  }
  return { operation, params: match.params };
}

const isAdminPath = (path: string): boolean => path.startsWith(`${ADMIN_PATH}/`);

function decodeParams(params: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).map(([name, param]) => {
      try {
        return [name, decodeURIComponent(param)];
      } catch {
        throw new HttpError('invalid_request', `path: "${param}" is not valid percent-encoding`);
      }
    }),
  );
}
