import { DEV_API_KEY } from '@petstore/mock-server';

/** A request as a case writes it: path relative to the server's origin. */
export interface CaseRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface CaseExpectation {
  status: number;
  /** The Error body's code, for error responses. */
  code?: string;
  /** The Error body's message, exactly or as a pattern. */
  message?: string | RegExp;
  /** The whole JSON body. */
  body?: unknown;
  /** Ids of the animals in a list response, in order. */
  ids?: number[];
  /** Headers that must be present with these values (names lower-case). */
  headers?: Record<string, string | RegExp>;
  /** Headers that must be absent (names lower-case). */
  withoutHeaders?: string[];
  /** The JSON body must contain this (vitest's toMatchObject; asymmetric matchers allowed). */
  matches?: unknown;
  /** The body as text, for answers that are not JSON (a staged malformed body). */
  text?: string | RegExp;
}

export interface ApiCase {
  name: string;
  request: CaseRequest;
  expect: CaseExpectation;
}

const auth = { authorization: `Bearer ${DEV_API_KEY}` };
const json = { ...auth, 'content-type': 'application/json' };
const deprecated = { deprecation: '@1767225600', sunset: 'Thu, 05 Dec 2030 00:00:00 GMT', link: '</v1/pets>; rel="successor-version"' };
const ID_RANGE = 'must be an integer from 1 to 9007199254740991 (2^53-1); larger int64 values cannot be represented exactly and are not accepted';

/**
 * One table of request → expected response, run in order through every
 * transport against a store seeded with the 12 default animals. Both the Node
 * server and the MSW handlers must pass it unchanged: that is what "same
 * behaviour" means.
 */
