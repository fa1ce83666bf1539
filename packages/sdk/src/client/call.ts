import type * as z from 'zod/mini';
import type { OperationDefinition, OperationEffect, OperationId, OperationMethod, OperationOf, RelativeUrlPath } from '../contract/index.js';
import type { RequestOptions } from './options.js';

/** Checks and returns a success's parsed body; throws ResponseValidationError. `label` is `METHOD URL`. */
export type ParseBody<T> = (body: unknown, rawBody: string, label: string) => T;

/**
 * One call of the operation `Id`, whose row of the contract's table is `Row`:
 * its method, path and effect as the row gives them, and `parse` exactly when
 * the row's success has a body. A call whose success has none gives
 * `undefined` (and a body that comes anyway breaks the contract).
 */
export type CallOf<Id extends string, Row extends OperationDefinition, T> = {
  operationId: Id;
  method: Row['method'];
  /** Relative to the base address, e.g. `pets/7`. */
  path: RelativeUrlPath<Row['path']>;
  /** Only `reads` are retried. */
  effect: Row['effect'];
  searchParams?: Record<string, string | number> | undefined;
  json?: unknown;
  options?: RequestOptions | undefined;
} & (Row['success'] extends { body: z.ZodMiniType } ? { parse: ParseBody<T> } : undefined extends T ? { parse?: undefined } : never);

/** One API call, as the resources describe it: typed by its operation's row of the contract's table. */
export type Call<T> = { [Op in OperationId]: CallOf<Op, OperationOf<Op>, T> }[OperationId];

/** What `send` reads of any call (a {@link Call} is one). */
export interface AnyCall<T> {
  operationId: string;
  method: OperationMethod;
  path: string;
  effect: OperationEffect;
  searchParams?: Record<string, string | number> | undefined;
  json?: unknown;
  options?: RequestOptions | undefined;
  /** None: the success has no body. */
  parse?: ParseBody<T> | undefined;
}
