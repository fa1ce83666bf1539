import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { run } from '@petstore/cli';
import { DEV_API_KEY, startMockServer, type MockServer } from '@petstore/mock-server';
import { PetstoreClient } from '@petstore/sdk';
import { CONFORMANCE_CASES, createRunState, forAnyDeployment, UNCHECKED_STATUSES, type OperationStatus } from '@petstore/sdk/conformance';
import { definitionOf, OPERATION_IDS, OPERATIONS, writes, type OperationId } from '@petstore/sdk/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

/**
 * The guard of the operations table: every operation of the contract is
 * routed, documented, covered by conformance cases, allowed by CORS and
 * reachable from the SDK and from a CLI command. A new operation fails here
 * (or does not compile: each table below is keyed by OperationId) until each
 * of those follows, or the table says why it does not.
 */

/** Why an operation is not reachable from a surface, instead of a way to reach it. */
interface Excluded {
  excluded: string;
}

/** How the SDK calls each operation. */
const SDK_CALLS: Record<OperationId, ((client: PetstoreClient) => PromiseLike<unknown>) | Excluded> = {
  listPets: (client) => client.pets.list({ limit: 1 }),
  createPet: (client) => client.pets.create({ name: 'Guard', categoryId: 1 }),
  getPet: (client) => client.pets.get(1),
};

/** The `petstore` command line that calls each operation. */
const CLI_CALLS: Record<OperationId, readonly string[] | Excluded> = {
  listPets: ['pets', 'list', '--limit', '100'],
  createPet: ['pets', 'create', '--name', 'Guard', '--category-id', '1'],
  getPet: ['pets', 'get', '1'],
};

const document = JSON.parse(readFileSync(new URL('../packages/sdk/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown>; requestBody?: { content: Record<string, { schema: object }> } }>>;
  components: object;
};

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ port: 0 });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

/** The path of `operation` with each parameter `1`. */
const pathOf = (operation: OperationId): string => OPERATIONS[operation].path.replace(/\{[^}]+\}/g, '1');

/** The operations the server's journal says its last requests reached. */
const reached = (): (OperationId | undefined)[] => server.requests.list().map((request) => request.operation);

async function runCli(argv: readonly string[]): Promise<{ code: number; stderr: string; stdout: string }> {
  let stderr = '';
  let stdout = '';
  const code = await run([...argv], {
    env: { PETSTORE_BASE_URL: server.url, PETSTORE_API_KEY: DEV_API_KEY, PETSTORE_CONFIG_DIR: '/nonexistent/petstore-guard', PETSTORE_NO_DEPRECATION_WARNING: '1' },
    stdout: { write: (text: string) => (stdout += text), isTTY: false },
    stderr: { write: (text: string) => (stderr += text), isTTY: false },
    stdin: Object.assign(Readable.from(['']), { isTTY: false }),
  });
  return { code, stderr, stdout };
}

