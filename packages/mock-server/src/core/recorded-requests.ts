import { OPERATION_IDS, type OperationId } from '@petstore/sdk/contract';
import * as z from 'zod/mini';
import type { RequestHeaders } from './exchange.js';
import { parseQuery } from './parse-query.js';

const values = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

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
  query: values,
  /** Without `Authorization`, `Proxy-Authorization` and `Cookie`. */
  headers: values,
  /** The parsed JSON body, its text when it is not JSON; absent when none was read. */
  body: z.optional(z.unknown()),
  /** 0 when a fault closed the connection without an answer. */
  status: z.int(),
  /** A fault below HTTP that answered instead. */
  fault: z.optional(z.enum(['reset', 'empty', 'stall'])),
});
export type RecordedRequest = z.infer<typeof RecordedRequest>;

/** Which recorded requests to list: every field given must match. */
export interface RequestFilter {
  operation?: OperationId | undefined;
  method?: string | undefined;
  status?: number | undefined;
}

/** The requests the mock answered: the newest `size` of them. */
export interface RecordedRequests {
  /** Oldest first (newest last), optionally filtered. */
  list(filter?: RequestFilter): RecordedRequest[];
  clear(): void;
  /** How many are kept at most; 0: recording is off. */
  readonly size: number;
}

/** Default number of requests kept. */
export const DEFAULT_RECORDED_REQUESTS = 1_000;

/** Headers that carry credentials: never recorded. */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie']);

/**
 * What the request path keeps of a request: references and numbers only. The
 * work of making it readable (the date, the query, the headers without
 * credentials, the parsed body) is done when someone lists the requests.
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
  body: string | undefined;
  status: number;
  fault: 'reset' | 'empty' | 'stall' | undefined;
}

function recordedHeaders(headers: RequestHeaders): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !SECRET_HEADERS.has(name)) kept[name] = typeof value === 'string' ? value : [...value];
  }
  return kept;
}

/** A recorded body: its JSON where it is JSON, else its text. */
function parseRecordedBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function readable(raw: RawRecord): RecordedRequest {
  return {
    time: new Date(raw.at).toISOString(),
    requestId: raw.requestId,
    method: raw.method,
    path: raw.path,
    ...(raw.operation && { operation: raw.operation }),
    query: { ...parseQuery(raw.query) } as Record<string, string | string[]>,
    headers: recordedHeaders(raw.headers),
    ...(raw.body !== undefined && { body: parseRecordedBody(raw.body) }),
    status: raw.status,
    ...(raw.fault && { fault: raw.fault }),
  };
}

/** A bounded record: past `size`, the oldest request goes (a ring, so recording costs O(1)). */
export function createRecordedRequests(size = DEFAULT_RECORDED_REQUESTS): RecordedRequests & { record(request: RawRecord): void } {
  let ring: RawRecord[] = [];
  // Where the next request goes once the ring is full.
  let next = 0;
  const inOrder = () => (ring.length < size ? ring : [...ring.slice(next), ...ring.slice(0, next)]);
  return {
    size,
    record(request) {
      if (size === 0) return;
      if (ring.length < size) ring.push(request);
      else {
        ring[next] = request;
        next = (next + 1) % size;
      }
    },
    list: (filter = {}) =>
      inOrder()
        .filter(
          (entry) =>
            (filter.operation === undefined || entry.operation === filter.operation) &&
            (filter.method === undefined || entry.method === filter.method.toUpperCase()) &&
            (filter.status === undefined || entry.status === filter.status),
        )
        .map(readable),
    clear() {
      ring = [];
      next = 0;
    },
  };
}
