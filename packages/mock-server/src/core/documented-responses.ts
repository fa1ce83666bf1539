import { createOpenApiDocument } from '@petstore/sdk/openapi';

interface DocumentedOperation {
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
}

/**
 * The error responses the OpenAPI document lists for each operation, with their
 * example bodies: what `Prefer: code=NNN` may force, answered exactly as
 * documented (as Prism does).
 */
export function documentedErrors(document = createOpenApiDocument()): Map<string, Map<number, string>> {
  const byOperation = new Map<string, Map<number, string>>();
  const paths = document['paths'] as Record<string, Record<string, DocumentedOperation & { operationId: string }>>;
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      const errors = new Map<number, string>();
      for (const [status, response] of Object.entries(operation.responses)) {
        const example = response.content?.['application/json']?.example;
        if (Number(status) >= 400 && example !== undefined) errors.set(Number(status), JSON.stringify(example));
      }
      byOperation.set(operation.operationId, errors);
    }
  }
  return byOperation;
}
