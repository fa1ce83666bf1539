import { createOpenApiDocument } from '@petstore/sdk/openapi';
import { bearerToken, createKeyCheck, DEV_API_KEY } from './api-keys.js';
import { createCors } from './cors.js';
import { documentedErrors } from './documented-responses.js';
import type { MockRequest, MockResponse, RequestHeaders } from './exchange.js';
import { HttpError } from './http-error.js';
import type { Journal } from './journal.js';
import type { OperationResult } from './operations.js';
import { createPetStore, type PetStore, type SeedPet } from './pet-store.js';
import { parsePreferences, type Preferences } from './prefer.js';
import { matchRoute } from './routes.js';
import { DEFAULT_SEED_COUNT, generateSeed } from './seed.js';
import { toErrorResult } from './to-error-result.js';

/** The API's base path. */
export const BASE_PATH = '/v1';
/** Restores the store to its seed (authenticated, `POST`). Outside the base path: it is no API operation. */
export const ADMIN_RESET_PATH = '/__admin/reset';
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
  /** Makes creates and resets durable (see `openDataFile`); none: memory only. */
  journal?: Journal | undefined;
  /** Delay before every response (not preflights). */
  delay?: DelayOption | undefined;
  /** Origins allowed by CORS; none or `*`: any. */
  corsOrigins?: readonly string[] | undefined;
  logger?: MockLogger | undefined;
  /** How to wait; tests replace it. */
  sleep?: ((ms: number) => Promise<void>) | undefined;
}

/** An operation's result, now or once its body has been read. */
type Outcome = OperationResult | Promise<OperationResult>;

