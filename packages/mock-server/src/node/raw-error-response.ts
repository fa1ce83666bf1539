import type { ErrorBody } from '@petstore/sdk/contract';
import { SERVER_METHODS } from '../core/index.js';

/** What the adapter answers when it fails itself (the core turns its own failures into responses). */
export const INTERNAL_ERROR_BODY = JSON.stringify({ code: 'internal_error', message: 'The mock server failed unexpectedly; see its log', status: 500 });

/** Node's code for what went wrong before a request reached the core, and what to answer. */
const RAW_ERRORS: Record<string, [status: number, reason: string, body: ErrorBody, extraHeaders: string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', { code: 'request_timeout', message: 'The request took too long to arrive', status: 408 }, ''],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', { code: 'headers_too_large', message: 'The request headers are too large', status: 431 }, ''],
  CONNECT: [405, 'Method Not Allowed', { code: 'method_not_allowed', message: 'CONNECT is not supported: this server is no proxy', status: 405 }, `allow: ${SERVER_METHODS.join(', ')}\r\n`],
};
const MALFORMED: [number, string, ErrorBody, string] = [400, 'Bad Request', { code: 'invalid_request', message: 'Malformed HTTP request', status: 400 }, ''];

/** A whole HTTP/1.1 error response, for what never reaches the core: unparsable or too slow requests, CONNECT. */
export function rawErrorResponse(errorCode: string | undefined, renameErrorCode: (body: string) => string): string {
  const [status, reason, body, extra] = (errorCode !== undefined && Object.hasOwn(RAW_ERRORS, errorCode) ? RAW_ERRORS[errorCode] : undefined) ?? MALFORMED;
  const text = renameErrorCode(JSON.stringify(body));
  return `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(text)}\r\n${extra}connection: close\r\n\r\n${text}`;
}
