import type { QueryParams } from '@petstore/sdk/contract';

/** A raw query string as a record: one string per parameter, an array when it is repeated. */
export function parseQuery(query: string): QueryParams {
  const record: Record<string, string | string[]> = {};
  if (query === '') return record;
  for (const [name, value] of new URLSearchParams(query)) {
    // Own-property check: a parameter named __proto__ or constructor must not
    // read through to Object.prototype.
    const existing = Object.hasOwn(record, name) ? record[name] : undefined;
    if (existing === undefined) record[name] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else record[name] = [existing, value];
  }
  return record;
}
