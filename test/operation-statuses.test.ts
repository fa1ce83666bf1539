import { ErrorBody, OPERATION_IDS, OPERATIONS, successBodyOf, type OperationId } from '@petstore/sdk/contract';
import * as z from 'zod/mini';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { acceptedRequest, documentedExample, type OperationRequest } from './support/operation-requests.js';
import { TRANSPORTS, type MockTransport } from './support/mock-transports.js';

/**
 * The guard of what each operation answers, run rather than looked up: every
 * status the table documents for an operation, staged through the mock's
 * public controls, arrives with that status and with a body exactly where the
 * table says (a success: `success.body`; an error: always the Error body),
 * through every transport. An operation's own success, unstaged, answers the
 * table's status with a body its schema parses; and a staged fault below HTTP
 * that still sends a status sends the success's. The rows come from the
 * table: a new operation, status or success body is checked here unasked.
 */

/** What came back: the status, and the body as text (`''` for none). */
async function answerOf(response: Response): Promise<{ status: number; text: string }> {
  return { status: response.status, text: await response.text() };
}

/** A body the table's schema for `operation`'s success parses, or none where the table gives it none. */
function expectSuccessBody(operation: OperationId, text: string): unknown {
  const schema = successBodyOf(operation);
  if (schema === undefined) {
    expect(text, `${operation}'s success has no body in the table`).toBe('');
    return undefined;
  }
  const parsed = z.safeParse(schema, JSON.parse(text));
  expect(parsed.success, `${operation}'s success body ${text} against the table's schema`).toBe(true);
  return JSON.parse(text) as unknown;
}

/** The Error body of `status`: `{ code, message, status }`, its `status` the answer's. */
function expectErrorBody(text: string, status: number): void {
  expect(text, 'an error always has a body').not.toBe('');
  const parsed = z.safeParse(ErrorBody, JSON.parse(text));
  expect(parsed.success, `${text} is an Error body`).toBe(true);
  expect((JSON.parse(text) as { status: unknown }).status).toBe(status);
}

/** The override that stages `operation`'s success: its documented example where it has a body, its status alone where it has none. */
function successOverride(operation: OperationId): { spec: Record<string, unknown>; body: unknown } {
  const { status } = OPERATIONS[operation].success;
  if (successBodyOf(operation) === undefined) return { spec: { operation, status }, body: undefined };
  const body = documentedExample(operation, status);
  // No status: an override's success status is the operation's own, from the table.
  return { spec: { operation, body }, body };
}

/** How an error status is staged: an override (whole answer of one operation) or an armed fault. */
const ERROR_STAGINGS = {
  override: (transport: MockTransport, operation: OperationId, status: number) => transport.override({ operation, status }),
  fault: (transport: MockTransport, operation: OperationId, status: number) => transport.fault({ operation, status }),
} as const;

/** The operations whose success has a body: a fault below HTTP cuts that body. */
const WITH_BODY = OPERATION_IDS.filter((operation) => successBodyOf(operation) !== undefined);

describe.each(TRANSPORTS)('through $name', (underTest) => {
  let transport: MockTransport;
  beforeAll(async () => {
    transport = await underTest.start();
  });
  afterAll(() => underTest.stop());
  beforeEach(() => transport.reset());

  /** A request of `operation` the contract accepts, on an animal the store holds. */
  const accepted = (operation: OperationId): OperationRequest => acceptedRequest(operation, transport.store.list({ limit: 1 })[0]?.id ?? 1);
  const send = (operation: OperationId): Promise<Response> => {
    const request = accepted(operation);
    return transport.fetch(request.path, request.init);
  };

  describe.each(OPERATION_IDS)('%s', (operation) => {
    const { success, errors } = OPERATIONS[operation];

    it(`answers its own success, unstaged, with ${success.status} and ${successBodyOf(operation) ? 'a body its schema parses' : 'no body'}`, async () => {
      const { status, text } = await answerOf(await send(operation));
      expect(status, text).toBe(success.status);
      expectSuccessBody(operation, text);
    });

    it(`answers a staged success with ${success.status} and ${successBodyOf(operation) ? 'the staged body' : 'no body'}`, async () => {
      const staged = successOverride(operation);
      await transport.override(staged.spec);
      const { status, text } = await answerOf(await send(operation));
      expect(status, text).toBe(success.status);
      expect(expectSuccessBody(operation, text)).toEqual(staged.body);
    });

    describe.each(Object.keys(ERROR_STAGINGS) as (keyof typeof ERROR_STAGINGS)[])('staged by %s', (staging) => {
      it.each(errors)(`answers a staged %i with that status and an Error body`, async (error) => {
        await ERROR_STAGINGS[staging](transport, operation, error);
        const { status, text } = await answerOf(await send(operation));
        expect(status, text).toBe(error);
        expectErrorBody(text, error);
      });
    });
  });

  describe.each(WITH_BODY)('%s, a fault below HTTP that sends a status', (operation) => {
    const { status: successStatus } = OPERATIONS[operation].success;

    it(`malformed: answers ${successStatus}, the table's success status, with a body that is not JSON`, async () => {
      await transport.fault({ operation, kind: 'malformed' });
      const { status, text } = await answerOf(await send(operation));
      expect(status).toBe(successStatus);
      expect(() => JSON.parse(text), text).toThrow();
    });

    it(`stall: answers ${successStatus}, the table's success status, then stops`, async () => {
      await transport.fault({ operation, kind: 'stall' });
      const response = await send(operation);
      // The body never ends: the status and headers are what a stall sends.
      await response.body?.cancel();
      expect(response.status).toBe(successStatus);
    });
  });
});
