import { OPERATIONS } from '@petstore/sdk/contract';

/** Each operation's method and path relative to the base URL (`GET pets/{petId}`), from the contract's table. */
const operations = () => Object.values(OPERATIONS).map(({ method, path }) => ({ method: method as string, path: path.slice(1) }));

/**
 * What `petstore api` completes, from the contract's OPERATIONS (a new
 * operation completes by itself): for the first operand the methods and the
 * paths; after a method, the paths of its operations.
 */
export function apiCandidates(typed: readonly string[]): string[] {
  const all = operations();
  if (typed.length === 0) return [...new Set([...all.map(({ method }) => method), ...all.map(({ path }) => path)])];
  const [method = ''] = typed;
  if (typed.length > 1 || !all.some((operation) => operation.method === method.toUpperCase())) return [];
  return [...new Set(all.filter((operation) => operation.method === method.toUpperCase()).map(({ path }) => path))];
}
