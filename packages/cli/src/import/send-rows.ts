import type { NewPet } from '@petstore/sdk/contract';
import { toFailure, type Failure } from '../errors/to-exit.js';
import { stopsImport } from './outcome.js';
import { runPool } from './pool.js';
import type { RowError, RowResult } from './row-result.js';
import type { SendControl } from './send-control.js';

/** A row that passed the contract, to be sent. */
export interface PendingRow {
  row: number;
  pet: NewPet;
}

export interface SendOptions {
  /** `client.pets.create`: never retried, since the API has no idempotency key. */
  create: (pet: NewPet) => PromiseLike<{ id: number }>;
  concurrency: number;
  control: SendControl;
  /** Called as each row finishes, with the failure of a failed row. */
  onResult: (result: RowResult, failure?: Failure) => void;
}

const rowError = ({ code, message, status, requestId }: Failure): RowError => ({
  code,
  message,
  ...(status === undefined ? {} : { status }),
  ...(requestId === undefined ? {} : { requestId }),
});

/**
 * Sends the rows, `concurrency` at a time, each once. Once interrupted or
 * stopped, no row is started and the requests in flight are awaited, not
 * aborted: an aborted create may still have been stored, and the report
 * could not say. Returns the rows never sent.
 */
export async function sendRows(rows: readonly PendingRow[], { create, concurrency, control, onResult }: SendOptions): Promise<readonly PendingRow[]> {
  const started = await runPool(
    rows,
    concurrency,
    async ({ row, pet }) => {
      try {
        const { id } = await create(pet);
        onResult({ row, status: 'added', id, name: pet.name });
      } catch (error) {
        const failure = toFailure(error);
        if (control.stoppedBy === undefined && stopsImport(failure)) control.stoppedBy = failure;
        onResult({ row, status: 'failed', name: pet.name, error: rowError(failure) }, failure);
      }
    },
    () => control.interrupted || control.stoppedBy !== undefined,
  );
  return rows.slice(started);
}
