import type { ErrorExplanation } from '../api/exchange.js';

/** What the mock knows of a request it refused. */
export interface RefusedRequest extends ErrorExplanation {
  method: string;
  /** Percent-encoded, without the query string. */
  path: string;
  status: number;
  requestId: string;
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
