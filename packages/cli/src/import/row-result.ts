import { Id } from '@petstore/sdk/contract';
import * as z from 'zod/mini';

/** What became of a row; `skipped`: an earlier run's report says it was added. */
export const ROW_STATUSES = ['added', 'skipped', 'failed', 'invalid', 'not_sent'] as const;
export type RowStatus = (typeof ROW_STATUSES)[number];

const row = z.int().check(z.positive());

/** Why a row was not added: the API's error code and message, or `invalid_input` and the contract's words. */
const RowError = z.object({
  code: z.string(),
  message: z.string(),
  status: z.exactOptional(z.int()),
  requestId: z.exactOptional(z.string()),
});
export type RowError = z.infer<typeof RowError>;

/**
 * One row of the report: a line of `--format ndjson`, an item of `--json`.
 * `--resume` reads it back with this schema. `name` is the input's, so that
 * a report can be checked against the input it came from.
 */
export const RowResult = z.discriminatedUnion('status', [
  z.object({ row, status: z.literal(['added', 'skipped']), id: Id, name: z.string() }),
  z.object({ row, status: z.literal('failed'), name: z.string(), error: RowError }),
  z.object({ row, status: z.literal('invalid'), name: z.exactOptional(z.string()), error: RowError }),
  z.object({ row, status: z.literal('not_sent'), name: z.string() }),
]);
export type RowResult = z.infer<typeof RowResult>;
