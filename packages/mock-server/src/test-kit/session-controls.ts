import type { OperationId } from '@petstore/sdk/contract';
import type {
  ArmedFault,
  ArmedOverride,
  FaultOptions,
  OverrideAnswer,
  OverrideOptions,
  RecordedCall,
  RecordedRequest,
  RequestFilter,
  SeedPet,
} from '../core/index.js';

/**
 * A session's test controls, over its admin API (`/sessions/NAME/__admin`):
 * the same calls and types as the in-process ones, each a promise, since the
 * server runs in another process. A control the server refuses rejects with
 * its Error body's message.
 */
export interface SessionControls {
  faults: {
    next(operation: OperationId, fault: FaultOptions): Promise<ArmedFault>;
    clear(): Promise<void>;
  };
  overrides: {
    next<Op extends OperationId>(operation: Op, answer: OverrideAnswer<Op>, options?: OverrideOptions<Op>): Promise<ArmedOverride>;
    always<Op extends OperationId>(operation: Op, answer: OverrideAnswer<Op>, options?: Omit<OverrideOptions<Op>, 'times'>): Promise<ArmedOverride>;
    clear(): Promise<void>;
  };
  requests: {
    list<Op extends OperationId>(filter: RequestFilter & { operation: Op }): Promise<RecordedCall<Op>[]>;
    list(filter?: RequestFilter): Promise<RecordedRequest[]>;
  };
  /** The store back to the server's seed (or `seed`), overrides and faults cleared, requests forgotten. */
  reset(seed?: number | SeedPet[]): Promise<void>;
}

/** `filter` as the admin API's query string: `since` as its ISO time. */
function toQuery(filter: RequestFilter): string {
  const entries = Object.entries(filter).flatMap(([name, value]: [string, unknown]) =>
    value === undefined ? [] : [[name, value instanceof Date ? value.toISOString() : String(value)] as [string, string]],
  );
  return entries.length === 0 ? '' : `?${new URLSearchParams(entries)}`;
}

/** The controls of the session whose admin API is at `admin`, sent with `apiKey`. */
export function createSessionControls(admin: string, apiKey: string): SessionControls {
  async function send<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${apiKey}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${admin}${path}`, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
    const text = await response.text();
    if (!response.ok) {
      const message = (() => {
        try {
          return (JSON.parse(text) as { message?: unknown }).message;
        } catch {
          return undefined;
        }
      })();
      throw new Error(`${method} ${admin}${path} answered ${response.status}: ${typeof message === 'string' ? message : text}`);
    }
    return (text === '' ? undefined : JSON.parse(text)) as T;
  }

  const arm = <Op extends OperationId>(operation: Op, answer: OverrideAnswer<Op>, options: OverrideOptions<Op> | undefined) =>
    send<ArmedOverride>('POST', '/overrides', { operation, ...answer, ...options });

  return {
    faults: {
      next: (operation, fault) => send('POST', '/faults', { operation, ...fault }),
      clear: () => send('DELETE', '/faults'),
    },
    overrides: {
      next: (operation, answer, options) => arm(operation, answer, options),
      always: (operation, answer, options) => arm(operation, answer, { ...options, times: 'always' }),
      clear: () => send('DELETE', '/overrides'),
    },
    requests: {
      list: (filter: RequestFilter = {}) => send<never>('GET', `/requests${toQuery(filter)}`),
    },
    reset: (seed) => send('POST', '/reset', seed === undefined ? undefined : { seed }),
  };
}
