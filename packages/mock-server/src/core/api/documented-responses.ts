import type { OperationId } from '@petstore/sdk/contract';

interface DocumentedOperation {
  operationId: OperationId;
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
}

/** An operation's documented responses: its success, and its errors by status, each with its example body. */
export interface DocumentedResponses {
  success: { status: number; body: string };
  errors: Map<number, string>;
  /** Every status it documents, example or not: what an override may answer. */
  statuses: ReadonlySet<number>;
}

/**
 * The responses the OpenAPI document lists for each operation, with their
 * example bodies: what `Prefer: code=NNN` and the faults answer (as Prism does),
 * and the body a stalled or malformed answer is cut from.
 */
export function documentedResponses(document: Record<string, unknown>): Map<OperationId, DocumentedResponses> {
  const byOperation = new Map<OperationId, DocumentedResponses>();
  const paths = document['paths'] as Record<string, Record<string, DocumentedOperation>>;
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      const documented: DocumentedResponses = { success: { status: 200, body: '' }, errors: new Map(), statuses: new Set(Object.keys(operation.responses).map(Number)) };
      for (const [status, response] of Object.entries(operation.responses)) {
        const example = response.content?.['application/json']?.example;
        if (example === undefined) continue;
        if (Number(status) >= 400) documented.errors.set(Number(status), JSON.stringify(example));
        else if (Number(status) < 300) documented.success = { status: Number(status), body: JSON.stringify(example) };
      }
      byOperation.set(operation.operationId, documented);
    }
  }
  return byOperation;
}
