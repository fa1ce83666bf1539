// The SDK's conformance suite, written once for every runtime (see README.md):
// the client's behaviours (ClientCase), then the API's case table as
// `petstore verify` runs it (@petstore/sdk/conformance), through this
// runtime's fetch. test/runtimes/ bundles it and runs it in each;
// conformance.test.ts runs it under vitest.
import { PetstoreClient, type NewPet } from '@petstore/sdk';
import { CONFORMANCE_CASES, forAnyDeployment, runCases, type CaseResult } from '@petstore/sdk/conformance';
import { abortCases } from './abort-cases.js';
import { describeError } from './assert.js';
import type { ClientCase, ClientContext } from './client-case.js';
import { createCases } from './create-cases.js';
import { errorCases } from './error-cases.js';
import { getCases } from './get-cases.js';
import { identityCases } from './identity-cases.js';
import { listCases } from './list-cases.js';
import { createMockAdmin, type MockAdmin } from './mock-admin.js';
import { retryCases } from './retry-cases.js';
import { validationCases } from './validation-cases.js';

export interface ConformanceTarget {
  /** The mock server's API address, e.g. `http://127.0.0.1:43121/v1`. */
  baseUrl: string;
  /** A key the mock accepts. */
  apiKey: string;
  /** The fetch the clients, the table's cases and the admin calls use; the runtime's own by default (the in-process mock's, for that transport). */
  fetch?: typeof fetch;
}

export interface ConformanceResult {
  total: number;
  failed: number;
}

/** The client's behaviours, in the order they run. */
export const clientCases: readonly ClientCase[] = [
  ...listCases,
  ...createCases,
  ...getCases,
  ...identityCases,
  ...errorCases,
  ...retryCases,
  ...abortCases,
  ...validationCases,
];

/** The table's cases a deployment is checked with (all but the mock-only ones), which run after the client's. */
const contractCases = CONFORMANCE_CASES.filter(forAnyDeployment);

/** How many cases the suite reports: the client's and the table's. */
export const caseCount = clientCases.length + contractCases.length;

/** The store each case starts from: every status, two categories. */
const SEED: readonly NewPet[] = [
  { name: 'Rex', categoryId: 1, status: 'available' },
  { name: 'Whiskers', categoryId: 2, status: 'pending' },
  { name: 'Bella', categoryId: 1, status: 'available' },
  { name: 'Max', categoryId: 3, status: 'sold' },
  { name: 'Luna', categoryId: 2, status: 'available' },
];

/** `ok N - name`, or `not ok N - name` with why, indented (TAP-like). */
const line = (passed: boolean, number: number, name: string, why = ''): string =>
  `${passed ? 'ok' : 'not ok'} ${number} - ${name}${passed ? '' : `\n  ${why.replaceAll('\n', '\n  ')}`}`;

/** Why a case of the table did not pass: skipped and why, or what it found. */
const whyNot = (result: CaseResult): string =>
  result.reason !== undefined
    ? `${result.outcome}: ${result.reason}`
    : `${result.outcome}: ${result.findings.map((item) => `${item.what}: expected ${item.expected}, received ${item.received}`).join('; ')}`;

/**
 * The table's cases with `runCases`, as `petstore verify` runs them, against
 * the mock on the suite's store, through the target's fetch: one line each,
 * numbered from `first`. Returns how many did not pass (a note counts: the
 * mock is the reference the notes are written from).
 */
async function runContractCases(target: ConformanceTarget, admin: MockAdmin, first: number, log: (line: string) => void): Promise<number> {
  let results: CaseResult[];
  try {
    await admin.reset(SEED);
    const { baseUrl, apiKey, fetch } = target;
    ({ results } = await runCases({ baseUrl, apiKey, ...(fetch && { fetch }), allowWrites: true, runId: 'sdk-suite', timeoutMs: 10_000, maxRequests: contractCases.length }));
  } catch (error) {
    for (const [index, testCase] of contractCases.entries()) log(line(false, first + index, `${testCase.id}: ${testCase.title}`, describeError(error)));
    return contractCases.length;
  }
  // A probe with nothing left to learn (the mock's longest name is the one expected) is not a check.
  const passed = (result: CaseResult) => result.outcome === 'pass' || (result.probe === true && result.outcome === 'skip');
  for (const [index, result] of results.entries()) log(line(passed(result), first + index, `${result.id}: ${result.title}`, whyNot(result)));
  return results.filter((result) => !passed(result)).length;
}

/**
 * Runs every client case one after the other against the mock server, each on
 * a freshly reset store, then the table's cases, and logs `ok N - name` or
 * `not ok N - name` with why (TAP-like), then `# passed/total passed`. Never
 * throws for a failed case.
 */
export async function runConformance(target: ConformanceTarget, log: (line: string) => void = (text) => console.log(text)): Promise<ConformanceResult> {
  const admin = createMockAdmin(target.baseUrl, target.apiKey, target.fetch);
  const context: ClientContext = {
    admin,
    seed: SEED,
    client: (options = {}) =>
      new PetstoreClient({ baseUrl: target.baseUrl, apiKey: target.apiKey, logger: { warn: () => {} }, ...(target.fetch && { fetch: target.fetch }), ...options }),
  };
  let failed = 0;
  for (const [index, testCase] of clientCases.entries()) {
    const started = Date.now();
    try {
      await admin.reset(SEED);
      await testCase.run(context);
      log(line(true, index + 1, `${testCase.name} (${Date.now() - started} ms)`));
    } catch (error) {
      failed += 1;
      log(line(false, index + 1, testCase.name, describeError(error)));
    }
  }
  failed += await runContractCases(target, admin, clientCases.length + 1, log);
  log(`# ${caseCount - failed}/${caseCount} passed`);
  return { total: caseCount, failed };
}
