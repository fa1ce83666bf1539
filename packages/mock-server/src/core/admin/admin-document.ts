import { createOpenApiDocument } from '@petstore/sdk/openapi';
import * as z from 'zod/mini';
import { ADMIN_FAULTS_PATH, ADMIN_OVERRIDES_PATH, ADMIN_REQUESTS_PATH, ADMIN_RESET_PATH, MAX_RESET_SEED } from './admin.js';
import { ArmedFault, FaultSpec, MAX_ARMED_FAULTS } from '../staged/faults.js';
import { MAX_ARMED_OVERRIDES, MAX_OVERRIDE_BYTES, OverrideSpec } from '../staged/overrides.js';
import { MAX_RECORDED_HEADERS } from '../journal/kept-headers.js';
import { MAX_JOURNAL_BYTES, MAX_RECORDED_TEXT_BYTES, RecordedRequest, RequestFilter } from '../journal/recorded-requests.js';
import { DEFAULT_SEED_COUNT } from '../api/seed.js';
import { ADMIN_SESSIONS_PATH, SESSION_NAME, SessionInfo, SESSIONS_PATH } from './session-admin.js';

type JsonObject = Record<string, unknown>;

/** A zod schema as an OpenAPI 3.1 schema (JSON Schema 2020-12 without its dialect marker). */
function schemaOf(schema: z.ZodMiniType): JsonObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as JsonObject;
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ref('Error') } } });
const jsonResponse = (description: string, schema: JsonObject) => ({ description, content: { 'application/json': { schema } } });
const noContent = { description: 'Done.' };
const common = { '400': errorResponse('A parameter or the body is invalid, or a Prefer header was sent.'), '401': errorResponse('Missing or invalid API key.') };

// Relative: "Try it out" on /docs goes to the server that serves the page, whatever its port.
const servers = [{ url: '/', description: 'This mock server (petstore-mock); not part of the service.' }];
const security = [{ bearerAuth: [] }];
const tags = ['admin'];

/** The schemas the admin paths name, from the mock's own zod schemas. */
function adminSchemas(): JsonObject {
  return {
    FaultSpec: schemaOf(FaultSpec),
    ArmedFault: schemaOf(ArmedFault),
    RecordedRequest: schemaOf(RecordedRequest),
    OverrideSpec: schemaOf(OverrideSpec),
    SessionInfo: schemaOf(SessionInfo),
    ArmedOverride: {
      allOf: [ref('OverrideSpec'), { type: 'object', required: ['id', 'remaining'], properties: { id: { type: 'integer' }, remaining: { oneOf: [{ type: 'integer' }, { const: 'always' }] } } }],
    },
  };
}

/** `POST /__admin/reset`. */
const resetPath = (): JsonObject => ({
  servers,
  post: {
    operationId: 'resetMock',
    tags,
    security,
    summary: 'Reset the store',
    description: `Restores the server's seed, or the one given; clears every override and fault and forgets the recorded requests. \`seed\`: a number of generated animals (0 to ${MAX_RESET_SEED}) or an array of animals.`,
    requestBody: {
      required: false,
      content: { 'application/json': { example: { seed: DEFAULT_SEED_COUNT }, schema: { type: 'object', additionalProperties: false, required: ['seed'], properties: { seed: { oneOf: [{ type: 'integer', minimum: 0, maximum: MAX_RESET_SEED }, { type: 'array', items: ref('NewPet') }] } } } } },
    },
    responses: { '204': noContent, ...common, '415': errorResponse('A body that is not application/json.') },
  },
});

/** `/__admin/faults`: list, arm, disarm. */
const faultsPath = (): JsonObject => ({
  servers,
  get: { operationId: 'listFaults', tags, security, summary: 'List armed faults', responses: { '200': jsonResponse('The armed faults, oldest first.', { type: 'array', items: ref('ArmedFault') }), ...common } },
  post: {
    operationId: 'armFault',
    tags,
    security,
    summary: 'Arm a fault',
    description: `The next \`times\` requests of \`operation\` (any operation without it) fail with \`status\`, or below HTTP as \`kind\` says, after \`delayMs\`. At most ${MAX_ARMED_FAULTS} faults are armed at once: past that, a 400.`,
    requestBody: { required: true, content: { 'application/json': { example: { operation: 'listPets', status: 503, times: 1 }, schema: ref('FaultSpec') } } },
    responses: { '201': jsonResponse('The armed fault.', ref('ArmedFault')), ...common, '415': errorResponse('A body that is not application/json.') },
  },
  delete: { operationId: 'disarmFaults', tags, security, summary: 'Disarm every fault', responses: { '204': noContent, ...common } },
});

