import { randomBytes } from 'node:crypto';
import sdkPackageJson from '@petstore/sdk/package.json' with { type: 'json' };
import { ConnectionError, ResponseTooLargeError, type Logger } from '@petstore/sdk';
import { describeConnectionFailure } from '@petstore/sdk/node';
import { CliError, configError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import type { Connection } from '../commands/context.js';
import { PRODUCT_TOKEN } from '../tables/version.js';

/** The User-Agent the SDK's client sends for the CLI: `petstore-cli/0.3.0 petstore-sdk/0.3.0 (node/26.10.0)`. */
const USER_AGENT = `${PRODUCT_TOKEN} petstore-sdk/${sdkPackageJson.version} (node/${process.versions.node})`;
/** The bound on a response body: the SDK's `maxResponseBytes` default. */
export const MAX_RESPONSE_BYTES = 10 * 1024 * 1024;
/** What a key must be to go in a header (the SDK's rule): never part of a message. */
const HEADER_SAFE = /^[\x21-\x7e]+$/;

export interface RawRequest {
  method: string;
  url: URL;
  /** The caller's headers (-H), already checked. */
  headers: Headers;
  body?: string | undefined;
}

export interface RawResponse {
  status: number;
  statusText: string;
  headers: Headers;
  body: string;
  /** The answer's X-Request-Id, else the one sent. */
  requestId: string;
}

/** The body as text, at most MAX_RESPONSE_BYTES. */
async function readBounded(response: Response, label: string): Promise<string> {
  if (!response.body) return '';
  const utf8 = new TextDecoder();
  let text = '';
  let bytes = 0;
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    if (bytes > MAX_RESPONSE_BYTES) {
      await response.body.cancel().catch(() => {});
      throw new ResponseTooLargeError(`${label}: the response body is larger than ${MAX_RESPONSE_BYTES} bytes`, MAX_RESPONSE_BYTES);
    }
    text += utf8.decode(chunk, { stream: true });
  }
  return text + utf8.decode();
}

/**
 * Sends one request as the SDK sends the client's: the profile's key as
 * `Authorization: Bearer` (set last: no -H replaces it), the CLI's User-Agent,
 * an X-Request-Id (the caller's, else a new one), through the proxy's fetch,
 * within --timeout for the answer and its body. Sent once: never retried, and
 * a redirect is not followed (its answer is printed as any other). The debug
 * line is the SDK's: `METHOD URL → STATUS in MS ms (request id …)`.
 */
export async function sendRequest(connection: Connection, request: RawRequest, logger: Logger): Promise<RawResponse> {
  const { apiKey, timeout } = connection;
  if (!HEADER_SAFE.test(apiKey)) throw configError('The API key is empty or cannot be sent in a header.');
  const headers = new Headers(request.headers);
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  if (!headers.has('user-agent')) headers.set('user-agent', USER_AGENT);
  if (request.body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
  const requestId = headers.get('x-request-id') ?? randomBytes(16).toString('hex');
  headers.set('x-request-id', requestId);
  headers.set('authorization', `Bearer ${apiKey}`);

  const url = request.url.href;
  const label = `${request.method} ${url}`;
  const started = Date.now();
  const debug = (what: string | number) => logger.debug?.(`${label} → ${what} in ${Date.now() - started} ms`, { requestId });
  // The answer and its body within --timeout: the runtime's own timer, which ends the body's stream too.
  const signal = AbortSignal.timeout(timeout);
  try {
    const fetch = connection.fetch ?? globalThis.fetch;
    const response = await fetch(url, { method: request.method, headers, body: request.body ?? null, redirect: 'manual', signal });
    const body = await readBounded(response, label);
    const answered = response.headers.get('x-request-id') ?? requestId;
    logger.debug?.(`${label} → ${response.status} in ${Date.now() - started} ms`, { requestId: answered });
    return { status: response.status, statusText: response.statusText, headers: response.headers, body, requestId: answered };
  } catch (error) {
    if (signal.aborted) {
      debug('timeout');
      const { origin } = request.url;
      throw new CliError(`no answer from ${origin} within ${timeout} ms (petstore api sends a request once, never again); wait longer with --timeout MS`, EXIT.retryable, 'timeout', requestId);
    }
    if (error instanceof ResponseTooLargeError || (error as Error).name === 'ProxyError') throw error;
    debug((error as Error).message);
    const failure = new ConnectionError(`${label}: no answer`, describeConnectionFailure(error).failure, { cause: error });
    failure.requestId = requestId;
    throw failure;
  }
}
