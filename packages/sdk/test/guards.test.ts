// The type guards across realms: the SDK bundled and run in a node:vm context
// (as in an iframe, or a second copy of the SDK), its errors checked here.
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';
import type * as sdk from '@petstore/sdk';
import {
  isApiError,
  isConnectionError,
  isNotFoundError,
  isPetstoreError,
  isServerError,
  isTimeoutError,
  NotFoundError,
  PetstoreError,
  TimeoutError,
} from '@petstore/sdk';
import { beforeAll, describe, expect, it } from 'vitest';

type ForeignSdk = typeof sdk;
let foreign: ForeignSdk;

beforeAll(async () => {
  const bundle = await build({
    stdin: { contents: "export * from '@petstore/sdk';", resolveDir: import.meta.dirname },
    bundle: true,
    format: 'iife',
    globalName: 'sdk',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    // The SDK's source, as the suite imports it (vitest.config.ts).
    conditions: ['@petstore/source'],
    write: false,
    logLevel: 'error',
  });
  // The other realm has its own Error and classes; it borrows only the web APIs that V8 alone lacks.
  const context: { sdk?: ForeignSdk } & Record<string, unknown> = { TextEncoder, TextDecoder, URL, Headers };
  runInNewContext(bundle.outputFiles[0]!.text, context);
  foreign = context.sdk!;
});

const init = { status: 404, code: 'not_found', message: 'gone', body: undefined, rawBody: '', headers: new Headers(), requestId: undefined, request: 'GET x' };

describe('type guards', () => {
  it('accept an error of the SDK from another realm, where instanceof fails', () => {
    const error: unknown = new foreign.NotFoundError(init);
    expect(error).not.toBeInstanceOf(NotFoundError);
    expect(error).not.toBeInstanceOf(Error);
    expect(isNotFoundError(error)).toBe(true);
    expect(isApiError(error)).toBe(true);
    expect(isPetstoreError(error)).toBe(true);
    expect(isServerError(error)).toBe(false);
  });

  it('accept their own errors by class', () => {
    expect(isNotFoundError(new NotFoundError(init))).toBe(true);
    expect(isTimeoutError(new TimeoutError('slow'))).toBe(true);
    expect(isPetstoreError(new TimeoutError('slow'))).toBe(true);
  });

  it('refuse an unrelated error that only shares a name', () => {
    expect(isTimeoutError(new DOMException('The operation timed out.', 'TimeoutError'))).toBe(false);
    expect(isTimeoutError(AbortSignal.timeout(0).reason)).toBe(false);
    expect(isPetstoreError(new DOMException('x', 'TimeoutError'))).toBe(false);
    expect(isNotFoundError(Object.assign(new Error('x'), { name: 'NotFoundError' }))).toBe(false);
    expect(isConnectionError(new TypeError('fetch failed'))).toBe(false);
  });

  it('refuse values that are not errors at all', () => {
    for (const value of [undefined, null, 'TimeoutError', 42, {}]) expect(isPetstoreError(value)).toBe(false);
    expect(new PetstoreError('x').isPetstoreError).toBe(true);
  });
});