/** `/__admin/overrides`: list, stage, clear. */
const overridesPath = (): JsonObject => ({
  servers,
  get: { operationId: 'listOverrides', tags, security, summary: 'List armed overrides', responses: { '200': jsonResponse('The armed overrides, oldest first.', { type: 'array', items: ref('ArmedOverride') }), ...common } },
  post: {
    operationId: 'armOverride',
    tags,
    security,
    summary: 'Stage an answer',
    description: `The next \`times\` requests of \`operation\` (\`"always"\`: until cleared) that match \`match\` (a path id, query values) are answered with \`status\` and \`body\`, or fail below HTTP as \`kind\` says, after \`delayMs\`. Checked against the contract: a body the operation could not answer (\`body.body[0].id: must be an integer\`), a status it does not document, an Error body whose \`status\` differs is a 400. Overrides win over faults and \`Prefer\`. \`match.query\` takes parameters of \`listPets\` with values it accepts, compared as the contract reads the request (defaults applied). At most ${MAX_ARMED_OVERRIDES} are armed at once, holding at most ${MAX_OVERRIDE_BYTES / 1024 / 1024} MiB of bodies (less in a session): past either, a 400.`,
    requestBody: { required: true, content: { 'application/json': { example: { operation: 'listPets', body: [], times: 1, match: { query: { status: 'sold' } } }, schema: ref('OverrideSpec') } } },
    responses: { '201': jsonResponse('The armed override.', ref('ArmedOverride')), ...common, '415': errorResponse('A body that is not application/json.') },
  },
  delete: { operationId: 'clearOverrides', tags, security, summary: 'Clear every override', responses: { '204': noContent, ...common } },
});

/** `/__admin/requests`: the journal. */
const requestsPath = (): JsonObject => ({
  servers,
  get: {
    operationId: 'listRequests',
    tags,
    security,
    summary: 'The requests the mock answered',
    description: `Newest last; the admin API's own requests are not recorded. Filters combine. The journal keeps ${MAX_RECORDED_TEXT_BYTES / 1024} KiB of each body (beyond it, the text cut there and \`truncated\`), at most ${MAX_RECORDED_HEADERS} headers (the rest counted in \`headersOmitted\`), and ${MAX_JOURNAL_BYTES / 1024 / 1024} MiB in all as V8 keeps it (the oldest go first); values of headers and query parameters whose names say they hold a secret are \`[redacted]\`. A parameter not listed here is a 400 naming it.`,
    parameters: Object.entries(schemaOf(RequestFilter)['properties'] as Record<string, JsonObject>).map(([name, { description, ...schema }]) => ({ name, in: 'query', required: false, description, schema })),
    responses: { '200': jsonResponse('The recorded requests.', { type: 'array', items: ref('RecordedRequest') }), ...common },
  },
  delete: { operationId: 'forgetRequests', tags, security, summary: 'Forget the recorded requests', responses: { '204': noContent, ...common } },
});

/** `GET /__admin/sessions`. */
const sessionsPath = (): JsonObject => ({
  servers,
  get: {
    operationId: 'listSessions',
    tags,
    security,
    summary: 'The sessions',
    description: `petstore-mock only. A session is an isolated copy of the API at \`${SESSIONS_PATH}/NAME/v1\` (its admin API at \`${SESSIONS_PATH}/NAME/__admin\`), created by its first request with an accepted key: a store from the server's seed, overrides, faults and a journal of its own. It ends by \`DELETE\` here or after the server's idle time without a request. NAME: 1 to 64 of A-Z, a-z, 0-9, \`_\`, \`-\`.`,
    responses: { '200': jsonResponse('The live sessions, oldest first.', { type: 'array', items: ref('SessionInfo') }), ...common },
  },
});

/** `DELETE /__admin/sessions/{name}`. */
const sessionPath = (): JsonObject => ({
  servers,
  delete: {
    operationId: 'endSession',
    tags,
    security,
    summary: 'End a session',
    description: 'petstore-mock only. Its store, overrides, faults and journal are gone; its next request starts a new one.',
    parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string', pattern: SESSION_NAME.source } }],
    responses: { '204': noContent, ...common, '404': errorResponse('No session of that name.') },
  },
});

/**
 * The OpenAPI document the mock serves: the API's own (from the contract), plus
 * the mock's admin API under the `admin` tag. The admin paths sit outside `/v1`,
 * so each names the server root. The published `openapi.json` stays the
 * service's, without them.
 */
export function createMockOpenApiDocument(): JsonObject {
  const document = createOpenApiDocument();
  const components = document['components'] as { schemas: JsonObject };
  Object.assign(components.schemas, adminSchemas());
  document['tags'] = [...(document['tags'] as JsonObject[]), { name: 'admin', description: 'Test controls of the mock server: reset, staged overrides and faults, the requests it answered.' }];
  Object.assign(document['paths'] as JsonObject, {
    [ADMIN_RESET_PATH]: resetPath(),
    [ADMIN_FAULTS_PATH]: faultsPath(),
    [ADMIN_OVERRIDES_PATH]: overridesPath(),
    [ADMIN_REQUESTS_PATH]: requestsPath(),
    [ADMIN_SESSIONS_PATH]: sessionsPath(),
    [`${ADMIN_SESSIONS_PATH}/{name}`]: sessionPath(),
  });
  // The path items share their small parts (servers, security, the common errors): a caller that edits its copy changes no other.
  return structuredClone(document);
}
