import type { OperationId } from '@petstore/sdk/contract';
import { RefusedRequestError, type RefusalCode, type RefusedRequest } from '../core/index.js';

/** Which refused requests a test expects: every field given must match; none given, any refusal. */
export interface RefusalMatch {
  /** The operation its route and method name (absent for a path or method the API lacks). */
  operation?: OperationId;
  /** Any case: `'post'` matches `POST`. */
  method?: string;
  /** The path as the mock's journal shows it, without the query string: `/v1/pets`. */
  path?: string;
  status?: number;
  code?: RefusalCode;
}

const matches = (match: RefusalMatch, request: RefusedRequest): boolean =>
  (match.operation === undefined || match.operation === request.operation) &&
  (match.method === undefined || match.method.toUpperCase() === request.method.toUpperCase()) &&
  (match.path === undefined || match.path === request.path) &&
  (match.status === undefined || match.status === request.status) &&
  (match.code === undefined || match.code === request.code);

/** `expectRefused(...)` as the test wrote it, for a message. */
const describeMatch = (match: RefusalMatch): string => `expectRefused(${Object.keys(match).length === 0 ? '' : JSON.stringify(match)})`;

/** The one line a test writes to say it means to send `request`. */
const suggestion = (request: RefusedRequest): string =>
  `expectRefused(${JSON.stringify(request.operation ? { operation: request.operation, code: request.code } : { method: request.method, path: request.path, code: request.code })})`;

/**
 * Why a test fails for what the mock refused while it ran, or undefined: each
 * refused request must be one the test expected, and each expectation must
 * have met one. Several unexpected refusals fail it once, naming each.
 */
export function checkRefusals(refused: readonly RefusedRequest[], expected: readonly RefusalMatch[]): Error | undefined {
  const unexpected = refused.filter((request) => !expected.some((match) => matches(match, request)));
  if (unexpected.length > 0) {
    const errors = unexpected.map((request) => new RefusedRequestError(request));
    const hint = `A test that means to send ${unexpected.length === 1 ? 'it' : 'them'} says so first: ${[...new Set(unexpected.map(suggestion))].join(', ')}.`;
    const [only] = errors;
    if (only && errors.length === 1) {
      only.message = `${only.message}\n${hint}`;
      return only;
    }
    return new AggregateError(errors, `The mock refused ${errors.length} requests of this test:\n${errors.map(({ message }) => `  - ${message}`).join('\n')}\n${hint}`);
  }
  const unmet = expected.filter((match) => !refused.some((request) => matches(match, request)));
  if (unmet.length > 0) {
    const came = refused.length === 0 ? 'it refused none' : `it refused only ${refused.map(({ method, path, status, code }) => `${method} ${path} (${status} ${code})`).join(', ')}`;
    return new Error(`The test expected a refused request (${unmet.map(describeMatch).join(', ')}), but ${came}.`);
  }
  return undefined;
}