export const apiCases: readonly ApiCase[] = [
  // Authentication comes first, everywhere.
  { name: 'no key → 401 with a Bearer challenge', request: { path: '/v1/pets' }, expect: { status: 401, code: 'unauthorized', message: 'Missing API key: send Authorization: Bearer <API_KEY>', headers: { 'www-authenticate': 'Bearer' } } },
  { name: 'a wrong key → 401 invalid_token', request: { path: '/v1/pets', headers: { authorization: 'Bearer nope' } }, expect: { status: 401, code: 'unauthorized', headers: { 'www-authenticate': 'Bearer error="invalid_token"' } } },
  { name: 'another scheme → 401', request: { path: '/v1/pets', headers: { authorization: `Basic ${DEV_API_KEY}` } }, expect: { status: 401, code: 'unauthorized' } },
  { name: 'the scheme in lower case is accepted', request: { path: '/v1/pets?limit=1', headers: { authorization: `bearer ${DEV_API_KEY}` } }, expect: { status: 200, ids: [1] } },
  { name: 'an unknown path without a key → 401, not 404', request: { path: '/v1/secret' }, expect: { status: 401, code: 'unauthorized' } },
  { name: 'a create without a key → 401 and nothing stored', request: { method: 'POST', path: '/v1/pets', headers: { 'content-type': 'application/json' }, body: '{"name":"Sneaky","categoryId":1}' }, expect: { status: 401, code: 'unauthorized' } },

  // Listing.
  { name: 'list → the first 20 in id order (12 seeded)', request: { path: '/v1/pets', headers: auth }, expect: { status: 200, ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] } },
  { name: 'list with limit', request: { path: '/v1/pets?limit=2', headers: auth }, expect: { status: 200, ids: [1, 2] } },
  { name: 'list by status', request: { path: '/v1/pets?status=pending', headers: auth }, expect: { status: 200, ids: [3, 7, 11] } },
  { name: 'list by status with limit', request: { path: '/v1/pets?status=sold&limit=1', headers: auth }, expect: { status: 200, body: [{ id: 4, name: 'Max', categoryId: 4, status: 'sold' }] } },
  { name: 'unknown query parameters are ignored', request: { path: '/v1/pets?limit=1&page=2&_=123', headers: auth }, expect: { status: 200, ids: [1] } },
  { name: 'limit 0 → 400', request: { path: '/v1/pets?limit=0', headers: auth }, expect: { status: 400, code: 'invalid_request', message: 'query.limit: must be an integer from 1 to 100, got 0' } },
  { name: 'limit 101 → 400, not clamped', request: { path: '/v1/pets?limit=101', headers: auth }, expect: { status: 400, code: 'invalid_request', message: 'query.limit: must be an integer from 1 to 100, got 101' } },
  { name: 'limit abc → 400', request: { path: '/v1/pets?limit=abc', headers: auth }, expect: { status: 400, code: 'invalid_request', message: 'query.limit: must be an integer from 1 to 100, got "abc"' } },
  { name: 'unknown status → 400 listing the allowed ones', request: { path: '/v1/pets?status=lost', headers: auth }, expect: { status: 400, code: 'invalid_request', message: 'query.status: must be one of available, pending, sold, got "lost"' } },
  { name: 'a repeated parameter → 400', request: { path: '/v1/pets?limit=1&limit=2', headers: auth }, expect: { status: 400, code: 'invalid_request', message: 'query.limit: must be given only once, got an array of 2' } },

  // Creating.
  { name: 'create → 201 with the next id and status available', request: { method: 'POST', path: '/v1/pets', headers: json, body: '{"name":"Rex","categoryId":1}' }, expect: { status: 201, body: { id: 13, name: 'Rex', categoryId: 1, status: 'available' } } },
  { name: 'create with a status and a charset', request: { method: 'POST', path: '/v1/pets', headers: { ...auth, 'content-type': 'application/json; charset=utf-8' }, body: '{"name":" Zoë ","categoryId":2,"status":"sold"}' }, expect: { status: 201, body: { id: 14, name: ' Zoë ', categoryId: 2, status: 'sold' } } },
  { name: 'the new animals are listed, in order', request: { path: '/v1/pets?status=sold', headers: auth }, expect: { status: 200, ids: [4, 8, 12, 14] } },
  { name: 'missing fields → 400 naming each', request: { method: 'POST', path: '/v1/pets', headers: json, body: '{}' }, expect: { status: 400, code: 'invalid_request', message: 'body.name: is required; body.categoryId: is required' } },
  { name: 'a client id → 400: the service assigns it', request: { method: 'POST', path: '/v1/pets', headers: json, body: '{"id":99,"name":"Rex","categoryId":1}' }, expect: { status: 400, code: 'invalid_request', message: 'body: unknown field: id (id is assigned by the service); allowed fields are name, categoryId, status' } },
  { name: 'unknown fields → 400 naming them', request: { method: 'POST', path: '/v1/pets', headers: json, body: '{"name":"Rex","categoryId":1,"colour":"red"}' }, expect: { status: 400, code: 'invalid_request', message: /^body: unknown field: colour;/ } },
  { name: '__proto__ → 400, nothing polluted', request: { method: 'POST', path: '/v1/pets', headers: json, body: '{"name":"Rex","categoryId":1,"__proto__":{"admin":true}}' }, expect: { status: 400, code: 'invalid_request', message: /unknown field: __proto__/ } },
  { name: 'an int64 beyond 2^53-1 → 400 saying why', request: { method: 'POST', path: '/v1/pets', headers: json, body: '{"name":"Rex","categoryId":9007199254740993}' }, expect: { status: 400, code: 'invalid_request', message: `body.categoryId: ${ID_RANGE}` } },
  { name: 'a fractional categoryId → 400', request: { method: 'POST', path: '/v1/pets', headers: json, body: '{"name":"Rex","categoryId":1.5}' }, expect: { status: 400, code: 'invalid_request', message: 'body.categoryId: must be an integer, got 1.5' } },
  { name: 'a blank name → 400', request: { method: 'POST', path: '/v1/pets', headers: json, body: '{"name":"   ","categoryId":1}' }, expect: { status: 400, code: 'invalid_request', message: 'body.name: must not be only whitespace, got "   "' } },
  { name: 'a 101-character name → 400', request: { method: 'POST', path: '/v1/pets', headers: json, body: JSON.stringify({ name: 'x'.repeat(101), categoryId: 1 }) }, expect: { status: 400, code: 'invalid_request', message: `body.name: must be at most 100 characters, got "${'x'.repeat(39)}"…` } },
  { name: 'an unknown status → 400', request: { method: 'POST', path: '/v1/pets', headers: json, body: '{"name":"Rex","categoryId":1,"status":"lost"}' }, expect: { status: 400, code: 'invalid_request', message: 'body.status: must be one of available, pending, sold, got "lost"' } },
  { name: 'a JSON array → 400', request: { method: 'POST', path: '/v1/pets', headers: json, body: '[]' }, expect: { status: 400, code: 'invalid_request', message: 'body: must be a JSON object, got []' } },
  { name: 'malformed JSON → 400 invalid_json', request: { method: 'POST', path: '/v1/pets', headers: json, body: '{"name":' }, expect: { status: 400, code: 'invalid_json', message: /^Request body is not valid JSON: / } },
  { name: 'an empty body → 400 invalid_json', request: { method: 'POST', path: '/v1/pets', headers: json, body: '' }, expect: { status: 400, code: 'invalid_json', message: 'Request body is empty; expected a JSON object' } },
  { name: 'text/plain → 415', request: { method: 'POST', path: '/v1/pets', headers: { ...auth, 'content-type': 'text/plain' }, body: '{"name":"Rex","categoryId":1}' }, expect: { status: 415, code: 'unsupported_media_type', message: 'Content-Type must be application/json, got "text/plain"' } },
  { name: 'a body over 1 MiB → 413', request: { method: 'POST', path: '/v1/pets', headers: json, body: JSON.stringify({ name: 'x'.repeat(1024 * 1024), categoryId: 1 }) }, expect: { status: 413, code: 'payload_too_large', message: 'Request body exceeds 1048576 bytes (1 MiB)' } },
  { name: 'nothing refused was stored', request: { path: '/v1/pets?limit=100', headers: auth }, expect: { status: 200, ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14] } },

  // Getting one (deprecated): every response says so.
  { name: 'get → 200 with Deprecation, Sunset and Link', request: { path: '/v1/pets/13', headers: auth }, expect: { status: 200, body: { id: 13, name: 'Rex', categoryId: 1, status: 'available' }, headers: deprecated } },
  { name: 'an unknown id → 404, still deprecated', request: { path: '/v1/pets/999', headers: auth }, expect: { status: 404, code: 'not_found', message: 'No animal has id 999', headers: deprecated } },
  { name: 'a malformed id → 400', request: { path: '/v1/pets/abc', headers: auth }, expect: { status: 400, code: 'invalid_request', message: 'path.petId: must be a positive integer, got "abc"', headers: deprecated } },
  { name: 'id 0 → 400', request: { path: '/v1/pets/0', headers: auth }, expect: { status: 400, code: 'invalid_request', message: `path.petId: ${ID_RANGE}, got 0` } },
  { name: 'an id beyond 2^53-1 → 400', request: { path: '/v1/pets/9007199254740993', headers: auth }, expect: { status: 400, code: 'invalid_request', message: `path.petId: ${ID_RANGE}` } },
  { name: 'broken percent-encoding → 400', request: { path: '/v1/pets/%E0', headers: auth }, expect: { status: 400, code: 'invalid_request', message: 'path: "%E0" is not valid percent-encoding' } },

  // Routing.
  { name: 'an unknown path → 404 route_not_found', request: { path: '/v1/owners', headers: auth }, expect: { status: 404, code: 'route_not_found', message: 'No operation at /v1/owners' } },
  { name: 'a trailing slash → 404 naming the operation meant', request: { path: '/v1/pets/', headers: auth }, expect: { status: 404, code: 'route_not_found', message: 'No operation at /v1/pets/; did you mean GET /v1/pets?' } },
  { name: 'a singular → 404 naming the operation meant, with the method asked', request: { method: 'POST', path: '/v1/pet', headers: json, body: '{}' }, expect: { status: 404, code: 'route_not_found', message: 'No operation at /v1/pet; did you mean POST /v1/pets?' } },
  { name: 'a near path with an id → 404 naming it', request: { path: '/v1/Pet/7', headers: auth }, expect: { status: 404, code: 'route_not_found', message: 'No operation at /v1/Pet/7; did you mean GET /v1/pets/7?' } },
  { name: 'DELETE on an animal → 405 with Allow', request: { method: 'DELETE', path: '/v1/pets/1', headers: auth }, expect: { status: 405, code: 'method_not_allowed', message: '/v1/pets/{petId} allows GET, not DELETE', headers: { allow: 'GET' } } },
  { name: 'PUT on the collection → 405 with Allow', request: { method: 'PUT', path: '/v1/pets', headers: json, body: '{}' }, expect: { status: 405, code: 'method_not_allowed', headers: { allow: 'GET, POST' } } },

  // Browsers and tools.
  { name: 'a CORS preflight needs no key', request: { method: 'OPTIONS', path: '/v1/pets', headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' } }, expect: { status: 204, headers: { 'access-control-allow-origin': 'http://localhost:5173', vary: 'Origin', 'access-control-allow-headers': /Authorization, Content-Type, Prefer, X-Request-Id, traceparent/, 'access-control-allow-methods': /POST, DELETE/ } } },
  { name: 'a preflight from a page elsewhere on the web allows nothing', request: { method: 'OPTIONS', path: '/__admin/reset', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } }, expect: { status: 204, headers: { vary: 'Origin' }, withoutHeaders: ['access-control-allow-origin', 'access-control-allow-methods', 'access-control-allow-headers'] } },
  { name: 'responses expose the headers browsers need', request: { path: '/v1/pets?limit=1', headers: { ...auth, origin: 'http://localhost:5173' } }, expect: { status: 200, headers: { 'access-control-allow-origin': 'http://localhost:5173', vary: 'Origin', 'access-control-expose-headers': /X-Request-Id, Deprecation, Sunset, Link/ } } },
  { name: 'a response to a page elsewhere on the web has no CORS headers', request: { path: '/v1/pets?limit=1', headers: { ...auth, origin: 'https://evil.example' } }, expect: { status: 200, headers: { vary: 'Origin' }, withoutHeaders: ['access-control-allow-origin', 'access-control-expose-headers'] } },
  { name: 'a page on 127.0.0.1 or [::1] is allowed too', request: { path: '/__admin/faults', headers: { ...auth, origin: 'http://[::1]:8080' } }, expect: { status: 200, headers: { 'access-control-allow-origin': 'http://[::1]:8080' } } },
  { name: 'the OpenAPI document needs no key', request: { path: '/v1/openapi.json' }, expect: { status: 200, headers: { 'content-type': 'application/json' } } },
  { name: 'a request id given is echoed', request: { path: '/v1/pets?limit=1', headers: { ...auth, 'x-request-id': 'trace-123' } }, expect: { status: 200, headers: { 'x-request-id': 'trace-123' } } },
  ...['6f1c2b9e-8a4d-4c3e-9b7a-2d5e8f0a1c3b', '4bf92f3577b34da6a3ce929d0e0e4736'].map((id) => ({
    name: `a request id in the form the SDK sends (a UUID, a trace id) is echoed: ${id}`,
    request: { path: '/v1/pets?limit=1', headers: { ...auth, 'x-request-id': id } },
    expect: { status: 200, headers: { 'x-request-id': id } },
  })),

  // Test controls.
  { name: 'Prefer code=404 forces the documented 404', request: { path: '/v1/pets/1', headers: { ...auth, prefer: 'code=404' } }, expect: { status: 404, body: { code: 'not_found', message: 'No animal has id 42', status: 404 }, headers: { 'preference-applied': 'code=404', ...deprecated } } },
  { name: 'Prefer code=401 forces a 401 even with a key', request: { path: '/v1/pets', headers: { ...auth, prefer: 'code=401' } }, expect: { status: 401, code: 'unauthorized' } },
  { name: 'Prefer code=400 on create stores nothing', request: { method: 'POST', path: '/v1/pets', headers: { ...json, prefer: 'code=400' }, body: '{"name":"Ghost","categoryId":1}' }, expect: { status: 400, code: 'invalid_request' } },
  { name: 'Prefer code=500 → the documented 500 (the README example)', request: { path: '/v1/pets', headers: { ...auth, prefer: 'code=500' } }, expect: { status: 500, code: 'internal_error', headers: { 'preference-applied': 'code=500' } } },
  { name: 'Prefer code=503 with retry-after → an Error body of its own and Retry-After', request: { path: '/v1/pets', headers: { ...auth, prefer: 'code=503, retry-after=2' } }, expect: { status: 503, code: 'service_unavailable', message: 'Service Unavailable (staged by the mock server)', headers: { 'retry-after': '2', 'preference-applied': 'code=503, retry-after=2' } } },
  { name: 'Prefer code=429 on a create → too_many_requests, nothing stored', request: { method: 'POST', path: '/v1/pets', headers: { ...json, prefer: 'code=429' }, body: '{"name":"Never","categoryId":1}' }, expect: { status: 429, code: 'too_many_requests' } },
  { name: 'Prefer code=599 → http_599', request: { path: '/v1/pets', headers: { ...auth, prefer: 'code=599' } }, expect: { status: 599, code: 'http_599' } },
  { name: 'Prefer retry-after without 429 or 503 → 400', request: { path: '/v1/pets', headers: { ...auth, prefer: 'code=500, retry-after=1' } }, expect: { status: 400, code: 'invalid_request', message: 'header.prefer: retry-after goes with code=429 or code=503' } },
  { name: 'a malformed Prefer code → 400', request: { path: '/v1/pets', headers: { ...auth, prefer: 'code=abc' } }, expect: { status: 400, code: 'invalid_request', message: 'header.prefer: code must be an error status from 400 to 599, got "abc"' } },
  { name: 'a success Prefer code → 400, not silently ignored', request: { path: '/v1/pets', headers: { ...auth, prefer: 'code=204' } }, expect: { status: 400, code: 'invalid_request', message: 'header.prefer: code must be an error status from 400 to 599, got "204"' } },
  { name: 'a redirect Prefer code → 400', request: { path: '/v1/pets', headers: { ...auth, prefer: 'code=302' } }, expect: { status: 400, code: 'invalid_request' } },
  { name: 'Prefer delay=20 still answers', request: { path: '/v1/pets?limit=1', headers: { ...auth, prefer: 'delay=20' } }, expect: { status: 200, ids: [1] } },
  // Faults armed from outside the app, and the requests the mock answered.
  { name: 'the admin API needs the key', request: { method: 'POST', path: '/__admin/faults', headers: { 'content-type': 'application/json' }, body: '{"status":503}' }, expect: { status: 401, code: 'unauthorized' } },
  { name: 'arm: the next two lists fail with 503 and Retry-After', request: { method: 'POST', path: '/__admin/faults', headers: json, body: '{"operation":"listPets","status":503,"retryAfter":1,"times":2}' }, expect: { status: 201, body: { id: 1, operation: 'listPets', status: 503, retryAfter: 1, remaining: 2 } } },
  { name: 'the armed fault is listed', request: { path: '/__admin/faults', headers: auth }, expect: { status: 200, body: [{ id: 1, operation: 'listPets', status: 503, retryAfter: 1, remaining: 2 }] } },
  { name: 'a list meets the fault', request: { path: '/v1/pets', headers: auth }, expect: { status: 503, code: 'service_unavailable', headers: { 'retry-after': '1' } } },
  { name: 'another operation does not', request: { path: '/v1/pets/1', headers: auth }, expect: { status: 200, headers: deprecated } },
  { name: 'the second list meets it too', request: { path: '/v1/pets?limit=1', headers: auth }, expect: { status: 503, code: 'service_unavailable' } },
  { name: 'then it is spent', request: { path: '/v1/pets?limit=1', headers: auth }, expect: { status: 200, ids: [1] } },
  { name: 'nothing is armed any more', request: { path: '/__admin/faults', headers: auth }, expect: { status: 200, body: [] } },
  { name: 'a documented status answers its example', request: { method: 'POST', path: '/__admin/faults', headers: json, body: '{"operation":"getPet","status":404}' }, expect: { status: 201 } },
  { name: '… as documented, deprecation headers included', request: { path: '/v1/pets/1', headers: auth }, expect: { status: 404, body: { code: 'not_found', message: 'No animal has id 42', status: 404 }, headers: deprecated } },
  { name: 'a malformed body with 200', request: { method: 'POST', path: '/__admin/faults', headers: json, body: '{"operation":"listPets","kind":"malformed"}' }, expect: { status: 201 } },
  { name: '… is not JSON', request: { path: '/v1/pets', headers: auth }, expect: { status: 200, text: /^\[\{"id":1,/ } },
  { name: 'an unknown operation → 400 naming it', request: { method: 'POST', path: '/__admin/faults', headers: json, body: '{"operation":"deletePet","status":500}' }, expect: { status: 400, code: 'invalid_request', message: 'body.operation: must be one of listPets, createPet, getPet' } },
  { name: 'a status out of range → 400', request: { method: 'POST', path: '/__admin/faults', headers: json, body: '{"status":302}' }, expect: { status: 400, code: 'invalid_request', message: 'body.status: must be an integer from 400 to 599' } },
  { name: 'times below 1 → 400', request: { method: 'POST', path: '/__admin/faults', headers: json, body: '{"status":500,"times":0}' }, expect: { status: 400, code: 'invalid_request', message: 'body.times: must be an integer from 1 to 1000' } },
  { name: 'neither status, kind nor delay → 400', request: { method: 'POST', path: '/__admin/faults', headers: json, body: '{"operation":"listPets"}' }, expect: { status: 400, code: 'invalid_request', message: 'body: give a status, a kind or a delayMs' } },
  { name: 'an unknown kind or field → 400', request: { method: 'POST', path: '/__admin/faults', headers: json, body: '{"kind":"explode","colour":1}' }, expect: { status: 400, code: 'invalid_request', message: /body\.kind: must be one of reset, empty, malformed, stall.*unknown field: colour/ } },
  { name: 'faults take no Prefer', request: { method: 'POST', path: '/__admin/faults', headers: { ...json, prefer: 'code=500' }, body: '{"status":500}' }, expect: { status: 400, code: 'invalid_request', message: /^header\.prefer: the admin API takes no Prefer header/ } },
  { name: 'PUT on faults → 405', request: { method: 'PUT', path: '/__admin/faults', headers: json, body: '{}' }, expect: { status: 405, code: 'method_not_allowed', headers: { allow: 'GET, POST, DELETE' } } },
  { name: 'an unknown admin path → 404', request: { path: '/__admin/mappings', headers: auth }, expect: { status: 404, code: 'route_not_found' } },
  { name: 'DELETE disarms everything', request: { method: 'DELETE', path: '/__admin/faults', headers: auth }, expect: { status: 204 } },
  // Overrides: answers staged per operation, checked against the contract.
  { name: 'stage the next two sold lists', request: { method: 'POST', path: '/__admin/overrides', headers: json, body: '{"operation":"listPets","body":[{"id":5,"name":"Staged","categoryId":2,"status":"sold"}],"times":2,"match":{"query":{"status":"sold"}}}' }, expect: { status: 201, matches: { id: 1, operation: 'listPets', remaining: 2, match: { query: { status: 'sold' } } } } },
  { name: 'the armed override is listed', request: { path: '/__admin/overrides', headers: auth }, expect: { status: 200, matches: [{ id: 1, operation: 'listPets', remaining: 2 }] } },
  { name: 'a list that does not match meets the store', request: { path: '/v1/pets?limit=1', headers: auth }, expect: { status: 200, ids: [1] } },
  { name: 'a matching list meets the override', request: { path: '/v1/pets?status=sold', headers: auth }, expect: { status: 200, body: [{ id: 5, name: 'Staged', categoryId: 2, status: 'sold' }] } },
  { name: 'stage a 404 for one animal, always, after a fault', request: { method: 'POST', path: '/__admin/faults', headers: json, body: '{"operation":"getPet","status":500}' }, expect: { status: 201 } },
  { name: '… the override', request: { method: 'POST', path: '/__admin/overrides', headers: json, body: '{"operation":"getPet","status":404,"body":{"code":"not_found","message":"Gone","status":404},"times":"always","match":{"petId":3}}' }, expect: { status: 201, matches: { remaining: 'always' } } },
  { name: 'the override wins over the fault', request: { path: '/v1/pets/3', headers: auth }, expect: { status: 404, body: { code: 'not_found', message: 'Gone', status: 404 }, headers: deprecated } },
  { name: '… and wins over Prefer', request: { path: '/v1/pets/3', headers: { ...auth, prefer: 'code=500' } }, expect: { status: 404, body: { code: 'not_found', message: 'Gone', status: 404 } } },
  { name: '… and left the fault for another animal', request: { path: '/v1/pets/4', headers: auth }, expect: { status: 500 } },
  { name: 'a Pet without id → 400 naming it', request: { method: 'POST', path: '/__admin/overrides', headers: json, body: '{"operation":"getPet","body":{"name":"Rex","categoryId":1}}' }, expect: { status: 400, code: 'invalid_request', message: 'body.body.id: must be an integer' } },
  { name: 'an id of the wrong type in a list → 400 naming it', request: { method: 'POST', path: '/__admin/overrides', headers: json, body: '{"operation":"listPets","body":[{"id":"1","name":"Rex","categoryId":1}]}' }, expect: { status: 400, code: 'invalid_request', message: 'body.body[0].id: must be an integer' } },
  { name: 'a success status the operation cannot answer → 400', request: { method: 'POST', path: '/__admin/overrides', headers: json, body: '{"operation":"listPets","status":201,"body":[]}' }, expect: { status: 400, code: 'invalid_request', message: 'body.status: listPets answers 200 on success, not 201' } },
  { name: 'an undocumented status → 400', request: { method: 'POST', path: '/__admin/overrides', headers: json, body: '{"operation":"listPets","status":404}' }, expect: { status: 400, code: 'invalid_request', message: /^body\.status: listPets does not answer 404; it documents 200, / } },
  { name: 'an Error body of another status → 400', request: { method: 'POST', path: '/__admin/overrides', headers: json, body: '{"operation":"getPet","status":404,"body":{"code":"not_found","message":"x","status":500}}' }, expect: { status: 400, code: 'invalid_request', message: 'body.body.status: must be 404, the status of the answer' } },
  { name: 'overrides take no unknown field → 400', request: { method: 'POST', path: '/__admin/overrides', headers: json, body: '{"operation":"getPet","delayMs":1,"colour":1}' }, expect: { status: 400, code: 'invalid_request', message: /unknown field: colour/ } },
  { name: 'a misspelt query parameter to match → 400 naming it and the known ones', request: { method: 'POST', path: '/__admin/overrides', headers: json, body: '{"operation":"listPets","body":[],"match":{"query":{"stauts":"sold"}}}' }, expect: { status: 400, code: 'invalid_request', message: 'body.match.query.stauts: listPets reads no such query parameter (did you mean status?); it reads limit, status' } },
  { name: 'a query value the contract refuses → 400 with its message', request: { method: 'POST', path: '/__admin/overrides', headers: json, body: '{"operation":"listPets","body":[],"match":{"query":{"status":"lost"}}}' }, expect: { status: 400, code: 'invalid_request', message: 'body.match.query.status: must be one of available, pending, sold' } },
  { name: 'a query to match on getPet → 400', request: { method: 'POST', path: '/__admin/overrides', headers: json, body: '{"operation":"getPet","status":500,"match":{"query":{"status":"sold"}}}' }, expect: { status: 400, code: 'invalid_request', message: 'body.match.query: getPet reads no query; only listPets does' } },
  { name: 'a limit to match is read as the contract reads it', request: { method: 'POST', path: '/__admin/overrides', headers: json, body: '{"operation":"listPets","body":[],"match":{"query":{"limit":"020"}}}' }, expect: { status: 201, matches: { operation: 'listPets', remaining: 1, match: { query: { limit: 20 } } } } },
  { name: '… and matches a list relying on the default limit', request: { path: '/v1/pets', headers: auth }, expect: { status: 200, body: [] } },
  { name: 'DELETE clears the overrides', request: { method: 'DELETE', path: '/__admin/overrides', headers: auth }, expect: { status: 204 } },
  { name: '… the animal is back', request: { path: '/v1/pets/3', headers: auth }, expect: { status: 200, matches: { id: 3 } } },
  { name: '… and none is listed', request: { path: '/__admin/overrides', headers: auth }, expect: { status: 200, body: [] } },
  { name: 'forget the requests so far', request: { method: 'DELETE', path: '/__admin/requests', headers: auth }, expect: { status: 204 } },
  { name: 'the app creates an animal', request: { method: 'POST', path: '/v1/pets', headers: { ...json, cookie: 'session=secret' }, body: '{"name":"Rex","categoryId":1}' }, expect: { status: 201 } },
  { name: 'the journal has it, once, without credentials', request: { path: '/__admin/requests?operation=createPet', headers: auth }, expect: { status: 200, matches: [{ method: 'POST', path: '/v1/pets', operation: 'createPet', query: {}, body: { name: 'Rex', categoryId: 1 }, status: 201, headers: { 'content-type': 'application/json' } }] } },
  { name: 'filters combine: method and status', request: { path: '/__admin/requests?method=POST&status=400', headers: auth }, expect: { status: 200, body: [] } },
  { name: 'a bad filter → 400', request: { path: '/__admin/requests?operation=nope', headers: auth }, expect: { status: 400, code: 'invalid_request', message: 'query.operation: must be one of listPets, createPet, getPet' } },
  { name: 'the app sends secrets in headers and the query', request: { path: '/v1/pets?limit=1&api_key=k1&access_token=t1&name=Rex', headers: { ...auth, 'x-api-key': 'k2', 'x-session-id': 's1', 'x-request-id': 'kept-1' } }, expect: { status: 200, ids: [1] } },
  { name: 'the journal keeps their names, never their values', request: { path: '/__admin/requests?operation=listPets', headers: auth }, expect: { status: 200, matches: [{ query: { limit: '1', api_key: '[redacted]', access_token: '[redacted]', name: 'Rex' }, headers: { authorization: '[redacted]', 'x-api-key': '[redacted]', 'x-session-id': '[redacted]', 'x-request-id': 'kept-1' } }] } },
  { name: 'limit lists the newest', request: { path: '/__admin/requests?limit=1', headers: auth }, expect: { status: 200, matches: [{ operation: 'listPets' }] } },
  { name: 'since a time past lists every one, newest last', request: { path: '/__admin/requests?since=2000-01-01T00:00:00Z', headers: auth }, expect: { status: 200, matches: [{ operation: 'createPet' }, { operation: 'listPets' }] } },
  { name: 'since a time to come lists none', request: { path: '/__admin/requests?since=2999-01-01T00:00:00.000%2B01:00', headers: auth }, expect: { status: 200, body: [] } },
  { name: 'a bad limit → 400 naming it', request: { path: '/__admin/requests?limit=0', headers: auth }, expect: { status: 400, code: 'invalid_request', message: 'query.limit: must be an integer from 1 to 1000000' } },
  { name: 'a since without a zone → 400 naming it', request: { path: '/__admin/requests?since=2026-11-25T10:00:00', headers: auth }, expect: { status: 400, code: 'invalid_request', message: 'query.since: must be an ISO 8601 time with a zone, e.g. 2026-11-25T10:00:00.000Z' } },

  // Resetting to a store the test needs.
  { name: 'reset to two generated animals', request: { method: 'POST', path: '/__admin/reset', headers: json, body: '{"seed":2}' }, expect: { status: 204 } },
  { name: '… the store has them alone', request: { path: '/v1/pets', headers: auth }, expect: { status: 200, ids: [1, 2] } },
  { name: 'reset to animals of its own', request: { method: 'POST', path: '/__admin/reset', headers: json, body: '{"seed":[{"id":7,"name":"Solo","categoryId":3}]}' }, expect: { status: 204 } },
  { name: '… and the journal was emptied by it', request: { path: '/__admin/requests', headers: auth }, expect: { status: 200, ids: [] } },
  { name: '… the store has that one', request: { path: '/v1/pets', headers: auth }, expect: { status: 200, body: [{ id: 7, name: 'Solo', categoryId: 3, status: 'available' }] } },
  { name: 'reset to an animal with the largest id', request: { method: 'POST', path: '/__admin/reset', headers: json, body: '{"seed":[{"id":9007199254740991,"name":"Last","categoryId":1}]}' }, expect: { status: 204 } },
  { name: '… a create finds no id left → 409', request: { method: 'POST', path: '/v1/pets', headers: json, body: '{"name":"One more","categoryId":1}' }, expect: { status: 409, code: 'id_space_exhausted', message: /^No id is left for a new animal: the last one has id 9007199254740991, the largest an id can be \(2\^53-1\)\. Nothing was stored;/ } },
  { name: '… and stores nothing', request: { path: '/v1/pets', headers: auth }, expect: { status: 200, ids: [9007199254740991] } },
  { name: 'a seed id past the largest → 400 naming it', request: { method: 'POST', path: '/__admin/reset', headers: json, body: '{"seed":[{"id":9007199254740992,"name":"Over","categoryId":1}]}' }, expect: { status: 400, code: 'invalid_request', message: `body.seed[0].id: ${ID_RANGE}` } },
  { name: 'a seed animal without an id after the largest → 400 naming it', request: { method: 'POST', path: '/__admin/reset', headers: json, body: '{"seed":[{"id":9007199254740991,"name":"Last","categoryId":1},{"name":"Over","categoryId":1}]}' }, expect: { status: 400, code: 'invalid_request', message: 'body.seed[1].id: would be 9007199254740992, after 9007199254740991, the largest an id can be (2^53-1); give the animals lower ids' } },
  { name: 'a seed out of range → 400', request: { method: 'POST', path: '/__admin/reset', headers: json, body: '{"seed":-1}' }, expect: { status: 400, code: 'invalid_request', message: 'body.seed: must be an integer from 0 to 1000000, or an array of animals' } },
  { name: 'a bad seed animal → 400 naming it', request: { method: 'POST', path: '/__admin/reset', headers: json, body: '{"seed":[{"name":"","categoryId":1}]}' }, expect: { status: 400, code: 'invalid_request', message: 'body.seed[0].name: must not be empty' } },
  { name: 'a reset body that is not JSON → 415', request: { method: 'POST', path: '/__admin/reset', headers: { ...auth, 'content-type': 'text/plain' }, body: 'seed=2' }, expect: { status: 415, code: 'unsupported_media_type' } },
  { name: 'reset needs the key', request: { method: 'POST', path: '/__admin/reset' }, expect: { status: 401, code: 'unauthorized' } },
  { name: 'reset takes POST only', request: { path: '/__admin/reset', headers: auth }, expect: { status: 405, code: 'method_not_allowed', headers: { allow: 'POST' } } },
  { name: 'reset → 204', request: { method: 'POST', path: '/__admin/reset', headers: auth }, expect: { status: 204 } },
  { name: 'after reset only the seed is left', request: { path: '/v1/pets?limit=100', headers: auth }, expect: { status: 200, ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] } },
  { name: 'after reset ids continue after the seed', request: { method: 'POST', path: '/v1/pets', headers: json, body: '{"name":"Fresh","categoryId":3}' }, expect: { status: 201, body: { id: 13, name: 'Fresh', categoryId: 3, status: 'available' } } },
];
