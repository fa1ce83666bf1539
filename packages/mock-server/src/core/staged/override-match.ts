import {
  describeIssue,
  formatIssues,
  definitionOf,
  OPERATION_IDS,
  type OperationId,
  type OperationInput,
  type OperationWithQuery,
  type PathParamName,
} from '@petstore/sdk/contract';
import * as z from 'zod/mini';
import { closestWord } from '../api/closest-word.js';
import { parseQuery } from '../api/parse-query.js';

/**
 * The query values an override of `Op` answers: as a program passes them
 * (`limit: 20`) or as a query string carries them (`limit: '20'`). Each is read
 * as the contract reads the request's, so `'020'` is 20.
 */
export type QueryMatch<Op extends OperationWithQuery> = { [Name in keyof QueryOf<Op>]?: QueryOf<Op>[Name] | (QueryOf<Op>[Name] extends number ? `${number}` : never) };

/** The query of `Op` as the contract reads it. */
type QueryOf<Op extends OperationId> = OperationInput<Op> extends { query: infer Query } ? Query : never;

/** The query values a `listPets` override answers. */
export type ListPetsQueryMatch = QueryMatch<'listPets'>;

/** What an override of `Op` may match: each parameter of its path (`petId`), and its query values where it reads a query. */
type MatchOf<Op extends OperationId> = { [Name in PathParamName<Op>]?: OperationInput<Op>[Name] } & (Op extends OperationWithQuery ? { query?: QueryMatch<Op> } : unknown);

/**
 * Which requests an override of each operation may match, from the contract's
 * table: `getPet` by its path id, `listPets` by query values; an operation with
 * neither (`createPet`) matches every request of it.
 */
export type OverrideMatches = { [Op in OperationId]: [PathParamName<Op> | (Op extends OperationWithQuery ? 'query' : never)] extends [never] ? never : MatchOf<Op> };

/** Which requests an override of `Op` answers: a path id (`getPet`), query values (`listPets`, all must be equal). */
export type OverrideMatch<Op extends OperationId = OperationId> = OverrideMatches[Op];

/** Each operation's path parameters, by name, from the contract's table. */
const pathParamsOf = (operation: OperationId): Readonly<Record<string, z.ZodMiniType>> => definitionOf(operation).pathParams ?? {};
const queryOf = (operation: OperationId): z.ZodMiniObject | undefined => definitionOf(operation).query;

/** Every path parameter of the table, and the operations that have it. */
const PATH_PARAMS: Record<string, OperationId[]> = {};
for (const operation of OPERATION_IDS) {
  for (const name of Object.keys(pathParamsOf(operation))) (PATH_PARAMS[name] ??= []).push(operation);
}
const QUERY_OPERATIONS = /* @__PURE__ */ OPERATION_IDS.filter((operation) => queryOf(operation) !== undefined);

/** `only getPet does`, `only a and b do`. */
const onlyThese = (operations: readonly string[]): string => `only ${operations.join(' and ')} ${operations.length === 1 ? 'does' : 'do'}`;

/** The shape `POST /__admin/overrides` takes for `match`; `checkMatch` checks it against the contract. */
export const MatchSpec = /* @__PURE__ */ z.strictObject({
  // A path parameter as a program gives it (`petId: 7`) or as the path carries it (`'7'`): read by the operation's own schema.
  ...Object.fromEntries(Object.keys(PATH_PARAMS).map((name) => [name, z.optional(z.union([z.string(), z.number()], { error: 'must be a string or a number' }))])),
  query: z.optional(z.record(z.string(), z.union([z.string(), z.number()], { error: 'must be a string or a number' }))),
});
export type MatchSpec = z.infer<typeof MatchSpec>;

/** A match as the contract reads it: what requests are compared with (`{ petId: 7 }`, `{ query: { limit: 20 } }`). */
export type CheckedMatch = { readonly [param: string]: unknown; readonly query?: Readonly<Record<string, unknown>> | undefined };

