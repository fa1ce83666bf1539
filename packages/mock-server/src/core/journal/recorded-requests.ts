import { describeIssue, formatIssues, OPERATION_IDS, type OperationId } from '@petstore/sdk/contract';
import * as z from 'zod/mini';
import type { ErrorExplanation, RequestHeaders } from '../api/exchange.js';
import { heapBytesOf, ownCopy } from '../api/heap-bytes.js';
import { parseQuery } from '../api/parse-query.js';
import { keepHeaders, listHeaders, MAX_RECORDED_HEADERS } from './kept-headers.js';
import { readRecordedInput, type RecordedInput } from './recorded-input.js';
import { RecordQueue } from './record-queue.js';
import { holdsSecret } from './secret-names.js';

const values = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/** Most bytes of a body (UTF-8), of a path, a query string or an error message (characters), and of the headers (as V8 keeps them) one recorded request keeps: 16 KiB. */
export const MAX_RECORDED_TEXT_BYTES = 16 * 1024;
/** Most bytes the whole journal keeps, as V8 keeps its entries: past it, the oldest requests go. */
export const MAX_JOURNAL_BYTES = 16 * 1024 * 1024;
/**
 * What V8 keeps for a recorded entry besides its strings, rounded up: the
 * entry's object, its time, its error's object, its slot in the queue
 * (docs/decisions.md, "Journal and override bounds", has what was measured).
 */
const ENTRY_BYTES = 512;
/** The largest `--journal-size`, and so the largest `limit` of a listing. */
export const MAX_JOURNAL_SIZE = 1_000_000;

/** A request the mock answered, as a test asserts on it. */
export const RecordedRequest = /* @__PURE__ */ z.object({
  /** When it arrived, ISO 8601. */
  time: z.string(),
  requestId: z.string(),
  method: z.string(),
  /** Percent-encoded, without the query string. */
  path: z.string(),
  /** The API operation it reached, if any. */
  operation: z.optional(z.enum(OPERATION_IDS)),
  /** Parameters whose names say they hold a secret have the value `[redacted]`. */
  query: values,
  /** Headers whose names say they hold a secret (`Authorization`, `Cookie`, `X-Api-Key`, …) have the value `[redacted]`. */
  headers: values,
  headersOmitted: z.optional(
    z
      .int()
      .check(
        z.describe(
          `How many headers (each value of a repeated one) the entry left out: it keeps at most ${MAX_RECORDED_HEADERS}, within 16 KiB. Present only when some were; the entry is then \`truncated\` too.`,
        ),
      ),
  ),
  /** The parsed JSON body, its text when it is not JSON or was cut; absent when none was read. */
  body: z.optional(z.unknown()),
  parsed: z.optional(
    z
      .record(z.string(), z.unknown())
      .check(
        z.describe(
          'The request as the contract reads it, present only when it met the contract: each path parameter by its name (getPet {petId}), the query where the operation reads one (listPets {query}, defaults applied), the body where it takes one (createPet {body}). Absent when the request broke the contract or its body was never read.',
        ),
      ),
  ),
  truncated: z.optional(
    z.literal(true).check(z.describe(`Present when the body, path, query, error message or headers were longer than 16 KiB, or the headers more than ${MAX_RECORDED_HEADERS}: the entry keeps the first 16 KiB of each text, a cut body as text, and the headers that fit.`)),
  ),
  /** 0 when a fault closed the connection without an answer. */
  status: z.int(),
  /** A fault below HTTP that answered instead. */
  fault: z.optional(z.enum(['reset', 'empty', 'stall'])),
  error: z.optional(
    z.object({ code: z.string(), message: z.string() }).check(z.describe("An error answer's code and message, as the request log shows them: the kit's code, which a service profile may spell otherwise in the body it sends.")),
  ),
  refused: z.optional(
    z
      .literal(true)
      .check(z.describe('Present when the contract refused the request and the test staged no failure for it: the requests onRefusedRequest reports. A test asserts there are none with `requests.list({ refused: true })`.')),
  ),
});
export type RecordedRequest = z.infer<typeof RecordedRequest>;

/** A recorded request of `Op`: `parsed` typed from the contract (`createPet` → `{ body: NewPet }`), present only when the request met it. */
export type RecordedCall<Op extends OperationId> = Omit<RecordedRequest, 'operation' | 'parsed'> & { operation: Op; parsed?: RecordedInput[Op] };

