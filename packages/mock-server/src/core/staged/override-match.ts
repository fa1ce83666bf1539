import { describeIssue, formatIssues, Id, ListPetsQueryParams, type ListPetsParams, type OperationId, type PetStatus } from '@petstore/sdk/contract';
import * as z from 'zod/mini';
import { closestWord } from '../api/closest-word.js';
import { parseQuery } from '../api/parse-query.js';

/**
 * The query values a `listPets` override answers: as a program passes them
 * (`limit: 20`) or as a query string carries them (`limit: '20'`). Each is read
 * as the contract reads the request's, so `'020'` is 20.
 */
export interface ListPetsQueryMatch {
  limit?: number | `${number}`;
  status?: PetStatus;
}

/** Which requests an override of each operation may match: `getPet` by its path id, `listPets` by query values; `createPet` matches every create. */
export interface OverrideMatches {
  listPets: { query?: ListPetsQueryMatch };
  getPet: { petId?: number };
  createPet: never;
}

/** Which requests an override of `Op` answers: a path id (`getPet`), query values (`listPets`, all must be equal). */
export type OverrideMatch<Op extends OperationId = OperationId> = OverrideMatches[Op];

/** The shape `POST /__admin/overrides` takes for `match`; `checkMatch` checks it against the contract. */
export const MatchSpec = /* @__PURE__ */ z.strictObject({
  petId: z.optional(Id),
  query: z.optional(z.record(z.string(), z.union([z.string(), z.number()], { error: 'must be a string or a number' }))),
});
export type MatchSpec = z.infer<typeof MatchSpec>;

/** A match as the contract reads it: what requests are compared with. */
export interface CheckedMatch {
  petId?: number | undefined;
  query?: Partial<ListPetsParams> | undefined;
}

const QUERY_NAMES = /* @__PURE__ */ Object.keys(ListPetsQueryParams.shape);
/** The list query where an override holds it: its messages name `match.query.limit`. */
const MatchedQuery = /* @__PURE__ */ z.object({ match: z.object({ query: ListPetsQueryParams }) });

/**
 * Checks `match` against the contract for `operation`: a path id only for
 * `getPet`, query values only for `listPets`, each a parameter the contract
 * reads with a value it accepts. `location` leads each field's name
 * (`body.match.query.limit` over HTTP). Gives the match with its query
 * values as the contract reads them (`'020'` → 20, no default added).
 * `sent` is the match as given, before zod read it: a record drops a
 * `__proto__` key, which must be refused rather than match every list.
 */
export function checkMatch(operation: OperationId, match: MatchSpec | undefined, sent: unknown, location: 'body' | ''): { match: CheckedMatch | undefined } | { error: string } {
  const at = (field: string) => (location ? `${location}.${field}` : field);
  if (match === undefined) return { match: undefined };
  const { petId, query } = match;
  if (petId !== undefined && operation !== 'getPet') return { error: `${at('match.petId')}: ${operation} has no path id; only getPet does` };
  if (query === undefined) return { match };
  if (operation !== 'listPets') return { error: `${at('match.query')}: ${operation} reads no query; only listPets does` };
  const names = Object.keys(query);
  for (const name of Object.keys((sent as { query: object }).query)) {
    if (QUERY_NAMES.includes(name)) continue;
    const suggestion = closestWord(name, QUERY_NAMES);
    return { error: `${at(`match.query.${name}`)}: listPets reads no such query parameter${suggestion ? ` (did you mean ${suggestion}?)` : ''}; it reads ${QUERY_NAMES.join(', ')}` };
  }
  // Read as the request's query is read: the text a query string would carry, through the contract's own schema.
  const texts = Object.fromEntries(names.map((name) => [name, String(query[name])]));
  const parsed = z.safeParse(MatchedQuery, { match: { query: texts } }, { error: describeIssue });
  if (!parsed.success) return { error: formatIssues(location, parsed.error.issues) };
  const read: Readonly<Record<string, unknown>> = parsed.data.match.query;
  // Only the values given: a default the match did not name must not narrow it.
  return { match: { ...match, query: Object.fromEntries(names.map((name) => [name, read[name]])) as Partial<ListPetsParams> } };
}

/**
 * Whether a request of the override's operation matches: its path id as sent,
 * its query as the contract reads it (defaults applied). A query the contract
 * refuses matches no query values.
 */
export function createMatcher(request: { petId: string | undefined; query: string }): (match: CheckedMatch | undefined) => boolean {
  let read: ListPetsParams | undefined | null = null;
  const readQuery = (): ListPetsParams | undefined => {
    if (read === null) {
      const parsed = z.safeParse(ListPetsQueryParams, parseQuery(request.query));
      read = parsed.success ? parsed.data : undefined;
    }
    return read;
  };
  return (match) => {
    if (match === undefined) return true;
    if (match.petId !== undefined && request.petId !== String(match.petId)) return false;
    if (match.query === undefined) return true;
    const query: Readonly<Record<string, unknown>> | undefined = readQuery();
    return query !== undefined && Object.entries(match.query).every(([name, value]) => query[name] === value);
  };
}
