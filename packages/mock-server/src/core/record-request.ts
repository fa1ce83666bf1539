import type { ErrorExplanation } from './api/exchange.js';
import type { Answer } from './answer-operation.js';
import type { MockApiParts } from './mock-api-parts.js';
import { isAdminPath } from './paths.js';
import type { RequestExchange } from './request-exchange.js';

/**
 * Keeps what came and how it was answered in the journal (unless a reset came
 * meanwhile), and reports a request the core refused to `onRefusedRequest`.
 */
export function recordRequest(parts: MockApiParts, exchange: RequestExchange, { result, operation }: Answer, error: ErrorExplanation | undefined): void {
  const { request, requestId } = exchange;
  const refused = exchange.refused && error !== undefined;
  if (exchange.recording && parts.requests.generation === exchange.generation) {
    parts.requests.record({
      at: exchange.arrived,
      requestId,
      method: request.method,
      path: request.path,
      operation,
      query: request.query,
      headers: request.headers,
      body: exchange.bodyBytes,
      status: result.status,
      fault: result.fault,
      error,
      refused,
    });
  }
  // The admin API is the test's own: its refusals reach the test as answers.
  if (refused && parts.reportRefusal && !isAdminPath(request.path)) {
    parts.reportRefusal({ method: request.method, path: request.path, status: result.status, requestId, ...(operation && { operation }), ...error });
  }
}
