import { OPERATION_IDS, OPERATIONS, type OperationId, type OperationMethod } from '../contract/operations.js';
import { requestTo, type CaseRequest, type ConformanceCase } from './case.js';
import { checkExactAnswer, type ExactAnswer } from './exact-answer.js';

/** Whom a mock case's request is for: an operation (its method and path from the contract's table), or any method and path. */
type Target =
  | { operation: OperationId; params?: Readonly<Record<string, string | number>>; query?: string }
  | { operation?: undefined; method: CaseRequest['method']; path: string; base?: 'origin' };

/** A mock case's request: with the run's key unless `auth` says otherwise. */
type MockRequest = Target & Partial<Pick<CaseRequest, 'auth' | 'scheme' | 'body' | 'raw' | 'headers'>>;

/** One of the mock server's exact answers: the request, and the answer it gives on the store the cases before left. */
interface MockRow {
  title: string;
  send: MockRequest;
  expect: ExactAnswer;
}

const listPets = (query?: string): MockRequest => ({ operation: 'listPets', ...(query !== undefined && { query }) });
const getPet = (petId: number | string): MockRequest => ({ operation: 'getPet', params: { petId } });
const createPet = (body?: unknown): MockRequest => ({ operation: 'createPet', ...(body !== undefined && { body }) });
/** The mock's admin API, at `/__admin/` on the base URL's origin. */
const admin = (method: CaseRequest['method'], path: string, body?: unknown): MockRequest => ({ method, path: `/__admin/${path}`, base: 'origin', ...(body !== undefined && { body }) });

/** What every mock case's findings quote: no specification requires these answers. */
const REFERENCE = 'the specification leaves it open: the mock server, the reference implementation, answers so (packages/mock-server/README.md)';

// Why each group of cases holds only against the mock server.
const AUTHENTICATION = "the mock server's messages and WWW-Authenticate challenges (the specification asks for a 401 with an Error body, no more), on its seeded store";
const SEEDED = "the mock server's seed (12 animals, ids 1 to 12, the next id 13) and its exact messages";
const ROUTING = "the mock server's answers where the API has no operation: its 404s and 405s, their messages and suggestions";
const BROWSERS = "the mock server's CORS policy (pages on loopback addresses only), its document at the base URL, the request ids it echoes";
const PREFER = "the mock server's test controls (Prefer: code=, delay=), which a deployment ignores or refuses";
const ADMIN_API = "the mock server's admin API (/__admin/…: faults, overrides, the journal, reset), which no deployment has";

const slug = (title: string): string =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function caseRequest(send: MockRequest): CaseRequest {
  const { auth = 'key', scheme, body, raw, headers } = send;
  const target = send.operation === undefined ? { method: send.method, path: send.path, ...(send.base && { base: send.base }) } : requestTo(send.operation, send.params, send.query);
  return { ...target, auth, ...(scheme !== undefined && { scheme }), ...(body !== undefined && { body }), ...(raw && { raw }), ...(headers && { headers }) };
}

/** The rows as cases of the table, each `mockOnly` for `reason`: ids `mock-<the title's words>`. */
function mockCases(reason: string, rows: readonly MockRow[]): ConformanceCase[] {
  return rows.map(({ title, send, expect }) => {
    const request = caseRequest(send);
    return {
      id: `mock-${slug(title)}`,
      title,
      ...(send.operation && { operation: send.operation }),
      status: expect.status,
      level: 'note',
      spec: REFERENCE,
      ...(request.method !== 'GET' && request.method !== 'OPTIONS' && { writes: true }),
      mockOnly: reason,
      plan: () => request,
      check: (reply) => checkExactAnswer(reply, expect, 'note', REFERENCE),
    };
  });
}

/** The methods the table routes at a path template, as a 405's `Allow` lists them: `GET, POST` at `/pets`. */
const methodsAt = (path: string): string => OPERATION_IDS.filter((id) => OPERATIONS[id].path === path).map((id) => OPERATIONS[id].method).join(', ');
/** A method no operation at `path` uses, for its 405: from the table, so a new operation never turns the case into a call of it. */
const unroutedAt = (path: string, preferred: readonly OperationMethod[]): OperationMethod => {
  const routed = methodsAt(path).split(', ');
  const method = preferred.find((candidate) => !routed.includes(candidate));
  if (method === undefined) throw new TypeError(`mock cases: every method is routed at ${path}; the 405 case needs one that is not`);
  return method;
};
const UNROUTED_AT_PET = unroutedAt('/pets/{petId}', ['DELETE', 'PUT', 'PATCH', 'POST']);
const UNROUTED_AT_PETS = unroutedAt('/pets', ['PUT', 'PATCH', 'DELETE']);
/** A name the table does not have, for the cases that send an unknown operation. */
const NO_SUCH_OPERATION = 'noSuchOperation';

/** A value that names every method the table's operations use and the admin API's DELETE, in any order (a preflight's allowed methods). */
const namingEveryMethod = new RegExp([...OPERATION_IDS.map((id) => OPERATIONS[id].method), 'DELETE'].map((method) => `(?=.*\\b${method}\\b)`).join(''));

