import type { NewPet } from '@petstore/sdk';
import type { OperationId } from '@petstore/sdk/contract';

/** A fault as `POST /__admin/faults` takes it (packages/mock-server/README.md, "Test controls"). */
export interface FaultSpec {
  operation: OperationId;
  status?: number;
  kind?: 'reset' | 'empty' | 'malformed' | 'stall';
  times?: number;
  delayMs?: number;
  retryAfter?: number;
}

/** What `GET /__admin/requests` tells of one request, as far as the suite reads it. */
export interface RecordedRequest {
  requestId: string;
  /** Lower-case names; a secret's value is `[redacted]`. */
  headers: Record<string, string | string[]>;
  method: string;
  path: string;
  operation?: OperationId;
  status: number;
}

/** The mock server's test controls, over plain fetch: the SDK has no admin API. */
export interface MockAdmin {
  /** The store back to `seed`, faults disarmed, the request journal emptied. */
  reset(seed: readonly NewPet[]): Promise<void>;
  arm(fault: FaultSpec): Promise<void>;
  /** The API requests the mock answered since the last reset, oldest first. */
  requests(operation: OperationId): Promise<RecordedRequest[]>;
}

/** `baseUrl` is the API's (`…/v1`); the admin API sits at `/__admin` on the same origin, reached through `fetchImpl`. */
export function createMockAdmin(baseUrl: string, apiKey: string, fetchImpl: typeof fetch = fetch): MockAdmin {
  const adminUrl = (path: string) => new URL(`/__admin/${path}`, baseUrl).href;
  const authorization = `Bearer ${apiKey}`;

  async function send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { authorization };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetchImpl(adminUrl(path), { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
    if (!response.ok) throw new Error(`${method} /__admin/${path} answered ${response.status}: ${await response.text()}`);
    return response;
  }

  return {
    reset: async (seed) => {
      await (await send('POST', 'reset', { seed })).body?.cancel();
    },
    arm: async (fault) => {
      await (await send('POST', 'faults', fault)).json();
    },
    requests: async (operation) => (await (await send('GET', `requests?operation=${operation}`)).json()) as RecordedRequest[],
  };
}