const limitMessage = `must be an integer from 1 to ${MAX_JOURNAL_SIZE}`;
const statusMessage = 'must be an HTTP status, e.g. 201';

/** Which recorded requests to list: every field given must match. */
export const RequestFilter = /* @__PURE__ */ z.strictObject({
  operation: z.optional(z.enum(OPERATION_IDS, { error: `must be one of ${OPERATION_IDS.join(', ')}` }).check(z.describe('Only the requests that reached this operation.'))),
  requestId: z.optional(z.string().check(z.maxLength(128, 'must be at most 128 characters'), z.describe('Only the request with this id (its X-Request-Id).'))),
  method: z.optional(z.string().check(z.describe('Only the requests of this method (any case).'))),
  status: z.optional(
    z.int({ error: statusMessage }).check(z.minimum(100, statusMessage), z.maximum(999, statusMessage), z.describe('Only the requests answered with this status.')),
  ),
  limit: z.optional(
    z
      .int({ error: limitMessage })
      .check(z.minimum(1, limitMessage), z.maximum(MAX_JOURNAL_SIZE, limitMessage), z.describe('Only the newest N of those that match, still newest last; without it, every one kept.')),
  ),
  refused: z.optional(
    z.boolean({ error: 'must be true or false' }).check(z.describe('Only the requests the contract refused (true), or only the others (false): see the entries\' `refused`.')),
  ),
  since: z.optional(
    z.iso
      .datetime({ offset: true, error: 'must be an ISO 8601 time with a zone, e.g. 2026-11-25T10:00:00.000Z' })
      .check(z.describe('Only the requests that arrived at or after this time: ISO 8601 with a zone, e.g. 2026-11-25T10:00:00.000Z.')),
  ),
});
/** The filter in code: the schema's fields, `since` also as a Date. */
export type RequestFilter = Omit<z.input<typeof RequestFilter>, 'since'> & { since?: string | Date | undefined };

/** Checks a filter as it arrives: `location` leads each message (`query` for the admin API). */
export function parseRequestFilter(value: unknown, location: 'query' | ''): { filter: z.infer<typeof RequestFilter> } | { error: string } {
  // A Date in code stands for its ISO time; an invalid one stays a Date, which the schema refuses.
  const since = value instanceof Object && 'since' in value ? value.since : undefined;
  const input = since instanceof Date && !Number.isNaN(since.getTime()) ? { ...(value as object), since: since.toISOString() } : value;
  const result = z.safeParse(RequestFilter, input, { error: describeIssue });
  return result.success ? { filter: result.data } : { error: formatIssues(location, result.error.issues) };
}

/** The requests the mock answered: the newest `size` of them, within 16 MiB. */
export interface RecordedRequests {
  /** The requests of one operation, oldest first, each `parsed` as the contract types it. Throws a TypeError naming a bad field. */
  list<Op extends OperationId>(filter: RequestFilter & { operation: Op }): RecordedCall<Op>[];
  /** Oldest first (newest last), optionally filtered. Throws a TypeError naming a bad field. */
  list(filter?: RequestFilter): RecordedRequest[];
  /** The request answered with this id (the `X-Request-Id` of its response), the newest if a client reused one. */
  get(requestId: string): RecordedRequest | undefined;
  clear(): void;
  /** How many are kept at most; 0: recording is off. */
  readonly size: number;
  /** How many are kept now. */
  readonly count: number;
}

/** Default number of requests kept. */
export const DEFAULT_RECORDED_REQUESTS = 1_000;

/** The value listed for a header or query parameter whose name holds a secret (secret-names.ts). */
const REDACTED = '[redacted]';

/**
 * What the request path hands over: references and numbers only. The work of
 * making it readable (the date, the query, the parsed body, the redaction) is
 * done when someone lists the requests.
 */
export interface RawRecord {
  /** `Date.now()` when it arrived. */
  at: number;
  requestId: string;
  method: string;
  path: string;
  operation: OperationId | undefined;
  query: string;
  headers: RequestHeaders;
  /** The body's bytes as the operation read them. */
  body: Uint8Array | undefined;
  status: number;
  fault: 'reset' | 'empty' | 'stall' | undefined;
  /** The error answer's explanation, as the request log has it. */
  error: ErrorExplanation | undefined;
  /** Whether the contract refused it with nothing staged: what `onRefusedRequest` reports. */
  refused: boolean;
}

