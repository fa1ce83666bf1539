import type { createCors } from './cors.js';
import type { MockRequest } from './exchange.js';
import type { OperationResult } from './operations.js';

/**
 * The headers of every answer, whoever answers (the core or the sessions
 * layer in front of it): the media type of a body, CORS (a preflight has its
 * own), the answer's own headers, and the request id.
 */
export function answerHeaders(cors: ReturnType<typeof createCors>, request: MockRequest, result: OperationResult, requestId: string): Record<string, string> {
  const headers: Record<string, string> = {};
  if (result.body !== undefined) headers['content-type'] = 'application/json';
  if (request.method !== 'OPTIONS') cors.addResponseHeaders(request.headers, headers);
  if (result.headers) Object.assign(headers, result.headers);
  headers['x-request-id'] = requestId;
  return headers;
}
