import type { ServiceProfile } from '../contract/service-profile.js';
import { parseExactJson } from '../client/exact-json.js';
import type { Logger } from '../client/options.js';
import { newRequestId } from '../client/request-id.js';
import { userAgentHeader } from '#runtime';
import { createRunState, forAnyDeployment, type CaseRequest, type ConformanceCase, type Planned, type RunState } from './case.js';
import { CONFORMANCE_CASES, NAME_PREFIX, WRONG_KEY } from './cases.js';
import { shown, type Finding, type Reply } from './checks.js';
import { coverageMatrix } from './matrix.js';
import { recordEffect } from './record-effect.js';
import type { CaseResult, ConformanceReport, Outcome, SentRequest, Stopped } from './report.js';

export interface RunCasesOptions {
  /** The API's base URL, ending in its version segment: `https://api.example.org/v1`. */
  baseUrl: string;
  apiKey: string;
  /** The fetch to send with (the in-process mock's, a test's); the global one by default. */
  fetch?: typeof globalThis.fetch;
  /** The product token of the tool that runs the cases (`petstore-cli/0.3.0`), before the SDK's in the User-Agent, as the client sends it. */
  userAgent?: string;
  /** Whether cases that write (any method but GET) run; when false they are skipped with `writeSkipReason`. */
  allowWrites: boolean;
  writeSkipReason?: string;
  /** Names the animals the run creates: `petstore-verify-<runId>`. Letters, digits and `-`, at most 32. */
  runId: string;
  /** Milliseconds one request, its body included, may take. */
  timeoutMs: number;
  /**
   * Milliseconds the whole run may take; once they are spent, the request in
   * flight is abandoned and the run stops (`stopped.reason` `'timeout'`). No
   * bound by default: `timeoutMs` × `maxRequests` bounds the run.
   */
  totalTimeoutMs?: number;
  /** The most requests the run sends; the cases past it are skipped. */
  maxRequests: number;
  /** The largest response body read, in bytes (1 MiB by default); a larger one fails its case. */
  maxBodyBytes?: number;
  /** Called after each answer: the request as sent, without the key, the status and the request id (the answer's, else the one sent). */
  onAnswer?: (request: SentRequest, status: number, requestId: string) => void;
  /** Gets a debug line per answer, as the client's logger does (`GET URL → 200 in 12 ms`, with `method`, `url`, `status`, `attempt`, `ms`, `requestId`). */
  logger?: Pick<Logger, 'debug'>;
  /** The cases to run, in order: by default those of the table any deployment is checked with (all but the mock-only ones). */
  cases?: readonly ConformanceCase[];
  /**
   * The service's profile: the open choices the cases expect, where it names
   * them, and a difference is drift (a failure). Without one, the kit's
   * choices, and a difference is a note.
   */
  profile?: ServiceProfile;
}

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
const RUN_ID = /^[A-Za-z0-9-]{1,32}$/;

/** A failure without an answer: the network's, or a time limit's (the request's, or the run's: `reason` `'timeout'`); `requestId` is the one sent. */
class NoAnswer extends Error {
  constructor(
    message: string,
    readonly requestId: string,
    readonly reason: 'network' | 'timeout' = 'network',
  ) {
    super(message);
  }
}

const outOfTime = (options: RunCasesOptions): string => `the run did not finish within ${options.totalTimeoutMs} ms`;

/** The body as text, at most `maxBytes` (the request's signal bounds the time). */
async function readBounded(response: Response, maxBytes: number): Promise<{ text: string; tooLarge?: string }> {
  if (!response.body) return { text: '' };
  const reader = response.body.getReader();
  const utf8 = new TextDecoder();
  let text = '';
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { text: text + utf8.decode() };
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      await reader.cancel().catch(() => {});
      return { text, tooLarge: `a body larger than ${maxBytes} bytes (not read further)` };
    }
    text += utf8.decode(value, { stream: true });
  }
}

function parseJson(text: string): unknown {
  try {
    return parseExactJson(text);
  } catch {
    return undefined;
  }
}

