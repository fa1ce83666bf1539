import * as z from 'zod/mini';
import { ErrorBody } from '../contract/error-body.js';
import { formatIssues } from '../contract/issues.js';
import { definitionOf, type OperationId } from '../contract/operations.js';
import { Pet, Pets } from '../contract/pet.js';

/**
 * Whether a difference fails the run: `required` where the specification
 * says so, `note` where it leaves the behaviour open and the reference
 * implementation (the mock server) made a choice.
 */
export type Level = 'required' | 'note';

/** One thing a case checked that did not hold. */
export interface Finding {
  level: Level;
  /** What was checked, e.g. `status`, `body`, `header Sunset`. */
  what: string;
  expected: string;
  received: string;
  /** The specification's words (or section) that make it required, or leave it open. */
  spec: string;
  /** An open choice that differs from the profile the run was given: required, and named as drift. */
  drift?: true;
}

/** A response as the engine read it: bounded, its body as text and, when it parses, as JSON. */
export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body; `undefined` when the text is not JSON. */
  json?: unknown;
  /** Why the body could not be read whole (too large), if so. */
  bodyError?: string;
}

/** Where the specification says each required thing (quoted in findings and in docs/decisions.md). */
export const SPEC = {
  json: 'spec part 1: "All requests and responses use JSON (application/json)"',
  errorBody: 'spec part 7: "Error responses carry an Error body (code, message, status)"',
  errorStatus: 'spec part 2, Error: "status: The HTTP status code of the response"',
  auth: 'spec part 5: "A request with a missing or invalid key gets status 401 with an Error body"',
  pet: 'spec part 2: Pet is NewPet (name, categoryId, status) plus an integer id',
  unknownFields: 'spec part 2 lists the fields; it does not say whether others may be added',
} as const;

const MAX_SHOWN = 300;
/** Issues or unknown fields a finding names: a hostile body of a million wrong items must not make a report of megabytes. */
const MAX_NAMED = 5;

/** How many of `count` things a finding left unnamed, as its text ends: `; and 95 more`. */
const andMore = (count: number, separator: string) => (count > MAX_NAMED ? `${separator}and ${count - MAX_NAMED} more` : '');

