import * as z from 'zod/mini';
import type { MockRequest } from '../api/exchange.js';
import type { ArmedFault, Faults } from '../staged/faults.js';
import { HttpError } from '../api/http-error.js';
import type { OperationResult } from '../api/operations.js';
import { readJsonBody } from '../api/parse-json-body.js';
import type { ArmedOverride, Overrides } from '../staged/overrides.js';
import { parseQuery } from '../api/parse-query.js';
import type { SeedPet } from '../api/pet-store.js';
import { parseRequestFilter, RequestFilter, type Journal } from '../journal/recorded-requests.js';
import { checkSeedAnimals } from '../api/seed.js';
import { ADMIN_SESSIONS_PATH, handleSessionAdmin, type SessionDirectory } from './session-admin.js';
import { refuseUnknownParameters } from './admin-query.js';

/** Where the admin API lives: outside the base path, for it is no API operation. */
export const ADMIN_PATH = '/__admin';
/** Every method the admin API answers (it clears faults, overrides and the journal with DELETE). */
export const ADMIN_METHODS = ['GET', 'POST', 'DELETE'] as const;
export const ADMIN_RESET_PATH = `${ADMIN_PATH}/reset`;
export const ADMIN_FAULTS_PATH = `${ADMIN_PATH}/faults`;
export const ADMIN_REQUESTS_PATH = `${ADMIN_PATH}/requests`;
export const ADMIN_OVERRIDES_PATH = `${ADMIN_PATH}/overrides`;

/** Most generated animals a reset may ask for. */
export const MAX_RESET_SEED = 1_000_000;

/** What the admin API works on. */
export interface AdminContext {
  faults: Faults;
  /** `faults.arm` naming the fields of a request body (`body.kind: …`). */
  armFault(value: unknown): ArmedFault;
  overrides: Overrides;
  /** `overrides.arm` naming the fields of a request body (`body.status: …`). */
  armOverride(value: unknown): ArmedOverride;
  requests: Journal;
  /** Restores the store: to `seed` when given, else to the server's own seed. */
  reset(seed: number | SeedPet[] | undefined): void;
  /** The server's sessions, on the server's own admin API only. */
  sessions?: SessionDirectory | undefined;
}

const ResetBody = z.strictObject({ seed: z.unknown() });
const NO_CONTENT: OperationResult = { status: 204, body: undefined };
const json = (status: number, value: unknown): OperationResult => ({ status, body: JSON.stringify(value) });

/** A 405 unless `request` uses one of `methods`; then a 400 for any query parameter but the `parameters` it reads. */
function allow(request: MockRequest, methods: readonly string[], parameters: readonly string[] = []): void {
  if (!methods.includes(request.method)) {
    throw new HttpError('method_not_allowed', `${request.path} allows ${methods.join(', ')}, not ${request.method}`, { allow: methods.join(', ') });
  }
  refuseUnknownParameters(request, parameters);
}

/** The parameters of `GET /__admin/requests`: the filter's fields. */
const FILTER_PARAMETERS: readonly string[] = Object.keys(RequestFilter.shape);