/** A record as kept: every text within its bound and of its own (no slice of a request's), and what V8 keeps for it. */
interface KeptRecord extends Omit<RawRecord, 'body' | 'headers'> {
  /** `name\nvalue` lines (kept-headers.ts). */
  headers: string;
  headersOmitted: number;
  body: string | undefined;
  truncated: boolean;
  bytes: number;
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/**
 * The first 16 KiB of `bytes` as text, cut before a character that does not
 * fit whole. A fresh string: a cut never keeps the whole text alive.
 */
const prefixOf = (bytes: Uint8Array): string => new TextDecoder().decode(bytes.subarray(0, MAX_RECORDED_TEXT_BYTES), { stream: true });

/** A text within the bound, of its own: a copy when it fits, else its first 16 KiB. */
const bounded = (text: string): string =>
  text.length <= MAX_RECORDED_TEXT_BYTES ? ownCopy(text) : prefixOf(encoder.encode(text.slice(0, MAX_RECORDED_TEXT_BYTES)));

/**
 * A record within its bounds, counted as V8 keeps it. The request path only
 * counts and copies what it must (a path is a slice of the request's URL, a
 * body's bytes may share a larger buffer); the parsing, the dates and the
 * redaction wait for a listing.
 */
function keep(raw: RawRecord): KeptRecord {
  const path = bounded(raw.path);
  const query = bounded(raw.query);
  const headers = keepHeaders(raw.headers, MAX_RECORDED_TEXT_BYTES);
  const bodyCut = raw.body !== undefined && raw.body.length > MAX_RECORDED_TEXT_BYTES;
  const body = raw.body === undefined ? undefined : bodyCut ? prefixOf(raw.body) : decoder.decode(raw.body);
  const error = raw.error && { code: bounded(raw.error.code), message: bounded(raw.error.message) };
  const errorCut = error !== undefined && error.message.length < (raw.error?.message.length ?? 0);
  const requestId = ownCopy(raw.requestId);
  return {
    at: raw.at,
    requestId,
    method: raw.method,
    path,
    operation: raw.operation,
    query,
    headers: headers.text,
    headersOmitted: headers.omitted,
    body,
    status: raw.status,
    fault: raw.fault,
    error,
    refused: raw.refused,
    truncated: path.length < raw.path.length || query.length < raw.query.length || headers.omitted > 0 || bodyCut || errorCut,
    bytes:
      ENTRY_BYTES +
      heapBytesOf(requestId) +
      heapBytesOf(raw.method) +
      heapBytesOf(path) +
      heapBytesOf(query) +
      headers.bytes +
      (body === undefined ? 0 : heapBytesOf(body)) +
      (error === undefined ? 0 : heapBytesOf(error.code) + heapBytesOf(error.message)),
  };
}

/** Names and values as listed, secrets redacted. fromEntries: a parameter named `__proto__` stays an own property. */
function recordedValues(entries: Iterable<[string, string | readonly string[] | undefined]>): Record<string, string | string[]> {
  return Object.fromEntries(
    [...entries].flatMap(([name, value]) => (value === undefined ? [] : [[name, holdsSecret(name) ? REDACTED : typeof value === 'string' ? value : [...value]]])),
  ) as Record<string, string | string[]>;
}

/** A recorded body: its JSON where it is whole JSON, else its text. */
function parseRecordedBody(text: string, cut: boolean): unknown {
  if (cut) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function readable(kept: KeptRecord): RecordedRequest {
  const body = kept.body === undefined ? undefined : parseRecordedBody(kept.body, kept.truncated);
  // A cut entry is not what was sent: the contract does not read it.
  const parsed = kept.operation && !kept.truncated ? readRecordedInput(kept.operation, { path: kept.path, query: kept.query, body }) : undefined;
  return {
    time: new Date(kept.at).toISOString(),
    requestId: kept.requestId,
    method: kept.method,
    path: kept.path,
    ...(kept.operation && { operation: kept.operation }),
    query: recordedValues(Object.entries(parseQuery(kept.query))),
    headers: recordedValues(listHeaders(kept.headers)),
    ...(kept.headersOmitted > 0 && { headersOmitted: kept.headersOmitted }),
    ...(body !== undefined && { body }),
    ...(parsed && { parsed }),
    ...(kept.truncated && { truncated: true as const }),
    status: kept.status,
    ...(kept.fault && { fault: kept.fault }),
    ...(kept.error && { error: { code: kept.error.code, message: kept.error.message } }),
    ...(kept.refused && { refused: true as const }),
  };
}

/** Longest a listing works before it lets other requests be answered. */
const LISTING_SLICE_MS = 4;
// Taken when the module loads: a test's fake timers, installed later, must not stop a listing half-way.
const { setTimeout: realSetTimeout } = globalThis;
/** A macrotask later: the transports' I/O runs in between. (A microtask would not let it.) */
const handBack = (): Promise<void> => new Promise((resolve) => realSetTimeout(resolve, 0));

/** The journal as the core uses it: `listJson` is what `GET /__admin/requests` answers. */
export interface Journal extends RecordedRequests {
  record(request: RawRecord): void;
  /**
   * Counts the clears. A request that arrived before a clear (a reset) and is
   * answered after it (a delayed one, aborted late) is not recorded: the
   * journal after a reset holds only what arrived after it.
   */
  readonly generation: number;
  /**
   * The JSON array `list(filter)` would give, made one entry at a time (a listing never holds every parsed body
   * at once), handing the event loop back every few milliseconds: ten listings of a full journal must not stall
   * the requests of the app under test.
   */
  listJson(filter: z.infer<typeof RequestFilter>): Promise<string>;
}

/** Whether `entry` matches every field `filter` gives. */
function matcher(filter: z.infer<typeof RequestFilter>): (entry: KeptRecord) => boolean {
  const since = filter.since === undefined ? undefined : Date.parse(filter.since);
  const method = filter.method?.toUpperCase();
  return (entry) =>
    (filter.operation === undefined || entry.operation === filter.operation) &&
    (filter.requestId === undefined || entry.requestId === filter.requestId) &&
    (method === undefined || entry.method === method) &&
    (filter.status === undefined || entry.status === filter.status) &&
    (filter.refused === undefined || entry.refused === filter.refused) &&
    (since === undefined || entry.at >= since);
}

/** The JSON array of `entries`, made one at a time, handing the event loop back every few milliseconds. */
async function toJsonInSlices(entries: readonly KeptRecord[]): Promise<string> {
  const parts: string[] = [];
  let since = performance.now();
  for (const entry of entries) {
    parts.push(JSON.stringify(readable(entry)));
    if (performance.now() - since >= LISTING_SLICE_MS) {
      await handBack();
      since = performance.now();
    }
  }
  return `[${parts.join(',')}]`;
}

/**
 * A journal bounded twice: past `size` requests or `maxBytes` of entries as V8
 * keeps them (16 MiB unless told), the oldest requests go (record-queue.ts).
 */
export function createRecordedRequests(size = DEFAULT_RECORDED_REQUESTS, maxBytes = MAX_JOURNAL_BYTES): Journal {
  const queue = new RecordQueue<KeptRecord>(size, maxBytes);
  let generation = 0;
  // The listing under way (listJson), which the next one waits for.
  let listing: Promise<void> = Promise.resolve();
  const select = (filter: z.infer<typeof RequestFilter>): KeptRecord[] => queue.select(matcher(filter), filter.limit);

  return {
    size,
    get count() {
      return queue.count;
    },
    record(request) {
      if (size !== 0) queue.push(keep(request));
    },
    // One implementation behind both overloads: the typed one narrows what the filter already selects.
    list: ((filter: RequestFilter = {}): RecordedRequest[] => {
      const parsed = parseRequestFilter(filter, '');
      if ('error' in parsed) throw new TypeError(`Invalid filter: ${parsed.error}`);
      return select(parsed.filter).map(readable);
    }) as RecordedRequests['list'],
    get: (requestId) => {
      const [entry] = select({ requestId, limit: 1 });
      return entry && readable(entry);
    },
    listJson(filter) {
      // One listing at a time: those waiting hold nothing yet, so ten at once cost the memory of one, not ten.
      const listed = listing.then(() => toJsonInSlices(select(filter)));
      listing = listed.then(
        () => undefined,
        () => undefined,
      );
      return listed;
    },
    get generation() {
      return generation;
    },
    clear() {
      queue.clear();
      generation += 1;
    },
  };
}