/** A value as a finding shows it: JSON, cut to a readable length. */
export function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}… (${text.length} characters)` : text;
}

export const finding = (level: Level, what: string, expected: string, received: string, spec: string): Finding => ({ level, what, expected, received, spec });

/**
 * A finding in one line, as every report words it: `body.status: expected 404,
 * received 400`, `note: …`, or for drift what came first and then what the
 * profile says (`drift: limit=101 → 200 with 100 animals; the profile says limitOutOfRange refuse`).
 */
export function describeFinding(item: Finding): string {
  if (item.drift) return `drift: ${item.received}; the profile says ${item.what.replace(/^choice /, '')} ${item.expected}`;
  return `${item.level === 'note' ? 'note: ' : ''}${item.what}: expected ${item.expected}, received ${item.received}`;
}

/** The status, as required or as a note. */
export function checkStatus(reply: Reply, expected: number, level: Level, spec: string): Finding[] {
  return reply.status === expected ? [] : [finding(level, 'status', String(expected), String(reply.status), spec)];
}

/** `Content-Type: application/json` (parameters such as charset allowed). */
export function checkJsonContentType(reply: Reply): Finding[] {
  const type = reply.headers.get('content-type');
  const media = type?.split(';')[0]?.trim().toLowerCase();
  return media === 'application/json' ? [] : [finding('required', 'header Content-Type', 'application/json', type ?? '(none)', SPEC.json)];
}

/** Fields of a JSON object that `keys` does not list. */
function unknownKeys(value: unknown, keys: readonly string[]): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.keys(value).filter((key) => !keys.includes(key));
}

/** An issue about a field the body lacks, worded as such (zod says only "Invalid input" where a schema has no message). */
function missingOrAsIs(issue: z.core.$ZodIssue, body: unknown): z.core.$ZodIssue {
  if (issue.code !== 'invalid_type' || issue.path.length === 0) return issue;
  const parent = issue.path.slice(0, -1).reduce<unknown>((value, key) => (typeof value === 'object' && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined), body);
  const key = issue.path.at(-1);
  const absent = typeof parent === 'object' && parent !== null && key !== undefined && !Object.hasOwn(parent, key);
  return absent ? { ...issue, message: 'missing' } : issue;
}

/** A contract schema, as a body check needs it. */
export interface BodyShape {
  name: string;
  schema: z.ZodMiniType;
  /** The fields the contract defines for each object. */
  keys: readonly string[];
  /** The objects of a valid body whose fields are compared with `keys`. */
  keysOf: (body: unknown) => unknown[];
}

const PET_KEYS = Object.keys(Pet.def.shape);
const ERROR_KEYS = Object.keys(ErrorBody.def.shape);
/** The contract's bodies. */
export const BODY = {
  Pet: { name: 'a Pet', schema: Pet, keys: PET_KEYS, keysOf: (body) => [body] },
  Pets: { name: 'Pets (an array of Pet)', schema: Pets, keys: PET_KEYS, keysOf: (body) => body as unknown[] },
  Error: { name: 'an Error', schema: ErrorBody, keys: ERROR_KEYS, keysOf: (body) => [body] },
} as const satisfies Record<string, BodyShape>;

/**
 * The body against a contract schema: a mismatch is required; fields the
 * contract does not define are a note (the specification does not forbid them).
 * `keysOf` gives the objects whose fields are compared with `keys`. A mismatch
 * quotes the body as received, never as parsed: the exact parse keeps `41.0` as
 * the text "41.0", which serialised again would read as a string.
 */
export function checkBody(reply: Reply, shape: BodyShape, spec: string): Finding[] {
  const { name, schema, keys, keysOf } = shape;
  if (reply.bodyError !== undefined) return [finding('required', 'body', `${name} as JSON`, reply.bodyError, spec)];
  if (reply.json === undefined) return [finding('required', 'body', `${name} as JSON`, reply.text === '' ? '(empty)' : shown(reply.text), SPEC.json)];
  const result = z.safeParse(schema, reply.json);
  if (!result.success) {
    const { issues } = result.error;
    const named = formatIssues('body', issues.slice(0, MAX_NAMED).map((issue) => missingOrAsIs(issue, reply.json)));
    return [finding('required', 'body', name, `${named}${andMore(issues.length, '; ')} in ${shown(reply.text)}`, spec)];
  }
  const extra = [...new Set(keysOf(reply.json).flatMap((item) => unknownKeys(item, keys)))];
  return extra.length === 0 ? [] : [finding('note', 'body fields', `only ${keys.join(', ')}`, `also ${extra.slice(0, MAX_NAMED).map(shown).join(', ')}${andMore(extra.length, ', ')}`, SPEC.unknownFields)];
}

/**
 * An error answer: JSON, and an Error body whose `status` is the HTTP status.
 * Its `code` is an open choice, which the cases check (`choice()`).
 */
export function checkErrorBody(reply: Reply): Finding[] {
  const findings = [...checkJsonContentType(reply), ...checkBody(reply, BODY.Error, SPEC.errorBody)];
  if (findings.some((item) => item.level === 'required')) return findings;
  const body = reply.json as ErrorBody;
  if (body.status !== reply.status) findings.push(finding('required', 'body.status', String(reply.status), String(body.status), SPEC.errorStatus));
  return findings;
}

/**
 * How a success body of the table is named and which fields it compares: the
 * contract's shape of that schema; a schema without one is still checked
 * against the schema, with no note of unknown fields.
 */
function shapeOf(schema: z.ZodMiniType): BodyShape {
  return Object.values(BODY).find((shape) => shape.schema === schema) ?? { name: 'the documented body', schema, keys: [], keysOf: () => [] };
}

/** No body: what a success without one (a 204) must send. */
export function checkNoBody(reply: Reply, spec: string): Finding[] {
  if (reply.bodyError === undefined && reply.text === '') return [];
  return [finding('required', 'body', '(none)', reply.bodyError ?? shown(reply.text), spec)];
}

/** A success's body as the operations table says it: against its schema, or none where the table has no body. */
export function checkSuccessBody(reply: Reply, operation: OperationId, spec: string): Finding[] {
  const { body } = definitionOf(operation).success;
  return body === undefined ? checkNoBody(reply, spec) : checkBody(reply, shapeOf(body), spec);
}

/** A success of `operation`: the table's status, then JSON and its body, or no body where the table has none. */
export function checkSuccess(reply: Reply, operation: OperationId, spec: string): Finding[] {
  const findings = checkStatus(reply, definitionOf(operation).success.status, 'required', spec);
  if (findings.length > 0) return findings;
  if (definitionOf(operation).success.body === undefined) return checkNoBody(reply, spec);
  return [...checkJsonContentType(reply), ...checkSuccessBody(reply, operation, spec)];
}