/** A body was sent: it has a type or a length. (A reset without one restores the server's own seed.) */
const hasBody = (request: MockRequest): boolean =>
  request.headers['content-type'] !== undefined ||
  request.headers['transfer-encoding'] !== undefined ||
  (request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0');

/** `{ seed: N }` (generated animals) or `{ seed: [animals] }`, checked as `--seed` and `--seed-file` are. */
function parseResetBody(body: unknown): number | SeedPet[] {
  const parsed = z.safeParse(ResetBody, body);
  if (!parsed.success) throw new HttpError('invalid_request', 'body: must be {"seed": N} or {"seed": [animals]}, nothing else');
  const { seed } = parsed.data;
  if (typeof seed === 'number') {
    if (!Number.isInteger(seed) || seed < 0 || seed > MAX_RESET_SEED) {
      throw new HttpError('invalid_request', `body.seed: must be an integer from 0 to ${MAX_RESET_SEED}, or an array of animals`);
    }
    return seed;
  }
  const checked = checkSeedAnimals(seed);
  if ('error' in checked) throw new HttpError('invalid_request', `body.seed${checked.error.startsWith('[') ? '' : ': '}${checked.error}`);
  return checked.animals;
}

/** The query parameters of `GET /__admin/requests`, checked as `requests.list()` checks its filter (`allow` refused any other). */
function requestFilter(query: string): z.infer<typeof RequestFilter> {
  const params = parseQuery(query);
  const given: Record<string, string | number | boolean> = {};
  for (const name of FILTER_PARAMETERS) {
    const value = params[name];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw new HttpError('invalid_request', `query.${name}: must be given only once`);
    // Numbers and booleans arrive as text: digits become a number, true and false a boolean, anything else stays text for the schema to refuse.
    given[name] = (name === 'status' || name === 'limit') && /^[0-9]{1,16}$/.test(value) ? Number(value) : name === 'refused' && (value === 'true' || value === 'false') ? value === 'true' : value;
  }
  const parsed = parseRequestFilter(given, 'query');
  if ('error' in parsed) throw new HttpError('invalid_request', parsed.error);
  return parsed.filter;
}

/** `POST /__admin/reset`: the store back to its seed, or to the one the body gives. */
async function answerReset(request: MockRequest, context: AdminContext): Promise<OperationResult> {
  allow(request, ['POST']);
  context.reset(hasBody(request) ? parseResetBody(await readJsonBody(request)) : undefined);
  return NO_CONTENT;
}

/** An arm's refusal past a cap is the admin API's 400, in the cap's own words. */
async function armed(arm: () => Promise<unknown>): Promise<OperationResult> {
  try {
    return json(201, await arm());
  } catch (error) {
    throw error instanceof RangeError ? new HttpError('invalid_request', error.message) : error;
  }
}

/** `/__admin/faults` and `/__admin/overrides`: list what is armed (`GET`), arm (`POST`), disarm all (`DELETE`). */
async function answerArmed(request: MockRequest, armedNow: { list(): unknown; clear(): void }, arm: (body: unknown) => unknown): Promise<OperationResult> {
  allow(request, ['GET', 'POST', 'DELETE']);
  if (request.method === 'GET') return json(200, armedNow.list());
  if (request.method === 'DELETE') {
    armedNow.clear();
    return NO_CONTENT;
  }
  return armed(async () => arm(await readJsonBody(request)));
}

function answerFaults(request: MockRequest, context: AdminContext): Promise<OperationResult> {
  return answerArmed(request, context.faults, (body) => context.armFault(body));
}
function answerOverrides(request: MockRequest, context: AdminContext): Promise<OperationResult> {
  return answerArmed(request, context.overrides, (body) => context.armOverride(body));
}

/** `/__admin/requests`: the journal, filtered by the query (`GET`), or forgotten (`DELETE`). */
async function answerRequests(request: MockRequest, context: AdminContext): Promise<OperationResult> {
  allow(request, ['GET', 'DELETE'], request.method === 'GET' ? FILTER_PARAMETERS : []);
  if (request.method === 'DELETE') {
    context.requests.clear();
    return NO_CONTENT;
  }
  return { status: 200, body: await context.requests.listJson(requestFilter(request.query)) };
}

/** The admin API's paths, each with what answers it (the sessions' besides, on the server's own). */
const ADMIN_ROUTES: Readonly<Record<string, (request: MockRequest, context: AdminContext) => Promise<OperationResult>>> = {
  [ADMIN_RESET_PATH]: answerReset,
  [ADMIN_FAULTS_PATH]: answerFaults,
  [ADMIN_OVERRIDES_PATH]: answerOverrides,
  [ADMIN_REQUESTS_PATH]: answerRequests,
};

/**
 * The admin API: reset the store (optionally to a seed of the test's own),
 * arm and list faults and overrides, read the requests the mock answered. Needs the API key
 * like the rest; takes no `Prefer` (a test that thinks it staged something must
 * learn that it did not).
 */
export async function handleAdmin(request: MockRequest, context: AdminContext): Promise<OperationResult> {
  if (request.headers['prefer'] !== undefined) {
    throw new HttpError('invalid_request', 'header.prefer: the admin API takes no Prefer header; Prefer stages responses of API operations');
  }
  const route = Object.hasOwn(ADMIN_ROUTES, request.path) ? ADMIN_ROUTES[request.path] : undefined;
  if (route) return route(request, context);
  if (context.sessions && (request.path === ADMIN_SESSIONS_PATH || request.path.startsWith(`${ADMIN_SESSIONS_PATH}/`))) {
    return handleSessionAdmin(request, context.sessions);
  }
  throw new HttpError(
    'route_not_found',
    `No admin operation at ${request.path}; there are ${ADMIN_RESET_PATH}, ${ADMIN_FAULTS_PATH}, ${ADMIN_OVERRIDES_PATH}${context.sessions ? `, ${ADMIN_SESSIONS_PATH}` : ''} and ${ADMIN_REQUESTS_PATH}`,
  );
}