const { deprecation, sunset, link } = OPERATIONS.getPet.deprecated;
const DEPRECATED = { deprecation, sunset, link };
const ID_RANGE = 'must be an integer from 1 to 9007199254740991 (2^53-1); larger int64 values cannot be represented exactly and are not accepted';

/**
 * The mock server's own answers, in order, each on the store the cases before
 * it left: they start from the seed the server started with (the 12 default
 * animals), reset first. Its transports (the Node server, the MSW handlers,
 * the in-process fetch) must pass them unchanged: that is what "same
 * behaviour" means. Part of {@link CONFORMANCE_CASES}, after the contract's.
 */
export const MOCK_SERVER_CASES: readonly ConformanceCase[] = [
  ...mockCases(ADMIN_API, [{ title: 'the store back to the seed the server started with, for the cases below → 204', send: admin('POST', 'reset'), expect: { status: 204 } }]),
  ...mockCases(AUTHENTICATION, [
    // Authentication comes first, everywhere.
    { title: 'no key → 401 with a Bearer challenge', send: { ...listPets(), auth: 'none' }, expect: { status: 401, code: 'unauthorized', message: 'Missing API key: send Authorization: Bearer <API_KEY>', headers: { 'www-authenticate': 'Bearer' } } },
    { title: 'a wrong key → 401 invalid_token', send: { ...listPets(), auth: 'wrong' }, expect: { status: 401, code: 'unauthorized', headers: { 'www-authenticate': 'Bearer error="invalid_token"' } } },
    { title: 'another scheme → 401', send: { ...listPets(), scheme: 'Basic' }, expect: { status: 401, code: 'unauthorized' } },
    { title: 'the scheme in lower case is accepted', send: { ...listPets('limit=1'), scheme: 'bearer' }, expect: { status: 200, ids: [1] } },
    { title: 'an unknown path without a key → 401, not 404', send: { method: 'GET', path: '/secret', auth: 'none' }, expect: { status: 401, code: 'unauthorized' } },
    { title: 'a create without a key → 401 and nothing stored', send: { ...createPet({ name: 'Sneaky', categoryId: 1 }), auth: 'none' }, expect: { status: 401, code: 'unauthorized' } },
  ]),
  ...mockCases(SEEDED, [
    // Listing.
    { title: 'list → the first 20 in id order (12 seeded)', send: listPets(), expect: { status: 200, ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] } },
    { title: 'list with limit', send: listPets('limit=2'), expect: { status: 200, ids: [1, 2] } },
    { title: 'list by status', send: listPets('status=pending'), expect: { status: 200, ids: [3, 7, 11] } },
    { title: 'list by status with limit', send: listPets('status=sold&limit=1'), expect: { status: 200, body: [{ id: 4, name: 'Max', categoryId: 4, status: 'sold' }] } },
    { title: 'unknown query parameters are ignored', send: listPets('limit=1&page=2&_=123'), expect: { status: 200, ids: [1] } },
    { title: 'limit 0 → 400', send: listPets('limit=0'), expect: { status: 400, code: 'invalid_request', message: 'query.limit: must be an integer from 1 to 100, got 0' } },
    { title: 'limit 101 → 400, not clamped', send: listPets('limit=101'), expect: { status: 400, code: 'invalid_request', message: 'query.limit: must be an integer from 1 to 100, got 101' } },
    { title: 'a limit that carries more than a limit → 400 telling its length, not its text', send: listPets('limit=10;api_key=S3CR3T-VALUE'), expect: { status: 400, code: 'invalid_request', message: 'query.limit: must be an integer from 1 to 100, got a text of 23 characters' } },
    { title: 'limit abc → 400', send: listPets('limit=abc'), expect: { status: 400, code: 'invalid_request', message: 'query.limit: must be an integer from 1 to 100, got "abc"' } },
    { title: 'unknown status → 400 listing the allowed ones', send: listPets('status=lost'), expect: { status: 400, code: 'invalid_request', message: 'query.status: must be one of available, pending, sold, got "lost"' } },
    { title: 'a repeated parameter → 400', send: listPets('limit=1&limit=2'), expect: { status: 400, code: 'invalid_request', message: 'query.limit: must be given only once, got an array of 2' } },
    // Creating.
    { title: 'create → 201 with the next id and status available', send: createPet({ name: 'Rex', categoryId: 1 }), expect: { status: 201, body: { id: 13, name: 'Rex', categoryId: 1, status: 'available' } } },
    { title: 'create with a status and a charset', send: { ...createPet(), raw: { contentType: 'application/json; charset=utf-8', text: '{"name":" Zoë ","categoryId":2,"status":"sold"}' } }, expect: { status: 201, body: { id: 14, name: ' Zoë ', categoryId: 2, status: 'sold' } } },
    { title: 'the new animals are listed, in order', send: listPets('status=sold'), expect: { status: 200, ids: [4, 8, 12, 14] } },
    { title: 'missing fields → 400 naming each', send: createPet({}), expect: { status: 400, code: 'invalid_request', message: 'body.name: is required; body.categoryId: is required' } },
    { title: 'a client id → 400: the service assigns it', send: createPet({ id: 99, name: 'Rex', categoryId: 1 }), expect: { status: 400, code: 'invalid_request', message: 'body: unknown field: id (id is assigned by the service); allowed fields are name, categoryId, status' } },
    { title: 'unknown fields → 400 naming them', send: createPet({ name: 'Rex', categoryId: 1, colour: 'red' }), expect: { status: 400, code: 'invalid_request', message: /^body: unknown field: colour;/ } },
    { title: '__proto__ → 400, nothing polluted', send: { ...createPet(), raw: { contentType: 'application/json', text: '{"name":"Rex","categoryId":1,"__proto__":{"admin":true}}' } }, expect: { status: 400, code: 'invalid_request', message: /unknown field: __proto__/ } },
    { title: 'an int64 beyond 2^53-1 → 400 saying why', send: { ...createPet(), raw: { contentType: 'application/json', text: '{"name":"Rex","categoryId":9007199254740993}' } }, expect: { status: 400, code: 'invalid_request', message: `body.categoryId: ${ID_RANGE}` } },
    { title: 'a fractional categoryId → 400', send: createPet({ name: 'Rex', categoryId: 1.5 }), expect: { status: 400, code: 'invalid_request', message: 'body.categoryId: must be an integer, got 1.5' } },
    { title: 'a blank name → 400', send: createPet({ name: '   ', categoryId: 1 }), expect: { status: 400, code: 'invalid_request', message: 'body.name: must not be only whitespace, got "   "' } },
    { title: 'a 101-character name → 400, its length told: a text longer than the field holds is not quoted', send: createPet({ name: 'x'.repeat(101), categoryId: 1 }), expect: { status: 400, code: 'invalid_request', message: 'body.name: must be at most 100 characters, got a text of 101 characters' } },
    { title: 'an unknown status → 400', send: createPet({ name: 'Rex', categoryId: 1, status: 'lost' }), expect: { status: 400, code: 'invalid_request', message: 'body.status: must be one of available, pending, sold, got "lost"' } },
    { title: 'a JSON array → 400', send: createPet([]), expect: { status: 400, code: 'invalid_request', message: 'body: must be a JSON object, got []' } },
    { title: 'malformed JSON → 400 invalid_json', send: { ...createPet(), raw: { contentType: 'application/json', text: '{"name":' } }, expect: { status: 400, code: 'invalid_json', message: /^Request body is not valid JSON: / } },
    { title: 'an empty body → 400 invalid_json', send: { ...createPet(), raw: { contentType: 'application/json', text: '' } }, expect: { status: 400, code: 'invalid_json', message: 'Request body is empty; expected a JSON object' } },
    { title: 'text/plain → 415', send: { ...createPet(), raw: { contentType: 'text/plain', text: '{"name":"Rex","categoryId":1}' } }, expect: { status: 415, code: 'unsupported_media_type', message: 'Content-Type must be application/json, got "text/plain"' } },
    { title: 'a body over 1 MiB → 413', send: createPet({ name: 'x'.repeat(1024 * 1024), categoryId: 1 }), expect: { status: 413, code: 'payload_too_large', message: 'Request body exceeds 1048576 bytes (1 MiB)' } },
    { title: 'nothing refused was stored', send: listPets('limit=100'), expect: { status: 200, ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14] } },

    // Getting one (deprecated): every response says so.
    { title: 'get → 200 with Deprecation, Sunset and Link', send: getPet(13), expect: { status: 200, body: { id: 13, name: 'Rex', categoryId: 1, status: 'available' }, headers: DEPRECATED } },
    { title: 'an unknown id → 404, still deprecated', send: getPet(999), expect: { status: 404, code: 'not_found', message: 'No animal has id 999', headers: DEPRECATED } },
    { title: 'a malformed id → 400', send: getPet('abc'), expect: { status: 400, code: 'invalid_request', message: 'path.petId: must be a positive integer, got "abc"', headers: DEPRECATED } },
    { title: 'id 0 → 400', send: getPet(0), expect: { status: 400, code: 'invalid_request', message: `path.petId: ${ID_RANGE}, got 0` } },
    { title: 'an id beyond 2^53-1 → 400', send: getPet('9007199254740993'), expect: { status: 400, code: 'invalid_request', message: `path.petId: ${ID_RANGE}` } },
    { title: 'broken percent-encoding → 400', send: getPet('%E0'), expect: { status: 400, code: 'invalid_request', message: 'path: "%E0" is not valid percent-encoding' } },
  ]),
  ...mockCases(ROUTING, [
    // Routing.
    { title: 'an unknown path → 404 route_not_found', send: { method: 'GET', path: '/owners' }, expect: { status: 404, code: 'route_not_found', message: 'No operation at /v1/owners' } },
    { title: 'a trailing slash → 404 naming the operation meant', send: { method: 'GET', path: '/pets/' }, expect: { status: 404, code: 'route_not_found', message: 'No operation at /v1/pets/; did you mean GET /v1/pets?' } },
    { title: 'a singular → 404 naming the operation meant, with the method asked', send: { method: 'POST', path: '/pet', body: {} }, expect: { status: 404, code: 'route_not_found', message: 'No operation at /v1/pet; did you mean POST /v1/pets?' } },
    { title: 'a near path with an id → 404 naming it', send: { method: 'GET', path: '/Pet/7' }, expect: { status: 404, code: 'route_not_found', message: 'No operation at /v1/Pet/7; did you mean GET /v1/pets/7?' } },
    { title: `${UNROUTED_AT_PET} on an animal → 405 with Allow`, send: { method: UNROUTED_AT_PET, path: requestTo('getPet', { petId: 1 }).path }, expect: { status: 405, code: 'method_not_allowed', message: `/v1/pets/{petId} allows ${methodsAt('/pets/{petId}')}, not ${UNROUTED_AT_PET}`, headers: { allow: methodsAt('/pets/{petId}') } } },
    { title: `${UNROUTED_AT_PETS} on the collection → 405 with Allow`, send: { method: UNROUTED_AT_PETS, path: requestTo('listPets').path, body: {} }, expect: { status: 405, code: 'method_not_allowed', headers: { allow: methodsAt('/pets') } } },
  ]),
  ...mockCases(BROWSERS, [
    // Browsers and tools.
    { title: 'a CORS preflight needs no key', send: { method: 'OPTIONS', path: requestTo('createPet').path, auth: 'none', headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' } }, expect: { status: 204, headers: { 'access-control-allow-origin': 'http://localhost:5173', vary: 'Origin', 'access-control-allow-headers': /Authorization, Content-Type, Prefer, X-Request-Id, traceparent/, 'access-control-allow-methods': namingEveryMethod } } },
    { title: 'a preflight from a page elsewhere on the web allows nothing', send: { ...admin('OPTIONS', 'reset'), auth: 'none', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } }, expect: { status: 204, headers: { vary: 'Origin' }, withoutHeaders: ['access-control-allow-origin', 'access-control-allow-methods', 'access-control-allow-headers'] } },
    { title: 'responses expose the headers browsers need', send: { ...listPets('limit=1'), headers: { origin: 'http://localhost:5173' } }, expect: { status: 200, headers: { 'access-control-allow-origin': 'http://localhost:5173', vary: 'Origin', 'access-control-expose-headers': /X-Request-Id, Deprecation, Sunset, Link/ } } },
    { title: 'a response to a page elsewhere on the web has no CORS headers', send: { ...listPets('limit=1'), headers: { origin: 'https://evil.example' } }, expect: { status: 200, headers: { vary: 'Origin' }, withoutHeaders: ['access-control-allow-origin', 'access-control-expose-headers'] } },
    { title: 'a page on 127.0.0.1 or [::1] is allowed too', send: { ...admin('GET', 'faults'), headers: { origin: 'http://[::1]:8080' } }, expect: { status: 200, headers: { 'access-control-allow-origin': 'http://[::1]:8080' } } },
    { title: 'the OpenAPI document needs no key', send: { method: 'GET', path: '/openapi.json', auth: 'none' }, expect: { status: 200, headers: { 'content-type': 'application/json' } } },
    { title: 'a request id given is echoed', send: { ...listPets('limit=1'), headers: { 'x-request-id': 'trace-123' } }, expect: { status: 200, headers: { 'x-request-id': 'trace-123' } } },
    { title: "a request id that is no token is replaced by one of the mock's own", send: { ...listPets('limit=1'), headers: { 'x-request-id': 'not a token' } }, expect: { status: 200, headers: { 'x-request-id': /^[0-9a-f]{8}-[0-9a-z]+$/ } } },
    ...['6f1c2b9e-8a4d-4c3e-9b7a-2d5e8f0a1c3b', '4bf92f3577b34da6a3ce929d0e0e4736'].map((id) => ({
      title: `a request id in the form the SDK sends (a UUID, a trace id) is echoed: ${id}`,
      send: { ...listPets('limit=1'), headers: { 'x-request-id': id } },
      expect: { status: 200, headers: { 'x-request-id': id } },
    })),
  ]),
  ...mockCases(PREFER, [
    // Test controls.
    { title: 'Prefer code=404 forces the documented 404', send: { ...getPet(1), headers: { prefer: 'code=404' } }, expect: { status: 404, body: { code: 'not_found', message: 'No animal has id 42', status: 404 }, headers: { 'preference-applied': 'code=404', ...DEPRECATED } } },
    { title: 'Prefer code=401 forces a 401 even with a key', send: { ...listPets(), headers: { prefer: 'code=401' } }, expect: { status: 401, code: 'unauthorized' } },
    { title: 'Prefer code=400 on create stores nothing', send: { ...createPet({ name: 'Ghost', categoryId: 1 }), headers: { prefer: 'code=400' } }, expect: { status: 400, code: 'invalid_request' } },
    { title: 'Prefer code=500 → the documented 500 (the README example)', send: { ...listPets(), headers: { prefer: 'code=500' } }, expect: { status: 500, code: 'internal_error', headers: { 'preference-applied': 'code=500' } } },
    { title: 'Prefer code=503 with retry-after → an Error body of its own and Retry-After', send: { ...listPets(), headers: { prefer: 'code=503, retry-after=2' } }, expect: { status: 503, code: 'service_unavailable', message: 'Service Unavailable (staged by the mock server)', headers: { 'retry-after': '2', 'preference-applied': 'code=503, retry-after=2' } } },
    { title: 'Prefer code=429 on a create → too_many_requests, nothing stored', send: { ...createPet({ name: 'Never', categoryId: 1 }), headers: { prefer: 'code=429' } }, expect: { status: 429, code: 'too_many_requests' } },
    { title: 'Prefer code=599 → http_599', send: { ...listPets(), headers: { prefer: 'code=599' } }, expect: { status: 599, code: 'http_599' } },
    { title: 'Prefer retry-after without 429 or 503 → 400', send: { ...listPets(), headers: { prefer: 'code=500, retry-after=1' } }, expect: { status: 400, code: 'invalid_request', message: 'header.prefer: retry-after goes with code=429 or code=503' } },
    { title: 'a malformed Prefer code → 400', send: { ...listPets(), headers: { prefer: 'code=abc' } }, expect: { status: 400, code: 'invalid_request', message: 'header.prefer: code must be an error status from 400 to 599, got "abc"' } },
    { title: 'a success Prefer code → 400, not silently ignored', send: { ...listPets(), headers: { prefer: 'code=204' } }, expect: { status: 400, code: 'invalid_request', message: 'header.prefer: code must be an error status from 400 to 599, got "204"' } },
    { title: 'a redirect Prefer code → 400', send: { ...listPets(), headers: { prefer: 'code=302' } }, expect: { status: 400, code: 'invalid_request' } },
    { title: 'Prefer delay=20 still answers', send: { ...listPets('limit=1'), headers: { prefer: 'delay=20' } }, expect: { status: 200, ids: [1] } },
  ]),
  ...mockCases(ADMIN_API, [
    // Faults armed from outside the app, and the requests the mock answered.
    { title: 'the admin API needs the key', send: { ...admin('POST', 'faults', { status: 503 }), auth: 'none' }, expect: { status: 401, code: 'unauthorized' } },
    { title: 'arm: the next two lists fail with 503 and Retry-After', send: admin('POST', 'faults', { operation: 'listPets', status: 503, retryAfter: 1, times: 2 }), expect: { status: 201, body: { id: 1, operation: 'listPets', status: 503, retryAfter: 1, remaining: 2 } } },
    { title: 'the armed fault is listed', send: admin('GET', 'faults'), expect: { status: 200, body: [{ id: 1, operation: 'listPets', status: 503, retryAfter: 1, remaining: 2 }] } },
    { title: 'a list meets the fault', send: listPets(), expect: { status: 503, code: 'service_unavailable', headers: { 'retry-after': '1' } } },
    { title: 'another operation does not', send: getPet(1), expect: { status: 200, headers: DEPRECATED } },
    { title: 'the second list meets it too', send: listPets('limit=1'), expect: { status: 503, code: 'service_unavailable' } },
    { title: 'then it is spent', send: listPets('limit=1'), expect: { status: 200, ids: [1] } },
    { title: 'nothing is armed any more', send: admin('GET', 'faults'), expect: { status: 200, body: [] } },
    { title: 'a documented status answers its example', send: admin('POST', 'faults', { operation: 'getPet', status: 404 }), expect: { status: 201 } },
    { title: '… as documented, deprecation headers included', send: getPet(1), expect: { status: 404, body: { code: 'not_found', message: 'No animal has id 42', status: 404 }, headers: DEPRECATED } },
    { title: 'a malformed body with 200', send: admin('POST', 'faults', { operation: 'listPets', kind: 'malformed' }), expect: { status: 201 } },
    { title: '… is not JSON', send: listPets(), expect: { status: 200, text: /^\[\{"id":1,/ } },
    { title: 'an unknown operation → 400 naming it', send: admin('POST', 'faults', { operation: NO_SUCH_OPERATION, status: 500 }), expect: { status: 400, code: 'invalid_request', message: `body.operation: must be one of ${OPERATION_IDS.join(', ')}` } },
    { title: 'a status out of range → 400', send: admin('POST', 'faults', { status: 302 }), expect: { status: 400, code: 'invalid_request', message: 'body.status: must be an integer from 400 to 599' } },
    { title: 'times below 1 → 400', send: admin('POST', 'faults', { status: 500, times: 0 }), expect: { status: 400, code: 'invalid_request', message: 'body.times: must be an integer from 1 to 1000' } },
    { title: 'neither status, kind nor delay → 400', send: admin('POST', 'faults', { operation: 'listPets' }), expect: { status: 400, code: 'invalid_request', message: 'body: give a status, a kind or a delayMs' } },
    { title: 'an unknown kind or field → 400', send: admin('POST', 'faults', { kind: 'explode', colour: 1 }), expect: { status: 400, code: 'invalid_request', message: /body\.kind: must be one of reset, empty, malformed, stall.*unknown field: colour/ } },
    { title: 'faults take no Prefer', send: { ...admin('POST', 'faults', { status: 500 }), headers: { prefer: 'code=500' } }, expect: { status: 400, code: 'invalid_request', message: /^header\.prefer: the admin API takes no Prefer header/ } },
    { title: 'PUT on faults → 405', send: admin('PUT', 'faults', {}), expect: { status: 405, code: 'method_not_allowed', headers: { allow: 'GET, POST, DELETE' } } },
    { title: 'an unknown admin path → 404', send: admin('GET', 'mappings'), expect: { status: 404, code: 'route_not_found' } },
    { title: 'DELETE disarms everything', send: admin('DELETE', 'faults'), expect: { status: 204 } },
    // Overrides: answers staged per operation, checked against the contract.
    { title: 'stage the next two sold lists', send: admin('POST', 'overrides', { operation: 'listPets', body: [{ id: 5, name: 'Staged', categoryId: 2, status: 'sold' }], times: 2, match: { query: { status: 'sold' } } }), expect: { status: 201, matches: { id: 1, operation: 'listPets', remaining: 2, match: { query: { status: 'sold' } } } } },
    { title: 'the armed override is listed', send: admin('GET', 'overrides'), expect: { status: 200, matches: [{ id: 1, operation: 'listPets', remaining: 2 }] } },
    { title: 'a list that does not match meets the store', send: listPets('limit=1'), expect: { status: 200, ids: [1] } },
    { title: 'a matching list meets the override', send: listPets('status=sold'), expect: { status: 200, body: [{ id: 5, name: 'Staged', categoryId: 2, status: 'sold' }] } },
    { title: 'stage a 404 for one animal, always, after a fault', send: admin('POST', 'faults', { operation: 'getPet', status: 500 }), expect: { status: 201 } },
    { title: '… the override', send: admin('POST', 'overrides', { operation: 'getPet', status: 404, body: { code: 'not_found', message: 'Gone', status: 404 }, times: 'always', match: { petId: 3 } }), expect: { status: 201, matches: { remaining: 'always' } } },
    { title: 'the override wins over the fault', send: getPet(3), expect: { status: 404, body: { code: 'not_found', message: 'Gone', status: 404 }, headers: DEPRECATED } },
    { title: '… and wins over Prefer', send: { ...getPet(3), headers: { prefer: 'code=500' } }, expect: { status: 404, body: { code: 'not_found', message: 'Gone', status: 404 } } },
    { title: '… and left the fault for another animal', send: getPet(4), expect: { status: 500 } },
    { title: 'a Pet without id → 400 naming it', send: admin('POST', 'overrides', { operation: 'getPet', body: { name: 'Rex', categoryId: 1 } }), expect: { status: 400, code: 'invalid_request', message: 'body.body.id: must be an integer' } },
    { title: 'an id of the wrong type in a list → 400 naming it', send: admin('POST', 'overrides', { operation: 'listPets', body: [{ id: '1', name: 'Rex', categoryId: 1 }] }), expect: { status: 400, code: 'invalid_request', message: 'body.body[0].id: must be an integer' } },
    { title: 'a success status the operation cannot answer → 400', send: admin('POST', 'overrides', { operation: 'listPets', status: 201, body: [] }), expect: { status: 400, code: 'invalid_request', message: 'body.status: listPets answers 200 on success, not 201' } },
    { title: 'an undocumented status → 400', send: admin('POST', 'overrides', { operation: 'listPets', status: 404 }), expect: { status: 400, code: 'invalid_request', message: /^body\.status: listPets does not answer 404; it documents 200, / } },
    { title: 'an Error body of another status → 400', send: admin('POST', 'overrides', { operation: 'getPet', status: 404, body: { code: 'not_found', message: 'x', status: 500 } }), expect: { status: 400, code: 'invalid_request', message: 'body.body.status: must be 404, the status of the answer' } },
    { title: 'overrides take no unknown field → 400', send: admin('POST', 'overrides', { operation: 'getPet', delayMs: 1, colour: 1 }), expect: { status: 400, code: 'invalid_request', message: /unknown field: colour/ } },
    { title: 'a misspelt query parameter to match → 400 naming it and the known ones', send: admin('POST', 'overrides', { operation: 'listPets', body: [], match: { query: { stauts: 'sold' } } }), expect: { status: 400, code: 'invalid_request', message: 'body.match.query.stauts: listPets reads no such query parameter (did you mean status?); it reads limit, status' } },
    { title: 'a query value the contract refuses → 400 with its message', send: admin('POST', 'overrides', { operation: 'listPets', body: [], match: { query: { status: 'lost' } } }), expect: { status: 400, code: 'invalid_request', message: 'body.match.query.status: must be one of available, pending, sold' } },
    { title: 'a query to match on getPet → 400', send: admin('POST', 'overrides', { operation: 'getPet', status: 500, match: { query: { status: 'sold' } } }), expect: { status: 400, code: 'invalid_request', message: 'body.match.query: getPet reads no query; only listPets does' } },
    { title: 'a limit to match is read as the contract reads it', send: admin('POST', 'overrides', { operation: 'listPets', body: [], match: { query: { limit: '020' } } }), expect: { status: 201, matches: { operation: 'listPets', remaining: 1, match: { query: { limit: 20 } } } } },
    { title: '… and matches a list relying on the default limit', send: listPets(), expect: { status: 200, body: [] } },
    { title: 'DELETE clears the overrides', send: admin('DELETE', 'overrides'), expect: { status: 204 } },
    { title: '… the animal is back', send: getPet(3), expect: { status: 200, matches: { id: 3 } } },
    { title: '… and none is listed', send: admin('GET', 'overrides'), expect: { status: 200, body: [] } },
    { title: 'forget the requests so far', send: admin('DELETE', 'requests'), expect: { status: 204 } },
    { title: 'the app creates an animal', send: { ...createPet({ name: 'Rex', categoryId: 1 }), headers: { cookie: 'session=secret' } }, expect: { status: 201 } },
    { title: 'the journal has it, once, without credentials', send: admin('GET', 'requests?operation=createPet'), expect: { status: 200, matches: [{ method: 'POST', path: '/v1/pets', operation: 'createPet', query: {}, body: { name: 'Rex', categoryId: 1 }, status: 201, headers: { 'content-type': 'application/json' } }] } },
    { title: 'filters combine: method and status', send: admin('GET', 'requests?method=POST&status=400'), expect: { status: 200, body: [] } },
    { title: 'a bad filter → 400', send: admin('GET', 'requests?operation=nope'), expect: { status: 400, code: 'invalid_request', message: `query.operation: must be one of ${OPERATION_IDS.join(', ')}` } },
    { title: 'a misspelt filter → 400 naming it, not every entry', send: admin('GET', 'requests?operaton=createPet'), expect: { status: 400, code: 'invalid_request', message: 'query: unknown parameter "operaton" (did you mean operation?); GET /__admin/requests takes operation, requestId, method, status, limit, refused, since' } },
    { title: 'a filter on DELETE → 400: it would forget every entry, not those', send: admin('DELETE', 'requests?operation=createPet'), expect: { status: 400, code: 'invalid_request', message: 'query: unknown parameter "operation"; DELETE /__admin/requests takes none' } },
    { title: 'an admin endpoint that reads no query → 400 naming what came', send: admin('GET', 'faults?operation=listPets&x=1'), expect: { status: 400, code: 'invalid_request', message: 'query: unknown parameters "operation", "x"; GET /__admin/faults takes none' } },
    { title: 'the app sends secrets in headers and the query', send: { ...listPets('limit=1&api_key=k1&access_token=t1&name=Rex'), headers: { 'x-api-key': 'k2', 'x-session-id': 's1', 'x-request-id': 'kept-1' } }, expect: { status: 200, ids: [1] } },
    { title: 'the journal keeps their names, never their values', send: admin('GET', 'requests?operation=listPets'), expect: { status: 200, matches: [{ query: { limit: '1', api_key: '[redacted]', access_token: '[redacted]', name: 'Rex' }, headers: { authorization: '[redacted]', 'x-api-key': '[redacted]', 'x-session-id': '[redacted]', 'x-request-id': 'kept-1' } }] } },
    { title: 'limit lists the newest', send: admin('GET', 'requests?limit=1'), expect: { status: 200, matches: [{ operation: 'listPets' }] } },
    { title: 'since a time past lists every one, newest last', send: admin('GET', 'requests?since=2000-01-01T00:00:00Z'), expect: { status: 200, matches: [{ operation: 'createPet' }, { operation: 'listPets' }] } },
    { title: 'since a time to come lists none', send: admin('GET', 'requests?since=2999-01-01T00:00:00.000%2B01:00'), expect: { status: 200, body: [] } },
    { title: 'a bad limit → 400 naming it', send: admin('GET', 'requests?limit=0'), expect: { status: 400, code: 'invalid_request', message: 'query.limit: must be an integer from 1 to 1000000' } },
    { title: 'a since without a zone → 400 naming it', send: admin('GET', 'requests?since=2026-11-25T10:00:00'), expect: { status: 400, code: 'invalid_request', message: 'query.since: must be an ISO 8601 time with a zone, e.g. 2026-11-25T10:00:00.000Z' } },
    { title: 'the app sends keys, codes, PINs and signatures by the names other services give them', send: { ...listPets('limit=1&key=k3&sig=s2&code=c1&jwt=j1&pass=p1&pw=p2&pin=1234&otp=5678'), headers: { 'ocp-apim-subscription-key': 'k4', 'x-functions-key': 'k5', 'x-access-key': 'k6', 'access-key': 'k7', 'x-jwt': 'j2', 'x-key': 'k8', key: 'k9', 'x-pass': 'p3', 'x-pw': 'p4', 'x-bearer': 'b1', 'x-sig': 's3', 'x-refresh': 'r1', 'x-otp': 'o1', 'x-pin': '4321', 'x-request-id': 'kept-2' } }, expect: { status: 200, ids: [1] } },
    {
      title: 'the journal keeps none of their values',
      send: admin('GET', 'requests?requestId=kept-2'),
      expect: {
        status: 200,
        matches: [
          {
            query: { limit: '1', key: '[redacted]', sig: '[redacted]', code: '[redacted]', jwt: '[redacted]', pass: '[redacted]', pw: '[redacted]', pin: '[redacted]', otp: '[redacted]' },
            headers: { 'ocp-apim-subscription-key': '[redacted]', 'x-functions-key': '[redacted]', 'x-access-key': '[redacted]', 'access-key': '[redacted]', 'x-jwt': '[redacted]', 'x-key': '[redacted]', key: '[redacted]', 'x-pass': '[redacted]', 'x-pw': '[redacted]', 'x-bearer': '[redacted]', 'x-sig': '[redacted]', 'x-refresh': '[redacted]', 'x-otp': '[redacted]', 'x-pin': '[redacted]', 'x-request-id': 'kept-2' },
          },
        ],
      },
    },
    // Resetting to a store the test needs.
    { title: 'reset to two generated animals', send: admin('POST', 'reset', { seed: 2 }), expect: { status: 204 } },
    { title: '… the store has them alone', send: listPets(), expect: { status: 200, ids: [1, 2] } },
    { title: 'reset to animals of its own', send: admin('POST', 'reset', { seed: [{ id: 7, name: 'Solo', categoryId: 3 }] }), expect: { status: 204 } },
    { title: '… and the journal was emptied by it', send: admin('GET', 'requests'), expect: { status: 200, ids: [] } },
    { title: '… the store has that one', send: listPets(), expect: { status: 200, body: [{ id: 7, name: 'Solo', categoryId: 3, status: 'available' }] } },
    { title: 'reset to an animal with the largest id', send: admin('POST', 'reset', { seed: [{ id: 9007199254740991, name: 'Last', categoryId: 1 }] }), expect: { status: 204 } },
    { title: '… a create finds no id left → 409', send: createPet({ name: 'One more', categoryId: 1 }), expect: { status: 409, code: 'id_space_exhausted', message: /^No id is left for a new animal: the last one has id 9007199254740991, the largest an id can be \(2\^53-1\)\. Nothing was stored;/ } },
    { title: '… and stores nothing', send: listPets(), expect: { status: 200, ids: [9007199254740991] } },
    { title: 'a seed id past the largest → 400 naming it', send: admin('POST', 'reset', { seed: [{ id: 9007199254740992, name: 'Over', categoryId: 1 }] }), expect: { status: 400, code: 'invalid_request', message: `body.seed[0].id: ${ID_RANGE}` } },
    { title: 'a seed animal without an id after the largest → 400 naming it', send: admin('POST', 'reset', { seed: [{ id: 9007199254740991, name: 'Last', categoryId: 1 }, { name: 'Over', categoryId: 1 }] }), expect: { status: 400, code: 'invalid_request', message: 'body.seed[1].id: would be 9007199254740992, after 9007199254740991, the largest an id can be (2^53-1); give the animals lower ids' } },
    { title: 'a seed out of range → 400', send: admin('POST', 'reset', { seed: -1 }), expect: { status: 400, code: 'invalid_request', message: 'body.seed: must be an integer from 0 to 1000000, or an array of animals' } },
    { title: 'a bad seed animal → 400 naming it', send: admin('POST', 'reset', { seed: [{ name: '', categoryId: 1 }] }), expect: { status: 400, code: 'invalid_request', message: 'body.seed[0].name: must not be empty' } },
    { title: 'a reset body that is not JSON → 415', send: { ...admin('POST', 'reset'), raw: { contentType: 'text/plain', text: 'seed=2' } }, expect: { status: 415, code: 'unsupported_media_type' } },
    { title: 'reset needs the key', send: { ...admin('POST', 'reset'), auth: 'none' }, expect: { status: 401, code: 'unauthorized' } },
    { title: 'reset takes POST only', send: admin('GET', 'reset'), expect: { status: 405, code: 'method_not_allowed', headers: { allow: 'POST' } } },
    { title: 'reset → 204', send: admin('POST', 'reset'), expect: { status: 204 } },
    { title: 'after reset only the seed is left', send: listPets('limit=100'), expect: { status: 200, ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] } },
    { title: 'after reset ids continue after the seed', send: createPet({ name: 'Fresh', categoryId: 3 }), expect: { status: 201, body: { id: 13, name: 'Fresh', categoryId: 3, status: 'available' } } },
  ]),
];
