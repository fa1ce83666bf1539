// A call whose operation's success has no body (as a DELETE's 204 would), built
// here from a row of its own (the contract's table has no such operation yet),
// against a small server on 127.0.0.1; and a call that expects a body meeting a 204.
import { ResponseValidationError, type ClientOptions, type ResponseValidation } from '@petstore/sdk';
import type { OperationDefinition } from '@petstore/sdk/contract';
import { describe, expect, it } from 'vitest';
import type { CallOf } from '../src/client/call.js';
import { createHttpClient } from '../src/client/http-client.js';
import { createResponseParsers } from '../src/client/response-validation.js';
import { failure, silentLogger, startServer, type TestServer } from './support/test-server.js';

/** A row whose success has no body. */
const REMOVE_PET = {
  method: 'DELETE',
  path: '/pets/{petId}',
  success: { status: 204 },
  effect: 'removes',
  errors: [401, 404, 500],
} as const satisfies OperationDefinition;

const removeCall: CallOf<'removePet', typeof REMOVE_PET, undefined> = {
  operationId: 'removePet',
  method: REMOVE_PET.method,
  path: 'pets/7',
  effect: REMOVE_PET.effect,
};

// @ts-expect-error a call whose success has no body takes no parse
const withParse: CallOf<'removePet', typeof REMOVE_PET, undefined> = { ...removeCall, parse: () => undefined };
void withParse;
// @ts-expect-error its data is undefined, not an animal
const asPet: CallOf<'removePet', typeof REMOVE_PET, { id: number }> = removeCall;
void asPet;

/** The client's `send`, as PetstoreClient assembles it, for `validation`. */
function sendFor(server: TestServer, validation: ResponseValidation, options: ClientOptions = {}) {
  const { parseJson, parseNone } = createResponseParsers(validation, silentLogger);
  return createHttpClient(options, {
    baseUrl: `${server.url}/`,
    apiKey: 'test-key',
    logger: silentLogger,
    parseJson,
    parseNone,
    onDeprecation: () => {},
  }).send;
}

/** A server that answers every request with `status` and `body` ('' for none). */
const answering = (status: number, body: string) =>
  startServer((_request, response) => {
    response.writeHead(status, body ? { 'content-type': 'application/json' } : {});
    response.end(body || undefined);
  });

describe('a call whose success has no body', () => {
  for (const validation of ['strict', 'tolerant', 'off'] as const) {
    it(`gives undefined for an empty 204 (${validation}), sent once with its method`, async () => {
      const server = await answering(204, '');
      const result = await sendFor(server, validation)(removeCall);
      expect(result.data).toBeUndefined();
      expect(result.response.status).toBe(204);
      expect(server.received.map(({ method, url }) => `${method} ${url}`)).toEqual(['DELETE /v1/pets/7']);
    });

    it(`gives undefined for an empty 200 (${validation})`, async () => {
      const server = await answering(200, '');
      await expect(sendFor(server, validation)(removeCall).then((result) => result.data)).resolves.toBeUndefined();
    });
  }

  for (const validation of ['strict', 'tolerant'] as const) {
    it(`is a ResponseValidationError when a body comes anyway (${validation})`, async () => {
      const server = await answering(200, '{"id":7}');
      const error = await failure(sendFor(server, validation)(removeCall));
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect((error as Error).message).toBe(`DELETE ${server.url}/pets/7: the 200 response has a body; none was expected`);
      expect((error as ResponseValidationError).rawBody).toBe('{"id":7}');
    });
  }

  it("ignores a body that comes anyway with validation 'off'", async () => {
    const server = await answering(200, '{"id":7}');
    await expect(sendFor(server, 'off')(removeCall).then((result) => result.data)).resolves.toBeUndefined();
  });

  it('is never retried, its effect being a write', async () => {
    const server = await answering(503, '{"code":"unavailable","message":"down","status":503}');
    await failure(sendFor(server, 'tolerant', { maxRetries: 3 })(removeCall));
    expect(server.requests).toBe(1);
  });
});

describe('a call whose success has a body', () => {
  for (const validation of ['strict', 'tolerant', 'off'] as const) {
    it(`meeting an empty 204 is a ResponseValidationError that says the body is missing (${validation})`, async () => {
      const server = await answering(204, '');
      const error = await failure(
        sendFor(server, validation)({ operationId: 'getPet', method: 'GET', path: 'pets/7', effect: 'reads', parse: (body) => body }),
      );
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect((error as Error).message).toBe(`GET ${server.url}/pets/7: the 204 response has no body`);
    });
  }
});
