import { finding, shown, type Finding, type Level, type Reply } from './checks.js';

/**
 * An answer as the mock server gives it on a store it seeded: exact ids,
 * messages and headers. Each field given must hold; those not given are not
 * looked at.
 */
export interface ExactAnswer {
  status: number;
  /** The Error body's code, for error answers. */
  code?: string;
  /** The Error body's message, exactly or as a pattern. */
  message?: string | RegExp;
  /** The whole JSON body. */
  body?: unknown;
  /** Ids of the animals of a list, in order. */
  ids?: number[];
  /** Headers that must be present with these values (names in lower case). */
  headers?: Readonly<Record<string, string | RegExp>>;
  /** Headers that must be absent (names in lower case). */
  withoutHeaders?: readonly string[];
  /** What the JSON body must contain: each field given, at any depth; an array item for item. */
  matches?: unknown;
  /** The body as text, for answers that are not JSON (a staged malformed body). */
  text?: string | RegExp;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The same JSON value: objects with the same fields, in any order; arrays item for item. */
function sameJson(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected)) return Array.isArray(actual) && actual.length === expected.length && expected.every((item, index) => sameJson(actual[index], item));
  if (isObject(expected)) {
    const keys = Object.keys(expected);
    return isObject(actual) && Object.keys(actual).length === keys.length && keys.every((key) => Object.hasOwn(actual, key) && sameJson(actual[key], expected[key]));
  }
  return Object.is(actual, expected);
}

/** `expected`'s fields hold in `actual`, at any depth (other fields allowed); an array has as many items, each matched. */
function contains(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected)) return Array.isArray(actual) && actual.length === expected.length && expected.every((item, index) => contains(actual[index], item));
  if (isObject(expected)) return isObject(actual) && Object.keys(expected).every((key) => Object.hasOwn(actual, key) && contains(actual[key], expected[key]));
  return Object.is(actual, expected);
}

const fits = (text: string | null, expected: string | RegExp): boolean => (typeof expected === 'string' ? text === expected : text !== null && expected.test(text));

function parsed(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/**
 * The answer against `expected`, every difference a finding at `level`: a
 * wrong status alone (the rest would follow from it). Whatever `expected`
 * says, every answer carries an `X-Request-Id`; a 204 has no body; a body
 * `expected` gives as text is not JSON; any other is `application/json`, and
 * an error's is an Error (`code` and `message` strings, `status` the HTTP status).
 */
export function checkExactAnswer(reply: Reply, expected: ExactAnswer, level: Level, spec: string): Finding[] {
  const differs = (what: string, wanted: string, received: string) => finding(level, what, wanted, received, spec);
  if (reply.status !== expected.status) return [differs('status', String(expected.status), String(reply.status))];
  const findings: Finding[] = [];
  if (!reply.headers.get('x-request-id')) findings.push(differs('header X-Request-Id', 'present', '(none)'));
  if (reply.bodyError !== undefined) findings.push(differs('body', 'read whole', reply.bodyError));
  else if (reply.status === 204) {
    if (reply.text !== '') findings.push(differs('body', '(empty)', shown(reply.text)));
  } else if (expected.text !== undefined) {
    if (!fits(reply.text, expected.text)) findings.push(differs('body', String(expected.text), shown(reply.text)));
    if (parsed(reply.text)) findings.push(differs('body', 'not JSON', shown(reply.text)));
  } else {
    findings.push(...jsonAnswer(reply, expected, differs));
  }
  for (const [name, value] of Object.entries(expected.headers ?? {})) {
    const received = reply.headers.get(name);
    if (!fits(received, value)) findings.push(differs(`header ${name}`, String(value), received ?? '(none)'));
  }
  for (const name of expected.withoutHeaders ?? []) {
    const received = reply.headers.get(name);
    if (received !== null) findings.push(differs(`header ${name}`, '(none)', received));
  }
  return findings;
}

/** A JSON answer's content type and body against `expected`. */
function jsonAnswer(reply: Reply, expected: ExactAnswer, differs: (what: string, wanted: string, received: string) => Finding): Finding[] {
  const findings: Finding[] = [];
  const type = reply.headers.get('content-type');
  if (type !== 'application/json') findings.push(differs('header content-type', 'application/json', type ?? '(none)'));
  const body = parsed(reply.text);
  if (!body) return [...findings, differs('body', 'JSON', reply.text === '' ? '(empty)' : shown(reply.text))];
  const { value } = body;
  const error = isObject(value) ? value : {};
  if (reply.status >= 400) {
    const isError = sameJson(Object.keys(error).sort(), ['code', 'message', 'status']) && typeof error['code'] === 'string' && typeof error['message'] === 'string' && error['status'] === reply.status;
    if (!isError) findings.push(differs('body', `an Error: code and message strings, status ${reply.status}`, shown(reply.text)));
  }
  if (expected.code !== undefined && error['code'] !== expected.code) findings.push(differs('body.code', expected.code, shown(error['code'])));
  if (expected.message !== undefined && !fits(typeof error['message'] === 'string' ? error['message'] : null, expected.message)) {
    findings.push(differs('body.message', String(expected.message), shown(error['message'])));
  }
  if (expected.body !== undefined && !sameJson(value, expected.body)) findings.push(differs('body', shown(expected.body), shown(reply.text)));
  if (expected.matches !== undefined && !contains(value, expected.matches)) findings.push(differs('body', `to contain ${shown(expected.matches)}`, shown(reply.text)));
  if (expected.ids !== undefined) {
    const ids = Array.isArray(value) ? value.map((item: unknown) => (isObject(item) ? item['id'] : undefined)) : undefined;
    if (!sameJson(ids, expected.ids)) findings.push(differs('body[].id', shown(expected.ids), shown(ids ?? value)));
  }
  return findings;
}
