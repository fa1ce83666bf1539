import { OPERATIONS, type OperationDefinition, type OperationId } from '@petstore/sdk/contract';

interface DocumentedOperation {
  operationId: string;
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
}

/** An operation's success as staging answers it: the table's status, and the documented example of its body (undefined: the success has none). */
export interface DocumentedSuccess {
  status: number;
  /** JSON text; undefined where the table gives the success no body (a 204). */
  body: string | undefined;
}

/** An operation's documented responses: its success, and its errors by status, each with its example body. */
export interface DocumentedResponses {
  success: DocumentedSuccess;
  errors: Map<number, string>;
  /** Every status it documents, example or not: what an override may answer. */
  statuses: ReadonlySet<number>;
}

/**
 * The responses each operation of `operations` (the contract's table) answers
 * when staged, with the example bodies of the OpenAPI `document`: what
 * `Prefer: code=NNN` and the faults answer (as Prism does), and the body a
 * stalled or malformed answer is cut from. The success's status and whether it
 * has a body are the table's, never read from an example: the document only
 * lends the words. A success with a body and no example fails here, naming it.
 * Without `operations`, the kit's own table.
 */
export function documentedResponses(document: Record<string, unknown>): Map<OperationId, DocumentedResponses>;
export function documentedResponses<Id extends string>(document: Record<string, unknown>, operations: Readonly<Record<Id, OperationDefinition>>): Map<Id, DocumentedResponses>;
export function documentedResponses(document: Record<string, unknown>, operations: Readonly<Record<string, OperationDefinition>> = OPERATIONS): Map<string, DocumentedResponses> {
  const documentedOperations = operationsOf(document);
  const byOperation = new Map<string, DocumentedResponses>();
  for (const [operationId, definition] of Object.entries(operations)) {
    const responses = documentedOperations.get(operationId) ?? {};
    const examples = new Map(Object.entries(responses).flatMap(([status, response]) => {
      const example = response.content?.['application/json']?.example;
      return example === undefined ? [] : [[Number(status), JSON.stringify(example)] as const];
    }));
    byOperation.set(operationId, {
      success: successOf(operationId, definition, examples),
      errors: new Map([...examples].filter(([status]) => status >= 400)),
      statuses: new Set(Object.keys(responses).map(Number)),
    });
  }
  return byOperation;
}

/** The table's success of `definition`, its body the document's example for that status. */
function successOf(operationId: string, { success }: OperationDefinition, examples: ReadonlyMap<number, string>): DocumentedSuccess {
  if (success.body === undefined) return { status: success.status, body: undefined };
  const body = examples.get(success.status);
  if (body === undefined) throw new TypeError(`${operationId}'s success ${success.status} has a body, but the OpenAPI document gives it no example: a stalled or malformed answer is cut from it`);
  return { status: success.status, body };
}

/** Each operation of the document's paths, by its `operationId`. */
function operationsOf(document: Record<string, unknown>): Map<string, DocumentedOperation['responses']> {
  const paths = document['paths'] as Record<string, Record<string, DocumentedOperation>>;
  const operations = Object.values(paths).flatMap((item) => Object.values(item).filter((operation) => typeof operation?.operationId === 'string'));
  return new Map(operations.map((operation) => [operation.operationId, operation.responses] as const));
}
