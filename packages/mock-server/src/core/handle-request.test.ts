import { describe, expect, it } from 'vitest';
import { toResponse } from '../web/web-exchange.js';
import { DEV_API_KEY } from './api/api-keys.js';
import type { MockRequest } from './api/exchange.js';
import { handleRequest } from './handle-request.js';
import { createMockApiParts, type Staging } from './mock-api-parts.js';

/** Staging as a table would give it in which createPet answers 204 with no body. */
const BODILESS: Staging = {
  documentedOf: () => ({ success: { status: 204, body: undefined }, errors: new Map(), statuses: new Set([204, 400, 401, 500]) }),
  successOf: () => ({ status: 204 }),
};

/** A request with the key: a create, unless `path` and `body` say otherwise. */
function request(path = '/v1/pets', body: unknown = { name: 'Rex', categoryId: 1 }): MockRequest {
  return {
    method: 'POST',
    path,
    query: '',
    headers: { authorization: `Bearer ${DEV_API_KEY}`, 'content-type': 'application/json' },
    readBody: () => Promise.resolve(new TextEncoder().encode(JSON.stringify(body))),
  };
}

/** The web Response the in-process fetch and the MSW handlers make of the core's answer. */
const onTheWeb = (answer: Awaited<ReturnType<typeof handleRequest>>) => toResponse(answer, new Request('http://mock.test/v1/pets', { method: 'POST' }));

describe('handleRequest for an operation whose success has no body', () => {
  it('answers a staged success with its status and no body, through the core and the fetch transport', async () => {
    const parts = createMockApiParts({ seed: 0 }, BODILESS);
    parts.overrides.next('createPet', { status: 204 } as never);
    const answer = await handleRequest(parts, request());
    expect(answer).toMatchObject({ status: 204, body: undefined });
    expect(answer.headers['content-type']).toBeUndefined();
    const response = onTheWeb(answer);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(parts.requests.list()).toMatchObject([{ operation: 'createPet', status: 204 }]);
  });

  it('refuses a malformed fault armed for it over the admin API, with a 400 naming the field', async () => {
    const parts = createMockApiParts({ seed: 0 }, BODILESS);
    const answer = await handleRequest(parts, request('/__admin/faults', { operation: 'createPet', kind: 'malformed' }));
    expect(answer.status).toBe(400);
    expect(answer.error?.message).toBe('body.kind: createPet answers 204 with no body, so there is none to cut for "malformed"; stage "reset" or "empty"');
    expect(parts.faults.list()).toEqual([]);
  });

  it.each(['malformed', 'stall'] as const)('answers a %s fault armed for every operation as an empty reply: a network error on the web', async (kind) => {
    const parts = createMockApiParts({ seed: 0 }, BODILESS);
    parts.faults.arm({ kind });
    const answer = await handleRequest(parts, request());
    expect(answer).toMatchObject({ status: 0, fault: 'empty' });
    expect(onTheWeb(answer).type).toBe('error');
  });
});
