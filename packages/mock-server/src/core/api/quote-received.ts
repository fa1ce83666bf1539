import type * as z from 'zod/mini';

/** Most characters of a received text a 400 quotes, even where the field takes more: the log and journal repeat the message. */
const QUOTED_CHARACTERS = 40;

type Schema = z.core.$ZodType;
type Check = { _zod: { def: { check: string; maximum?: number; length?: number; value?: unknown } } };

/** The schema of the field at `path` inside `schema` (an object's property, an array's element), if it can be told. */
function fieldAt(schema: Schema, path: readonly PropertyKey[]): Schema | undefined {
  let current: Schema | undefined = schema;
  for (const segment of path) {
    const def = current?._zod.def as { type: string; shape?: Record<string, Schema>; element?: Schema; innerType?: Schema } | undefined;
    if (def === undefined) return undefined;
    if (def.innerType) current = fieldAt(def.innerType, [segment]);
    else if (def.type === 'object' && typeof segment === 'string') current = def.shape?.[segment];
    else if (def.type === 'array' && typeof segment === 'number') current = def.element;
    else return undefined;
  }
  return current;
}

const digits = (value: number): number => String(value).length;

/**
 * The most characters a value of `schema` holds as text when the contract
 * accepts it: `limit` 3 (`100`), `status` 9 (`available`), a name 100, an id
 * 16. Undefined when the schema sets no such bound (the value is then never quoted).
 */
export function longestAccepted(schema: Schema): number | undefined {
  const def = schema._zod.def as { type: string; innerType?: Schema; in?: Schema; out?: Schema; entries?: Record<string, unknown>; values?: unknown[]; checks?: Check[]; format?: string };
  const checks = (def.checks ?? []).map((check) => check._zod.def);
  switch (def.type) {
    case 'default':
    case 'optional':
    case 'nullable':
    case 'readonly':
    case 'nonoptional':
      return def.innerType && longestAccepted(def.innerType);
    case 'pipe':
      return (def.in && longestAccepted(def.in)) ?? (def.out && longestAccepted(def.out));
    case 'enum':
      return Math.max(...Object.values(def.entries ?? {}).map((value) => String(value).length));
    case 'literal':
      return Math.max(...(def.values ?? []).map((value) => String(value).length));
    case 'string': {
      const bounds = checks.flatMap((check) => (check.check === 'max_length' ? [check.maximum as number] : check.check === 'length_equals' ? [check.length as number] : []));
      return bounds.length === 0 ? undefined : Math.min(...bounds);
    }
    case 'number': {
      const safe = def.format === 'safeint' ? Number.MAX_SAFE_INTEGER : undefined;
      const least = checks.find((check) => check.check === 'greater_than')?.value as number | undefined;
      const most = (checks.find((check) => check.check === 'less_than')?.value as number | undefined) ?? safe;
      return least === undefined && safe === undefined ? undefined : most === undefined ? undefined : Math.max(digits(most), digits(least ?? -most));
    }
    default:
      return undefined;
  }
}

/**
 * What came, in a few words, never more than the field holds: a text is quoted
 * (as JSON, its first 39 characters and `…` past 40) only when it is no longer
 * than the longest value the field accepts, else only its length is told: a
 * secret sent in the wrong place (`?limit=10;api_key=…`) stays out of the
 * message, and so out of the log and the journal. A number as it is, an array
 * or object by its kind (never serialised whole: it may be a megabyte).
 */
export function quoteReceived(input: unknown, schema: Schema | undefined): string {
  if (typeof input === 'string') return quoteText(input, schema && longestAccepted(schema));
  if (Array.isArray(input)) return input.length === 0 ? '[]' : `an array of ${input.length}`;
  if (typeof input === 'object' && input !== null) return 'an object';
  return String(input);
}

/** `text` quoted when it is no longer than `longest` characters (at most 40 of them), else its length: see {@link quoteReceived}. */
export function quoteText(text: string, longest: number | undefined): string {
  if (longest === undefined || text.length > longest) return `a text of ${text.length} character${text.length === 1 ? '' : 's'}`;
  return text.length > QUOTED_CHARACTERS ? `${JSON.stringify(text.slice(0, QUOTED_CHARACTERS - 1))}…` : JSON.stringify(text);
}

/** The field's schema for an issue of `schema`, for {@link quoteReceived}. */
export const fieldOfIssue = (schema: Schema, issue: z.core.$ZodIssue): Schema | undefined => fieldAt(schema, issue.path);
