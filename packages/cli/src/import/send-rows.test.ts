import { ApiError, AuthenticationError, BadRequestError, NotFoundError, ServerError } from '@petstore/sdk';
import type { NewPet } from '@petstore/sdk/contract';
import { describe, expect, it } from 'vitest';
import type { Failure } from '../errors/to-exit.js';
import type { RowResult } from './row-result.js';
import type { SendControl } from './send-control.js';
import { sendRows, type PendingRow } from './send-rows.js';

const rows = (count: number): PendingRow[] => Array.from({ length: count }, (_, index) => ({ row: index + 2, pet: { name: `Pet ${index + 2}`, categoryId: 1 } }));

/** An error as the SDK throws it, with the API's details. */
const apiError = (Class: typeof ApiError, status: number, code: string): ApiError =>
  new Class({ status, code, message: code, body: undefined, rawBody: '', headers: new Headers(), requestId: `req-${status}`, request: 'POST /pets' });

async function send(pending: PendingRow[], create: (pet: NewPet) => Promise<{ id: number }>, control: SendControl = { interrupted: false }) {
  const results: RowResult[] = [];
  const failures: Failure[] = [];
  const notSent = await sendRows(pending, {
    create,
    concurrency: 2,
    control,
    onResult: (result, failure) => {
      results.push(result);
      if (failure) failures.push(failure);
    },
  });
  return { results, failures, notSent, control };
}

describe('sendRows', () => {
  it('reports each row as added with its new id, or failed with the API error', async () => {
    let id = 100;
    const { results, notSent } = await send(rows(3), async (pet) => {
      if (pet.name === 'Pet 3') throw apiError(BadRequestError, 400, 'invalid_request');
      return { id: ++id };
    });
    expect(notSent).toEqual([]);
    expect(results.toSorted((a, b) => a.row - b.row)).toEqual([
      { row: 2, status: 'added', id: 101, name: 'Pet 2' },
      { row: 3, status: 'failed', name: 'Pet 3', error: { code: 'invalid_request', message: '400 invalid_request: invalid_request (POST /pets, request id req-400)', status: 400, requestId: 'req-400' } },
      { row: 4, status: 'added', id: 102, name: 'Pet 4' },
    ]);
  });

  it('goes on after retryable failures: each row is sent once, never retried', async () => {
    let calls = 0;
    const { results, failures } = await send(rows(5), async () => {
      calls += 1;
      throw apiError(ServerError, 503, 'service_unavailable');
    });
    expect(calls).toBe(5);
    expect(results.every((result) => result.status === 'failed')).toBe(true);
    expect(failures.map((failure) => failure.exitCode)).toEqual([7, 7, 7, 7, 7]);
  });

  it('stops at the first failure every row would meet (401), and returns the rows never sent', async () => {
    const { results, notSent, control } = await send(rows(10), async () => {
      throw apiError(AuthenticationError, 401, 'unauthorized');
    });
    expect(control.stoppedBy).toMatchObject({ exitCode: 4, status: 401 });
    // The first two were in flight together; nothing was started after them.
    expect(results.map((result) => result.row)).toEqual([2, 3]);
    expect(notSent.map((row) => row.row)).toEqual([4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('stops on 403 and 404 too', async () => {
    for (const [Class, status] of [[ApiError, 403], [NotFoundError, 404]] as const) {
      const { notSent } = await send(rows(5), async () => {
        throw apiError(Class, status, 'x');
      });
      expect(notSent).toHaveLength(3);
    }
  });

  it('once interrupted, starts no row and waits for those in flight', async () => {
    const control: SendControl = { interrupted: false };
    let release: () => void = () => {};
    const blocked = new Promise<void>((resolve) => (release = resolve));
    const sending = send(
      rows(6),
      async (pet) => {
        await blocked;
        return { id: Number(pet.name.slice(4)) };
      },
      control,
    );
    control.interrupted = true;
    release();
    const { results, notSent } = await sending;
    expect(results.map((result) => result.status)).toEqual(['added', 'added']);
    expect(notSent.map((row) => row.row)).toEqual([4, 5, 6, 7]);
  });
});
