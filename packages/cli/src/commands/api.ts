import { ApiError, AuthenticationError, BadRequestError, NotFoundError, RateLimitError, ServerError } from '@petstore/sdk';
import { addQuery, fieldsAsBody, readFields, type FieldFlags } from '../api/api-fields.js';
import { readHeaders } from '../api/api-headers.js';
import { apiUrl, relativePath } from '../api/api-path.js';
import { sendRequest, type RawResponse } from '../api/send-request.js';
import { usageError } from '../errors/cli-error.js';
import { INPUT_LIMITS } from '../io/limits.js';
import { readRegularFile } from '../io/read-regular-file.js';
import { readStream } from '../io/read-stream.js';
import { stringifyJson, terminalSafe } from '../output/escape.js';
import type { CommandContext } from './context.js';

export interface ApiFlags extends FieldFlags {
  header?: string[];
  input?: string;
  include?: boolean;
}

/** An HTTP method as given: letters only, sent in capitals. */
const METHOD = /^[A-Za-z]+$/;

/** The SDK's error class for a status, as its to-api-error.ts picks it: the exit code then follows the CLI's one table (to-exit.ts). */
const CLASS_BY_STATUS: Record<number, typeof ApiError> = { 400: BadRequestError, 401: AuthenticationError, 404: NotFoundError, 429: RateLimitError };

/** `[METHOD] PATH`: one operand is the path. */
function methodAndPath(operands: readonly string[]): { method: string | undefined; path: string } {
  const [first = '', second] = operands;
  if (second === undefined) return { method: undefined, path: first };
  if (!METHOD.test(first)) throw usageError(`METHOD must be an HTTP method such as GET or POST, got "${terminalSafe(first)}"`);
  return { method: first.toUpperCase(), path: second };
}

/** `--input FILE` or `--input -` (stdin), bounded as `pets create --data` is. */
const readInput = (context: CommandContext, input: string): Promise<string> =>
  input === '-' ? readStream(context.io.stdin, INPUT_LIMITS.data, '--input -') : readRegularFile(input, INPUT_LIMITS.data, `--input ${terminalSafe(input)}`);

/** `-i`: the status line and the headers, as curl -i prints them, before the body. */
function headerBlock({ status, statusText, headers }: RawResponse): string {
  const lines = [`HTTP ${status}${statusText ? ` ${statusText}` : ''}`, ...[...headers].map(([name, value]) => `${name}: ${value}`)];
  return `${lines.map(terminalSafe).join('\n')}\n\n`;
}

/** The body: JSON as the other commands print it (through --jq if given), other text as it came, made safe on a terminal. */
async function printBody(context: CommandContext, body: string): Promise<void> {
  if (body === '') return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    if (context.options.jq !== undefined) throw usageError('--jq needs a JSON body; the response is not JSON');
    const text = body.endsWith('\n') ? body : `${body}\n`;
    context.out(context.io.stdout.isTTY ? terminalSafe(text) : text);
    return;
  }
  await context.outJson(`${stringifyJson(parsed, 2)}\n`);
}

/**
 * `petstore api [METHOD] PATH`: any request to the profile's API, with its key,
 * proxy, User-Agent, a request id and --timeout, sent once. The method is GET,
 * or POST when fields or --input are given (gh api's rule). Fields are the
 * query of a GET (or of a request whose body is --input), else a JSON object
 * body. The body is printed whatever the status; a status that is not 2xx then
 * exits as the same status would for any other command.
 */
export async function api(context: CommandContext, operands: readonly string[], flags: ApiFlags): Promise<void> {
  const { method: given, path } = methodAndPath(operands);
  relativePath(path);
  const headers = readHeaders(flags.header);
  const fields = await readFields(flags, context.io.stdin);
  const input = flags.input === undefined ? undefined : await readInput(context, flags.input);
  const method = given ?? (fields.length > 0 || input !== undefined ? 'POST' : 'GET');
  const bodyless = method === 'GET' || method === 'HEAD';
  if (bodyless && input !== undefined) throw usageError(`${method} sends no body: --input needs another METHOD (POST, …)`);
  const connection = await context.connection();
  const url = apiUrl(connection.baseUrl, path);

  let body: string | undefined = input;
  if (bodyless || input !== undefined) addQuery(url, fields);
  else if (fields.length > 0) body = JSON.stringify(fieldsAsBody(fields));

  const response = await sendRequest(connection, { method, url, headers, body }, context.logger);
  if (flags.include) context.out(headerBlock(response));
  await printBody(context, response.body);
  if (response.status >= 200 && response.status <= 299) return;
  throw toApiError(response, `${method} ${url.href}`);
}

/** A status that is not 2xx as the SDK's error for it: exit code, --json error line and request id as other commands give them. */
function toApiError(response: RawResponse, request: string): ApiError {
  const { status, headers, body: rawBody, requestId } = response;
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    // Not JSON: the message says the status.
  }
  const { code, message } = (body ?? {}) as { code?: unknown; message?: unknown };
  const ErrorClass = CLASS_BY_STATUS[status] ?? (status >= 500 && status <= 599 ? ServerError : ApiError);
  return new ErrorClass({
    status,
    code: typeof code === 'string' ? code : `http_${status}`,
    message: typeof message === 'string' ? message : response.statusText || 'HTTP error',
    body,
    rawBody,
    headers,
    requestId,
    request,
  });
}
