import { handleAdmin } from './admin/admin.js';
import { answerHeaders } from './api/answer-headers.js';
import type { MockRequest, MockResponse } from './api/exchange.js';
import { answerOperation, type Answer } from './answer-operation.js';
import { authenticate } from './authenticate.js';
import { explainError } from './journal/explain-error.js';
import type { MockApiParts } from './mock-api-parts.js';
import { isAdminPath, isApiPath, OPENAPI_PATH } from './paths.js';
import { recordRequest } from './record-request.js';
import { RequestExchange } from './request-exchange.js';
import { resolveOperation, routeNotFound } from './resolve-operation.js';

/**
 * One request through the mock, top to bottom: it is answered (the preflight,
 * the OpenAPI document, the admin API or an operation), recorded, and its
 * answer given the shared headers. The profile's error codes are the wire's
 * only: the journal, the log and onRefusedRequest keep the kit's kinds
 * (`not_found`), the same whichever service is mimicked; a staged body is the
 * test's, as written.
 */
export async function handleRequest(parts: MockApiParts, original: MockRequest): Promise<MockResponse> {
  const exchange = new RequestExchange(parts, original);
  const answer = await answerRequest(parts, exchange);
  const { result } = answer;
  const error = explainError(result.status, result.body);
  recordRequest(parts, exchange, answer, error);
  const headers = answerHeaders(parts.cors, exchange.request, result, exchange.requestId);
  const body = exchange.failed ? parts.renameErrorCode(result.body) : result.body;
  return { status: result.status, headers, body, ...(result.fault && { fault: result.fault }), ...(error && { error }) };
}

/**
 * What answers a request, in order: a preflight; the OpenAPI document; a 404
 * outside the API (nothing there is secret: a path missing its base path
 * learns which operation it meant, key or not); then the key; the admin API;
 * an operation. An error is answered once the staged delay has passed.
 */
async function answerRequest(parts: MockApiParts, exchange: RequestExchange): Promise<Answer> {
  const { request } = exchange;
  if (request.method === 'OPTIONS') return { result: { status: 204, body: undefined, headers: parts.cors.preflightHeaders(request.headers) } };
  const staged = parts.serverOutcome();
  try {
    if (request.path === OPENAPI_PATH && (request.method === 'GET' || request.method === 'HEAD')) {
      await exchange.pause(staged);
      return { result: { status: 200, body: parts.documentText() } };
    }
    if (!isAdminPath(request.path) && !isApiPath(request.path)) throw routeNotFound(request, parts.mountPath);
    authenticate(request.headers, parts.isAcceptedKey, parts.choices.challenge);
    if (isAdminPath(request.path)) {
      await exchange.pause(staged);
      return { result: await handleAdmin(request, parts.admin) };
    }
    return await answerOperation(parts, exchange, resolveOperation(request, parts.mountPath));
  } catch (error) {
    return { result: await exchange.failLate(error, staged) };
  }
}