/** The whole API as a function from a plain request to a plain response. */
export interface MockApi {
  /** Answers a request: at once when nothing needs waiting for, else as a promise. */
  handle(request: MockRequest): MockResponse | Promise<MockResponse>;
  readonly store: PetStore;
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * Request ids: a random prefix per API instance and a counter, e.g.
 * `3f9a2c7e-1b`. Unique within a run and across restarts in practice, cheaper
 * than a UUID per request, and short on the wire.
 */
function createRequestIds(): (headers: RequestHeaders) => string {
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

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Creates the mock API: routing, authentication, validation, the store, error
 * mapping, CORS, deprecation headers and the `Prefer` test controls. Imports
 * neither `node:http` nor `msw`: the Node server and the MSW handlers are thin
 * adapters around `handle`.
 */
export function createMockApi(options: MockApiOptions = {}): MockApi {
  const seed = options.seed ?? DEFAULT_SEED_COUNT;
  const store = options.store ?? createPetStore(typeof seed === 'number' ? generateSeed(seed) : seed);
  const isAcceptedKey = createKeyCheck(options.apiKeys?.length ? options.apiKeys : [DEV_API_KEY]);
  const cors = createCors(options.corsOrigins);
  const document = createOpenApiDocument();
  const documentText = JSON.stringify(document);
  const errorsByOperation = documentedErrors(document);
  const sleep = options.sleep ?? wait;
  const requestIdOf = createRequestIds();

  function authenticate(headers: RequestHeaders): void {
    const token = bearerToken(headers['authorization']);
    if (token !== undefined && isAcceptedKey(token)) return;
    const presented = headers['authorization'] !== undefined;
    throw new HttpError(
      'unauthorized',
      presented
        ? 'The API key is not valid: send Authorization: Bearer <API_KEY> with an accepted key'
        : 'Missing API key: send Authorization: Bearer <API_KEY>',
      { 'www-authenticate': presented ? 'Bearer error="invalid_token"' : 'Bearer' },
    );
  }

  /**
   * Routes an authenticated request. Synchronous unless the operation is (a
   * create reads its body): most requests never wait on a promise.
   */
  function dispatch(request: MockRequest, accept: (preferences: Preferences) => void): Outcome {
    if (request.path === ADMIN_RESET_PATH) {
      accept(parsePreferences(request.headers));
      if (request.method !== 'POST') throw new HttpError('method_not_allowed', `${ADMIN_RESET_PATH} allows POST`, { allow: 'POST' });
      store.reset();
      const done: OperationResult = { status: 204, body: undefined };
      return options.journal ? options.journal.reset(store.list({ limit: store.size })).then(() => done) : done;
    }
    const match = request.path.startsWith(`${BASE_PATH}/`) ? matchRoute(request.path.slice(BASE_PATH.length)) : undefined;
    if (!match) throw new HttpError('route_not_found', `No operation at ${request.path}`);
    const operation = match.route.operations[request.method];
    if (!operation) {
      const allow = Object.keys(match.route.operations).join(', ');
      throw new HttpError('method_not_allowed', `${match.route.template} allows ${allow}, not ${request.method}`, { allow });
    }
    // Every response of a deprecated operation says so, its errors included.
    const withOperationHeaders = (result: OperationResult): OperationResult => {
      if (!operation.headers) return result;
      return { status: result.status, body: result.body, headers: result.headers ? { ...operation.headers, ...result.headers } : operation.headers };
    };
    const onError = (error: unknown): OperationResult => {
      if (!(error instanceof HttpError)) throw error;
      return withOperationHeaders(toErrorResult(error, undefined));
    };
    try {
      const preferences = parsePreferences(request.headers);
      accept(preferences);
      const result =
        preferences.code !== undefined && preferences.code >= 300
          ? forced(operation.operationId, preferences.code)
          : operation.run({ request, params: match.params.map(decodeParam), store, journal: options.journal });
      if (!(result instanceof Promise)) return withOperationHeaders(result);
      // Without headers of its own, a failure needs no mapping here: handle() maps it.
      return operation.headers ? result.then(withOperationHeaders, onError) : result;
    } catch (error) {
      return onError(error);
    }
  }

  function forced(operationId: string, code: number): OperationResult {
    const documented = errorsByOperation.get(operationId);
    const body = documented?.get(code);
    if (body === undefined) {
      const allowed = [...(documented?.keys() ?? [])].join(', ');
      throw new HttpError('invalid_request', `header.prefer: code=${code} is not a documented response of ${operationId}; documented: ${allowed}`);
    }
    const headers: Record<string, string> = { 'preference-applied': `code=${code}` };
    // Every 401 carries its challenge (RFC 9110), forced ones too.
    if (code === 401) headers['www-authenticate'] = 'Bearer';
    return { status: code, body, headers };
  }

  function handle(request: MockRequest): MockResponse | Promise<MockResponse> {
    const requestId = requestIdOf(request.headers);
    if (request.method === 'OPTIONS') {
      return { status: 204, headers: { ...cors.preflightHeaders(request.headers), 'x-request-id': requestId }, body: undefined };
    }
    let preferences: Preferences = {};
    const fail = (error: unknown): OperationResult =>
      toErrorResult(error, (unexpected) => options.logger?.error('unexpected error', { requestId, error: unexpected }));
    let outcome: Outcome;
    try {
      if (request.path === OPENAPI_PATH && request.method === 'GET') {
        outcome = { status: 200, body: documentText };
      } else {
        authenticate(request.headers);
        outcome = dispatch(request, (accepted) => (preferences = accepted));
      }
    } catch (error) {
      outcome = fail(error);
    }
    const respond = (result: OperationResult): MockResponse | Promise<MockResponse> => {
      // Built by assignment, not spreads: this runs for every request.
      const headers: Record<string, string> = {};
      if (result.body !== undefined) headers['content-type'] = 'application/json';
      cors.addResponseHeaders(request.headers, headers);
      if (result.headers) Object.assign(headers, result.headers);
      headers['x-request-id'] = requestId;
      const response = { status: result.status, headers, body: result.body };
      const delay = preferences.delay ?? pickDelay(options.delay);
      return delay > 0 ? sleep(delay).then(() => response) : response;
    };
    return outcome instanceof Promise ? outcome.then(respond, (error: unknown) => respond(fail(error))) : respond(outcome);
  }

  return { handle, store };
}

function decodeParam(param: string): string {
  try {
    return decodeURIComponent(param);
  } catch {
    throw new HttpError('invalid_request', `path: "${param}" is not valid percent-encoding`);
  }
}
