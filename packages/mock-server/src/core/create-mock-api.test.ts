import { describe, expect, it } from 'vitest';
import { DEV_API_KEY } from './api/api-keys.js';
import type { MockRequest } from './api/exchange.js';
import { createMockApi } from './create-mock-api.js';

/** A create, its signal counted each time the core asks for it. */
function countedCreate(prefer?: string): { request: MockRequest; asked: () => number; abort: () => void } {
  const controller = new AbortController();
  let asked = 0;
  const headers: Record<string, string> = { authorization: `Bearer ${DEV_API_KEY}`, 'content-type': 'application/json', ...(prefer && { prefer }) };
  const request: MockRequest = {
    method: 'POST',
    path: '/v1/pets',
    query: '',
    headers,
    readBody: () => Promise.resolve(new TextEncoder().encode('{"name":"Rex","categoryId":1}')),
    get signal() {
      asked++;
      return controller.signal;
    },
  };
  return { request, asked: () => asked, abort: () => controller.abort() };
}

describe('createMockApi: the staged delay and the request signal', () => {
  it('asks for the signal only when a delay is staged: a transport may make it lazily', async () => {
    const api = createMockApi({ seed: 0 });
    const plain = countedCreate();
    expect((await api.handle(plain.request)).status).toBe(201);
    expect(plain.asked()).toBe(0);
    const delayed = countedCreate('delay=1');
    expect((await api.handle(delayed.request)).status).toBe(201);
    expect(delayed.asked()).toBe(1);
  });

  it('an abort during the delay answers 499 client_closed_request: the operation does not run, the request is journalled', async () => {
    const api = createMockApi({ seed: 0 });
    const delayed = countedCreate('delay=60000');
    const answer = api.handle(delayed.request);
    delayed.abort();
    expect(await answer).toMatchObject({ status: 499, error: { code: 'client_closed_request' } });
    expect(api.store.size).toBe(0);
    expect(api.requests.list()).toMatchObject([{ operation: 'createPet', status: 499 }]);
  });
});

describe('createMockApi: the journal after a reset', () => {
  it('does not record a request that arrived before the reset and was answered after it', async () => {
    const api = createMockApi({ seed: 0 });
    const delayed = countedCreate('delay=60000');
    const answer = api.handle(delayed.request);
    api.reset();
    delayed.abort();
    expect((await answer).status).toBe(499);
    expect(api.requests.list()).toEqual([]);
    // What arrives after the reset is recorded as ever.
    expect((await api.handle(countedCreate().request)).status).toBe(201);
    expect(api.requests.list().map(({ status }) => status)).toEqual([201]);
  });
});

describe('createMockApi: a failure below HTTP answers the operation\'s success status', () => {
  it.each(['malformed', 'stall'] as const)('a %s create answers 201, as createPet succeeds', async (kind) => {
    const api = createMockApi({ seed: 0 });
    api.faults.next('createPet', { kind });
    const answer = await api.handle(countedCreate().request);
    expect(answer.status).toBe(201);
    // A stall's adapter sends half of the body; a malformed answer is that half already.
    if (kind === 'stall') expect(answer.fault).toBe('stall');
    else expect(() => JSON.parse(answer.body ?? '') as unknown).toThrow(SyntaxError);
  });
});
