import type { OperationId } from '@petstore/sdk/contract';
import type { ErrorExplanation } from '../api/exchange.js';

/** What the mock knows of a request it refused. */
export interface RefusedRequest extends ErrorExplanation {
  method: string;
  /** Percent-encoded, without the query string. */
  path: string;
  status: number;
  requestId: string;
  /** The operation it reached, when its route and method name one (a refused body or query); absent for a path or method the API lacks. */
  operation?: OperationId;
}

/**
 * A request the contract refuses that nothing in the test staged: thrown out of
 * band by `onRefusedRequest: 'error'`, so the test runner reports it even when
 * the app swallows the answer. The message ends with the field-level
 * explanation the Error body gave.
 */
export class RefusedRequestError extends Error {
  override name = 'RefusedRequestError' as const;
  readonly request: RefusedRequest;

  constructor(request: RefusedRequest) {
    super(
      `The mock refused ${request.method} ${request.path} with ${request.status} ${request.code} (request ${request.requestId}), and nothing in the test staged that failure: ${request.message}`,
    );
    this.request = request;
  }

  /** A brand that holds across realms, where `instanceof` does not. */
  get isRefusedRequestError(): true {
    return true;
  }
}
