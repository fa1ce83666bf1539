import { isPetstoreError } from '@petstore/sdk';
import { AssertionFailure, check, describeError, equal, rejectionOf } from './assert.js';
import { sleep, type ClientCase } from './client-case.js';

/** The caller's own reason, the very object: not a wrapper, not a copy with its message. */
function isTheReason(error: unknown, reason: Error): void {
  if (error === reason) return;
  const copy = error instanceof Error && error.message === reason.message;
  throw new AssertionFailure(`expected the abort reason itself, got ${copy ? 'a copy of it' : 'another error'}: ${describeError(error)}`);
}

export const abortCases: ClientCase[] = [
  {
    name: 'an abort while waiting for the headers rejects with exactly the abort reason, not retried',
    run: async ({ client, admin }) => {
      await admin.arm({ operation: 'listPets', delayMs: 5_000 });
      const controller = new AbortController();
      const reason = new Error('conformance: the user gave up');
      const call = client().pets.list({}, { signal: controller.signal });
      await sleep(200);
      controller.abort(reason);
      const error = await rejectionOf(call, 'an aborted list');
      isTheReason(error, reason);
      check(!isPetstoreError(error), 'the reason is not wrapped');
      // The mock records a request aborted during its delay once it sees the
      // connection close, which can come after the caller's rejection.
      let reached = await admin.requests('listPets');
      for (let waited = 0; reached.length === 0 && waited < 2_000; waited += 50) {
        await sleep(50);
        reached = await admin.requests('listPets');
      }
      equal(reached.length, 1, 'requests that reached the mock');
    },
  },
  {
    name: 'an abort while the body stalls rejects with exactly the abort reason',
    run: async ({ client, admin }) => {
      // The status, the headers and half the body, then nothing.
      await admin.arm({ operation: 'listPets', kind: 'stall' });
      const controller = new AbortController();
      const reason = new Error('conformance: stalled body abandoned');
      const call = client({ maxRetries: 0 }).pets.list({}, { signal: controller.signal });
      await sleep(300);
      controller.abort(reason);
      const error = await rejectionOf(call, 'a list aborted mid-body');
      isTheReason(error, reason);
    },
  },
  {
    name: 'an already-aborted signal sends nothing',
    run: async ({ client, admin }) => {
      const reason = new Error('conformance: too late');
      const error = await rejectionOf(client().pets.list({}, { signal: AbortSignal.abort(reason) }), 'a list with an aborted signal');
      isTheReason(error, reason);
      equal((await admin.requests('listPets')).length, 0, 'requests that reached the mock');
    },
  },
];