/**
 * Checks `match` against the contract for `operation`: path parameters only
 * where its path has them, query values only where it reads a query, each a
 * parameter the contract reads with a value it accepts. `location` leads each
 * field's name (`body.match.query.limit` over HTTP). Gives the match as the
 * contract reads it (`'020'` → 20, no default added). `sent` is the match as
 * given, before zod read it: a record drops a `__proto__` key, which must be
 * refused rather than match every list.
 */
export function checkMatch(operation: OperationId, match: MatchSpec | undefined, sent: unknown, location: 'body' | ''): { match: CheckedMatch | undefined } | { error: string } {
  const at = (field: string) => (location ? `${location}.${field}` : field);
  if (match === undefined) return { match: undefined };
  const { query, ...params } = match;
  const checked: Record<string, unknown> & { query?: Record<string, unknown> } = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    const schema = pathParamsOf(operation)[name];
    const having = PATH_PARAMS[name] ?? [];
    if (!schema) return { error: `${at(`match.${name}`)}: ${operation} has no ${name} in its path; ${onlyThese(having)}` };
    // Read as the request's path is read: the text it would carry, through the contract's own schema.
    const parsed = z.safeParse(z.object({ match: z.object({ [name]: schema }) }), { match: { [name]: String(value) } }, { error: describeIssue });
    if (!parsed.success) return { error: formatIssues(location, parsed.error.issues) };
    checked[name] = (parsed.data.match as Record<string, unknown>)[name];
  }
  if (query === undefined) return { match: checked };
  const schema = queryOf(operation);
  if (!schema) return { error: `${at('match.query')}: ${operation} reads no query; ${onlyThese(QUERY_OPERATIONS)}` };
  const queryNames = Object.keys(schema.shape);
  const names = Object.keys(query);
  for (const name of Object.keys((sent as { query: object }).query)) {
    if (queryNames.includes(name)) continue;
    const suggestion = closestWord(name, queryNames);
    return { error: `${at(`match.query.${name}`)}: ${operation} reads no such query parameter${suggestion ? ` (did you mean ${suggestion}?)` : ''}; it reads ${queryNames.join(', ')}` };
  }
  // Read as the request's query is read: the text a query string would carry, through the contract's own schema.
  const texts = Object.fromEntries(names.map((name) => [name, String(query[name])]));
  const parsed = z.safeParse(z.object({ match: z.object({ query: schema }) }), { match: { query: texts } }, { error: describeIssue });
  if (!parsed.success) return { error: formatIssues(location, parsed.error.issues) };
  const read: Readonly<Record<string, unknown>> = parsed.data.match.query;
  // Only the values given: a default the match did not name must not narrow it.
  checked.query = Object.fromEntries(names.map((name) => [name, read[name]]));
  return { match: checked };
}

/**
 * Whether a request of the override's operation matches: its path parameters
 * as sent, its query as the contract reads it (defaults applied). A query the
 * contract refuses matches no query values.
 */
export function createMatcher(request: { operationId: OperationId; params: Readonly<Record<string, string>>; query: string }): (match: CheckedMatch | undefined) => boolean {
  let read: Readonly<Record<string, unknown>> | undefined | null = null;
  const readQuery = (): Readonly<Record<string, unknown>> | undefined => {
    if (read === null) {
      const schema = queryOf(request.operationId);
      const parsed = schema && z.safeParse(schema, parseQuery(request.query));
      read = parsed?.success ? (parsed.data as Record<string, unknown>) : undefined;
    }
    return read;
  };
  return (match) => {
    if (match === undefined) return true;
    const { query: _query, ...path } = match;
    if (Object.entries(path).some(([name, value]) => request.params[name] !== String(value))) return false;
    if (match.query === undefined) return true;
    const query = readQuery();
    return query !== undefined && Object.entries(match.query).every(([name, value]) => query[name] === value);
  };
}