describe.each(OPERATION_IDS)('operation %s', (operation) => {
  const { method, path, success, errors } = OPERATIONS[operation];

  it(`is routed: ${method} ${path} reaches it on the mock server`, async () => {
    const response = await fetch(`${server.url}${pathOf(operation)}`, { method, headers: { authorization: `Bearer ${DEV_API_KEY}` } });
    await response.body?.cancel();
    expect(reached(), `answered ${response.status}`).toEqual([operation]);
  });

  it('is in the OpenAPI document at its method and path, with each documented status', () => {
    const documented = document.paths[path]?.[method.toLowerCase()];
    expect(documented?.operationId).toBe(operation);
    expect(Object.keys(documented?.responses ?? {})).toEqual([success.status, ...errors].map(String));
  });

  it('has a conformance case any deployment is checked with for each documented status, or says why not', () => {
    const uncovered = [success.status, ...errors].filter(
      (status) => !CONFORMANCE_CASES.some((item) => forAnyDeployment(item) && item.operation === operation && item.status === status) && UNCHECKED_STATUSES[`${operation} ${status}` as OperationStatus] === undefined,
    );
    expect(uncovered).toEqual([]);
  });

  // Only an operation that takes a body has one to compare.
  if (definitionOf(operation).body) it('has a documented request body that refuses what its 400 cases send and takes what its 2xx cases send', () => {
    const schema = document.paths[path]?.[method.toLowerCase()]?.requestBody?.content['application/json']?.schema;
    // The document's components beside the body's schema, so that its $refs resolve; formats (int64) are words, not checks.
    const valid = new Ajv2020({ strict: false, validateFormats: false }).compile({ ...schema, components: document.components });
    const state = createRunState('petstore-verify-guard');
    const sent = CONFORMANCE_CASES.flatMap((item) => {
      // The cases any deployment is checked with: the mock's own stage answers (Prefer, a full store) whatever the body.
      const planned = item.operation === operation && forAnyDeployment(item) ? item.plan(state) : { skip: 'not this operation' };
      return 'skip' in planned || planned.body === undefined || planned.auth !== 'key' || (item.status !== 400 && item.status >= 300) ? [] : [{ id: item.id, status: item.status, body: planned.body }];
    });
    expect(sent.filter((item) => item.status === 400).length, 'cases that send a refused body').toBeGreaterThan(0);
    // A rule the contract checks but zod's JSON Schema leaves out (a refinement) shows here as a 400 case the document accepts.
    expect(sent.filter((item) => valid(item.body) !== (item.status < 300)).map((item) => item.id)).toEqual([]);
  });

  it(`is allowed by a CORS preflight from a loopback page (${method})`, async () => {
    const response = await fetch(`${server.url}${pathOf(operation)}`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': method, 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(response.status).toBe(204);
    const allowed = (response.headers.get('access-control-allow-methods') ?? '').split(/,\s*/);
    expect(allowed).toContain(method);
  });

  const sdk = SDK_CALLS[operation];
  it.skipIf('excluded' in sdk)(`is reachable from the SDK${'excluded' in sdk ? ` (excluded: ${sdk.excluded})` : ''}`, async () => {
    if ('excluded' in sdk) return;
    const client = new PetstoreClient({ baseUrl: server.url, apiKey: DEV_API_KEY, deprecationWarnings: false, logger: { warn: () => {} } });
    await sdk(client);
    expect(reached()).toEqual([operation]);
  });

  const cli = CLI_CALLS[operation];
  it.skipIf('excluded' in cli)(`is reachable from a petstore command${'excluded' in cli ? ` (excluded: ${cli.excluded})` : ''}`, async () => {
    if ('excluded' in cli) return;
    const { code, stderr } = await runCli(cli);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(reached()).toEqual([operation]);
  });

  // A write's command shows what it would send and sends nothing: the request as the table makes it, a body only where it takes one.
  if (writes(operation) && !('excluded' in cli)) {
    it('has a --dry-run that sends nothing and shows the request', async () => {
      const { code, stdout } = await runCli([...cli, '--dry-run', '--json']);
      expect(code).toBe(0);
      expect(reached()).toEqual([]);
      const planned = JSON.parse(stdout) as { method: string; url: string; body?: unknown };
      expect({ method: planned.method, url: planned.url, hasBody: 'body' in planned }).toEqual({ method, url: `${server.url}${pathOf(operation)}`, hasBody: 'body' in OPERATIONS[operation] });
    });
  }

  // A removal cannot be undone: its command (called with --yes above) refuses off a terminal without it, and sends nothing.
  if (definitionOf(operation).effect === 'removes' && !('excluded' in cli)) {
    it('asks before it removes: without --yes and off a terminal it is a usage error naming --yes', async () => {
      const { code, stderr } = await runCli(cli.filter((word) => word !== '--yes'));
      expect(code).toBe(2);
      expect(stderr).toContain('--yes');
      expect(reached()).toEqual([]);
    });
  }
});
