import type { QueryParams } from '@petstore/sdk/contract';

/** A raw query string as a record: one string per parameter, an array when it is repeated. */
export function parseQuery(query: string): QueryParams {
  // No prototype: a parameter named __proto__ or constructor is an ordinary key
  // here, neither a setter nor a value read through from Object.prototype.
  const record = Object.create(null) as Record<string, string | string[]>;
  if (query === '') return record;
  for (const [name, value] of new URLSearchParams(query)) {
    const existing = record[name];
    if (existing === undefined) record[name] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else record[name] = [existing, value];
  }
  return record;
}
