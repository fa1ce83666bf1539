import type { OperationId } from '@petstore/sdk/contract';
import type { MockRequest } from './api/exchange.js';
import type { OperationResult } from './api/operations.js';
import type { MockApiParts } from './mock-api-parts.js';
import type { RequestExchange } from './request-exchange.js';
import { decodeParams, type ResolvedOperation } from './resolve-operation.js';
import { preferredOutcome } from './staged/prefer.js';
import { answers, applyStaged, pickStaged, type StagedOutcome } from './staged/staged.js';

/** What a request was answered with, and which operation answered. */
export interface Answer {
  result: OperationResult;
  operation?: OperationId;
}

/**
 * What is staged for a request of `operationId`: Prefer is checked first, so a malformed one spends
 * nothing armed; an override that answers leaves the armed faults for later requests.
 */
function stagedFor(parts: MockApiParts, request: MockRequest, operationId: OperationId, params: Readonly<Record<string, string>>): StagedOutcome | undefined {
  const preferred = preferredOutcome(request.headers);
  const override = parts.takeOverride({ operationId, params, query: request.query });
  return pickStaged([override, answers(override) ? undefined : parts.takeFault(operationId), preferred, parts.serverOutcome()]);
}

/** Answers an authenticated request of an operation, staged or not; every answer keeps the operation's headers. */
export async function answerOperation(parts: MockApiParts, exchange: RequestExchange, { operation, params }: ResolvedOperation): Promise<Answer> {
  const { operationId } = operation;
  const { request } = exchange;
  let staged = parts.serverOutcome();
  let result: OperationResult;
  try {
    staged = stagedFor(parts, request, operationId, params);
    await exchange.pause(staged);
    result = await applyStaged(
      staged,
      () => parts.staging.documentedOf(operationId),
      async () => operation.run({ request, params: decodeParams(params), store: parts.store, choices: parts.choices }),
      parts.choices.challenge.missingKey,
    );
  } catch (error) {
    result = await exchange.failLate(error, staged);
  }
  // Every response of a deprecated operation says so, its errors included.
  const headers = parts.chosenHeaders[operationId] ?? operation.headers;
  if (headers) result = { ...result, headers: { ...headers, ...result.headers } };
  return { result, operation: operationId };
}
