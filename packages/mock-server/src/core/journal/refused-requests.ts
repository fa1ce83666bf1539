import type { ErrorCode } from '@petstore/sdk/contract';
import { RefusedRequestError, type RefusedRequest } from './refused-request-error.js';

/**
 * What to do with a request the contract refuses, as MSW's `onUnhandledRequest`:
 * `'error'` fails the test that sent it (an uncaught error, whatever the app does
 * with the answer), `'warn'` prints the explanation, `'off'` (the default) only
 * answers, or a function of your own. The request is answered as the service
 * would in every case.
 */
export type OnRefusedRequest = 'error' | 'warn' | 'off' | ((error: RefusedRequestError) => void);

/**
 * The codes of a request the contract refuses: its route, method, key, media
 * type, size, query or body. Not `not_found` (an animal that does not exist is
 * a legitimate answer), nor what the client's timing or the server caused.
 */
const REFUSAL_CODES = ['invalid_request', 'invalid_json', 'unauthorized', 'route_not_found', 'method_not_allowed', 'payload_too_large', 'unsupported_media_type'] as const satisfies readonly ErrorCode[];

/** The `code` of a refused request's Error body. */
export type RefusalCode = (typeof REFUSAL_CODES)[number];

const refusalCodes: ReadonlySet<string> = new Set(REFUSAL_CODES);

export const isRefusal = (code: string): code is RefusalCode => refusalCodes.has(code);

/**
 * Throws `error` where no caller can catch it: the page's `reportError` (a
 * browser, Deno, a DOM environment's window), else an exception in a microtask,
 * which Node.js reports as uncaught. Vitest and Playwright both fail the test
 * running at that moment.
 */
function throwOutOfBand(error: Error): void {
  const report = (globalThis as { reportError?: (error: unknown) => void }).reportError;
  if (typeof report === 'function') report(error);
  else
    queueMicrotask(() => {
      throw error;
    });
}

/** The reaction `option` asks for, or undefined when it asks for none. */
export function createRefusalReporter(option: OnRefusedRequest | undefined): ((request: RefusedRequest) => void) | undefined {
  if (option === undefined || option === 'off') return undefined;
  if (typeof option === 'function') return (request) => option(new RefusedRequestError(request));
  if (option === 'warn') {
    // eslint-disable-next-line no-console -- 'warn' asks for the console, as MSW's own 'warn' strategy prints there.
    return (request) => console.warn(new RefusedRequestError(request).message);
  }
  if (option === 'error') return (request) => throwOutOfBand(new RefusedRequestError(request));
  throw new TypeError(`onRefusedRequest: must be 'error', 'warn', 'off' or a function, got ${JSON.stringify(option)}`);
}
