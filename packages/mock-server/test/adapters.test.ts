import { createHandlers } from '@petstore/mock-server/msw';
import { startMockServer, type MockServer } from '@petstore/mock-server';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCases, type ApiCase, type CaseRequest } from './api-cases.js';

interface Reply {
  status: number;
  headers: Headers;
  text: string;
}

type Send = (request: CaseRequest) => Promise<Reply>;

async function sendTo(origin: string, request: CaseRequest): Promise<Reply> {
  const response = await fetch(`${origin}${request.path}`, {
    method: request.method ?? 'GET',
    headers: request.headers ?? {},
    body: request.body ?? null,
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

function check(testCase: ApiCase, reply: Reply): void {
  const { expect: expected } = testCase;
  expect(reply.status, testCase.name).toBe(expected.status);
  expect(reply.headers.get('x-request-id')).toBeTruthy();
  if (reply.status === 204) {
    expect(reply.text).toBe('');
  } else if (expected.text !== undefined) {
    if (typeof expected.text === 'string') expect(reply.text).toBe(expected.text);
    else expect(reply.text).toMatch(expected.text);
    expect(() => JSON.parse(reply.text) as unknown).toThrow(SyntaxError);
  } else {
    expect(reply.headers.get('content-type')).toBe('application/json');
    const body = JSON.parse(reply.text) as unknown;
    if (reply.status >= 400) {
      // Every error: the spec's Error body, its status equal to the HTTP status.
      expect(body).toEqual({ code: expect.any(String), message: expect.any(String), status: reply.status });
    }
    if (expected.code !== undefined) expect((body as { code: string }).code).toBe(expected.code);
    if (expected.message !== undefined) {
      const message = (body as { message: string }).message;
      if (typeof expected.message === 'string') expect(message).toBe(expected.message);
      else expect(message).toMatch(expected.message);
    }
    if (expected.body !== undefined) expect(body).toEqual(expected.body);
    if (expected.matches !== undefined) expect(body).toMatchObject(expected.matches as object);
    if (expected.ids !== undefined) expect((body as { id: number }[]).map((pet) => pet.id)).toEqual(expected.ids);
  }
  for (const [name, value] of Object.entries(expected.headers ?? {})) {
    const actual = reply.headers.get(name);
    if (typeof value === 'string') expect(actual, name).toBe(value);
    else expect(actual, name).toMatch(value);
  }
  for (const name of expected.withoutHeaders ?? []) expect(reply.headers.get(name), name).toBeNull();
}

/** Runs the whole table, in order, through one transport. */
function runCases(send: () => Send): void {
  for (const testCase of apiCases) {
    it(testCase.name, async () => {
      check(testCase, await send()(testCase.request));
    });
  }
}

describe('Node http server', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockServer({ port: 0 });
  });
  afterAll(() => server.close());

  runCases(() => (request) => sendTo(server.origin, request));
});

describe('MSW handlers (setupServer)', () => {
  const origin = 'http://petstore.test';
  const mocks = setupServer(...createHandlers({ baseUrl: `${origin}/v1` }));
  beforeAll(() => mocks.listen({ onUnhandledFrame: 'error' }));
  afterAll(() => mocks.close());

  runCases(() => (request) => sendTo(origin, request));
});
