import type { ListPetsQuery, NewPet } from '../contract/index.js';

/**
 * `T` whose optional fields also take `undefined`, which means "not given", as
 * in openai-node: `{ limit: undefined }` type-checks under
 * `exactOptionalPropertyTypes` and sends no `limit`. The contract's own types
 * stay exact: they describe the wire, where a field is there or not.
 */
export type UndefinedAsAbsent<T> = { [K in keyof T]: Pick<T, K> extends Required<Pick<T, K>> ? T[K] : T[K] | undefined };

/** The options of `pets.list`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an interface, so that editors show its name rather than the helper's expansion.
export interface PetListParams extends UndefinedAsAbsent<ListPetsQuery> {}

/** The animal `pets.create` adds. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- as PetListParams.
export interface PetCreateParams extends UndefinedAsAbsent<NewPet> {}

/** A plain object without its `undefined` fields; anything else as it is, for the contract to refuse. */
export function withoutUndefined(value: unknown): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined))
    : value;
}