async function send(options: RunCasesOptions, request: CaseRequest, runSignal: AbortSignal | undefined): Promise<{ sent: SentRequest; reply: Reply; ms: number }> {
  const base = request.base === 'origin' ? new URL(options.baseUrl).origin : options.baseUrl.replace(/\/+$/, '');
  const url = `${base}${request.path}`;
  const requestId = request.headers?.['x-request-id'] ?? newRequestId();
  const headers: Record<string, string> = { accept: 'application/json', 'x-request-id': requestId, ...userAgentHeader(options.userAgent) };
  const { scheme = 'Bearer' } = request;
  if (request.auth === 'key') headers['authorization'] = `${scheme} ${options.apiKey}`;
  if (request.auth === 'wrong') headers['authorization'] = `${scheme} ${WRONG_KEY}`;
  const body = request.raw?.text ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
  const contentType = request.raw?.contentType ?? (body === undefined ? undefined : 'application/json');
  if (contentType !== undefined) headers['content-type'] = contentType;
  Object.assign(headers, request.headers);
  const sent: SentRequest = {
    method: request.method,
    url,
    requestId,
    auth: request.auth,
    ...(scheme !== 'Bearer' && { scheme }),
    ...(contentType && { contentType }),
    ...(body !== undefined && { body }),
    ...(request.headers && { headers: request.headers }),
  };
  const own = AbortSignal.timeout(options.timeoutMs);
  const signal = runSignal ? AbortSignal.any([own, runSignal]) : own;
  const started = Date.now();
  try {
    // A redirect is an answer to check, not to follow (it could carry the key elsewhere).
    const response = await (options.fetch ?? globalThis.fetch)(url, { method: request.method, headers, redirect: 'manual', signal, ...(body !== undefined && { body }) });
    // Until the answer's head, as the client's debug line counts.
    const ms = Date.now() - started;
    const { text, tooLarge } = await readBounded(response, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
    const json = tooLarge === undefined ? parseJson(text) : undefined;
    return { sent, ms, reply: { status: response.status, headers: response.headers, text, ...(json !== undefined && { json }), ...(tooLarge && { bodyError: tooLarge }) } };
  } catch (error) {
    if (runSignal?.aborted) throw new NoAnswer(outOfTime(options), requestId, 'timeout');
    const timedOut = own.aborted;
    const cause = error instanceof Error ? (error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message) : String(error);
    throw new NoAnswer(timedOut ? `no answer from ${new URL(url).origin} within ${options.timeoutMs} ms` : `no answer from ${new URL(url).origin}: ${cause}`, requestId);
  }
}

const outcomeOf = (findings: readonly Finding[]): Outcome =>
  findings.some((item) => item.level === 'required') ? 'fail' : findings.length > 0 ? 'note' : 'pass';

function result(testCase: ConformanceCase, fields: Pick<CaseResult, 'outcome' | 'findings'> & Partial<CaseResult>): CaseResult {
  const { id, title, operation, status, level, spec, probe } = testCase;
  return { id, title, ...(operation && { operation }), status, level, spec, ...(probe && { probe }), ...fields };
}

/** Why a case is not sent, before its request: the run stopped, writes are not allowed, its plan, the request budget. */
function skipBefore(options: RunCasesOptions, testCase: ConformanceCase, planned: Planned | undefined, requests: number, stopped: Stopped | undefined): string | undefined {
  if (stopped) return `the run stopped: ${stopped.message}`;
  if (testCase.writes && !options.allowWrites) return options.writeSkipReason ?? 'writes are not allowed';
  if (planned && 'skip' in planned) return planned.skip;
  if (requests >= options.maxRequests) return `the request budget (${options.maxRequests}) is spent`;
  return undefined;
}

/** Sends one case's request and checks its answer; a request without an answer stops the run. */
async function runCase(options: RunCasesOptions, testCase: ConformanceCase, planned: CaseRequest, state: RunState, runSignal: AbortSignal | undefined): Promise<{ result: CaseResult; stopped?: Stopped }> {
  let exchange;
  try {
    exchange = await send(options, planned, runSignal);
  } catch (error) {
    if (!(error instanceof NoAnswer)) throw error;
    const stopped: Stopped = { reason: error.reason, message: error.message, caseId: testCase.id, requestId: error.requestId };
    return { result: result(testCase, { outcome: 'skip', reason: error.message, findings: [] }), stopped };
  }
  const { sent, reply, ms } = exchange;
  recordEffect(state, testCase.operation, planned, reply);
  const findings = testCase.check(reply, state).sort((a, b) => (a.level === b.level ? 0 : a.level === 'required' ? -1 : 1));
  // The answer's id, where it differs from the one sent: the one its operator can look up (as the client's errors carry).
  const requestId = reply.headers.get('x-request-id') ?? sent.requestId;
  const { method, url } = sent;
  options.logger?.debug?.(`${method} ${url} → ${reply.status} in ${ms} ms`, { method, url, status: reply.status, attempt: 1, ms, requestId });
  options.onAnswer?.(sent, reply.status, requestId);
  const contentType = reply.headers.get('content-type');
  const response = { status: reply.status, requestId, ...(contentType !== null && { contentType }), body: shown(reply.bodyError ?? reply.text) };
  return { result: result(testCase, { outcome: outcomeOf(findings), findings, request: sent, response }) };
}

/**
 * Whether the run's first answer tells that it can prove nothing: a refused key
 * or a service not serving would only fail every case after it.
 */
function firstAnswerStops(planned: CaseRequest, first: CaseResult): Stopped | undefined {
  const { request, response } = first;
  if (planned.auth !== 'key' || !request || !response) return undefined;
  const origin = new URL(request.url).origin;
  const { status, requestId } = response;
  if (status === 401) return { reason: 'unauthorized', message: `the API key was refused (401) by ${origin}`, caseId: first.id, requestId };
  if (status === 429 || status >= 500) return { reason: 'unavailable', message: `${origin} is not serving: it answered ${status}`, caseId: first.id, requestId };
  return undefined;
}

/** The count of each outcome; a probe with nothing left to learn was never a check: it is in `results` only. */
function summarise(results: readonly CaseResult[]): Record<Outcome, number> {
  const summary: Record<Outcome, number> = { pass: 0, fail: 0, note: 0, skip: 0 };
  for (const item of results) if (!(item.probe && item.outcome === 'skip')) summary[item.outcome]++;
  return summary;
}

/**
 * Runs the cases in order against `baseUrl` and returns what each found. Prints
 * nothing and throws only for bad options: a refused key on the first request
 * or a request without an answer stops the run (`stopped`), the cases left are
 * skipped, and the report says why.
 */
export async function runCases(options: RunCasesOptions): Promise<ConformanceReport> {
  if (!RUN_ID.test(options.runId)) throw new TypeError(`runId must be 1 to 32 letters, digits or -, got ${JSON.stringify(options.runId)}`);
  const cases = options.cases ?? CONFORMANCE_CASES.filter(forAnyDeployment);
  const state = createRunState(`${NAME_PREFIX}${options.runId}`, options.profile);
  const results: CaseResult[] = [];
  let requests = 0;
  let stopped: Stopped | undefined;
  const runSignal = options.totalTimeoutMs === undefined ? undefined : AbortSignal.timeout(options.totalTimeoutMs);
  for (const testCase of cases) {
    // A case is planned only once the run is going on and may write: its plan reads what the cases before it learnt.
    const planned = stopped || (testCase.writes && !options.allowWrites) ? undefined : testCase.plan(state);
    const skip = skipBefore(options, testCase, planned, requests, stopped);
    if (skip !== undefined || !planned || 'skip' in planned) {
      results.push(result(testCase, { outcome: 'skip', reason: skip ?? '', findings: [] }));
      continue;
    }
    requests++;
    const ran = await runCase(options, testCase, planned, state, runSignal);
    results.push(ran.result);
    stopped = ran.stopped ?? (results.length === 1 ? firstAnswerStops(planned, ran.result) : undefined);
  }
  return {
    baseUrl: options.baseUrl,
    runId: options.runId,
    allowWrites: options.allowWrites,
    maxRequests: options.maxRequests,
    requests,
    results,
    matrix: coverageMatrix(results),
    created: state.created,
    summary: summarise(results),
    ...(stopped && { stopped }),
    choices: { observed: state.observed, inconsistent: state.inconsistent, unexpected: state.unexpected },
  };
}
