import { LIST_LIMIT_MAX, LIST_LIMIT_MIN, NewPet, PET_STATUSES, type QueryParams, type ServiceChoices } from '@petstore/sdk/contract';

/**
 * How the mock plays a service profile's choices (`resolveChoices`, once per
 * API) where the specification is silent. Each helper is the identity for the
 * kit's own choice (`KIT_CHOICES`), so without a profile nothing changes.
 */

/** A `limit` written as an integer, sign and all: what 'clamp' moves into range. `1.5` or `abc` stays the contract's to refuse. */
const INTEGER = /^-?[0-9]+$/;

/** The list query as the contract then reads it: a limit outside 1..100 clamped, if so chosen. */
export function listQueryAsChosen(query: QueryParams, choices: ServiceChoices): QueryParams {
  const { limit } = query;
  if (choices.limitOutOfRange !== 'clamp' || typeof limit !== 'string' || !INTEGER.test(limit)) return query;
  const clamped = Math.min(Math.max(Number(limit), LIST_LIMIT_MIN), LIST_LIMIT_MAX);
  return { ...query, limit: String(clamped) };
}

const statuses: ReadonlySet<string> = new Set(PET_STATUSES);

/**
 * A `status` filter outside the enumeration that the profile answers with an
 * empty list, rather than a 400; undefined otherwise. A repeated `status` is
 * still refused: which one was meant is no choice of the service's.
 */
export function unmatchedStatus(query: QueryParams, choices: ServiceChoices): string | undefined {
  const { status } = query;
  return choices.unknownStatusFilter === 'empty' && typeof status === 'string' && !statuses.has(status) ? status : undefined;
}

/** `query` without `name`, null-prototype as parseQuery makes it. */
export function withoutParam(query: QueryParams, name: string): QueryParams {
  const rest = Object.create(null) as Record<string, string | readonly string[]>;
  for (const [key, value] of Object.entries(query)) if (key !== name) rest[key] = value;
  return rest;
}

/**
 * A create body with the fields the contract does not define dropped, `id`
 * among them (the service assigns it), if the profile ignores them. Only a
 * JSON object loses fields: anything else goes on to be refused as it is. The
 * copy is made of the contract's own field names, so `__proto__` or
 * `constructor` in the body is never written to it, as a key or a prototype.
 */
export function createBodyAsChosen(body: unknown, choices: ServiceChoices): unknown {
  if (choices.unknownCreateFields !== 'ignore' || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const kept: Record<string, unknown> = {};
  for (const field of Object.keys(NewPet.shape)) if (Object.hasOwn(body, field)) kept[field] = (body as Record<string, unknown>)[field];
  return kept;
}

/** `headers` without those whose value is null: a header the service does not send. */
export function sentHeaders(headers: Readonly<Record<string, string | null>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== null));
}

/**
 * Rewrites the `code` of an Error body the core wrote to the profile's
 * spelling (`errorCodes[kind] ?? kind`). The identity when no code is renamed,
 * so the kit's bodies go out as written, byte for byte.
 */
export function createErrorCodeRenamer(errorCodes: ServiceChoices['errorCodes']): ErrorCodeRenamer {
  const renamed = new Map(Object.entries(errorCodes).filter(([kind, code]) => code !== undefined && code !== kind) as [string, string][]);
  if (renamed.size === 0) return (body) => body;
  return <Body extends string | undefined>(body: Body): Body => {
    if (body === undefined) return body;
    const parsed = JSON.parse(body) as { code?: unknown };
    const code = typeof parsed.code === 'string' ? renamed.get(parsed.code) : undefined;
    // Replaced in place: the body keeps its keys' order (code, message, status).
    return (code === undefined ? body : JSON.stringify({ ...parsed, code })) as Body;
  };
}

/** An Error body's text with its `code` as the service spells it. */
export type ErrorCodeRenamer = <Body extends string | undefined>(body: Body) => Body;
