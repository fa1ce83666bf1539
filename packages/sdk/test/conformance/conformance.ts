// The SDK's conformance suite, written once for every runtime (see README.md).
// test/runtimes/ bundles it and runs it in each; conformance.test.ts runs it
// under vitest.
import { PetstoreClient, type NewPet } from '@petstore/sdk';
import { abortCases } from './abort-cases.js';
import { describeError } from './assert.js';
import type { ConformanceCase, ConformanceContext } from './conformance-case.js';
import { createCases } from './create-cases.js';
import { errorCases } from './error-cases.js';
import { getCases } from './get-cases.js';
import { identityCases } from './identity-cases.js';
import { listCases } from './list-cases.js';
import { createMockAdmin } from './mock-admin.js';
import { retryCases } from './retry-cases.js';
import { validationCases } from './validation-cases.js';

export interface ConformanceTarget {
  /** The mock server's API address, e.g. `http://127.0.0.1:43121/v1`. */
  baseUrl: string;
  /** A key the mock accepts. */
  apiKey: string;
  /** The fetch the clients and the admin calls use; the runtime's own by default (the in-process mock's, for that transport). */
  fetch?: typeof fetch;
}

export interface ConformanceResult {
  total: number;
  failed: number;
}

/** Every case, in the order they run. */
export const conformanceCases: readonly ConformanceCase[] = [
  ...listCases,
  ...createCases,
  ...getCases,
  ...identityCases,
  ...errorCases,
  ...retryCases,
  ...abortCases,
  ...validationCases,
];

/** The store each case starts from: every status, two categories. */
const SEED: readonly NewPet[] = [
  { name: 'Rex', categoryId: 1, status: 'available' },
  { name: 'Whiskers', categoryId: 2, status: 'pending' },
  { name: 'Bella', categoryId: 1, status: 'available' },
  { name: 'Max', categoryId: 3, status: 'sold' },
  { name: 'Luna', categoryId: 2, status: 'available' },
];

/**
 * Runs every case one after the other against the mock server, each on a
 * freshly reset store, and logs `ok N - name` or `not ok N - name` with why
 * (TAP-like), then `# passed/total passed`. Never throws for a failed case.
 */
export async function runConformance(target: ConformanceTarget, log: (line: string) => void = (line) => console.log(line)): Promise<ConformanceResult> {
  const admin = createMockAdmin(target.baseUrl, target.apiKey, target.fetch);
  const context: ConformanceContext = {
    admin,
    seed: SEED,
    client: (options = {}) =>
      new PetstoreClient({ baseUrl: target.baseUrl, apiKey: target.apiKey, logger: { warn: () => {} }, ...(target.fetch && { fetch: target.fetch }), ...options }),
  };
  let failed = 0;
  for (const [index, testCase] of conformanceCases.entries()) {
    const started = Date.now();
    try {
      await admin.reset(SEED);
      await testCase.run(context);
      log(`ok ${index + 1} - ${testCase.name} (${Date.now() - started} ms)`);
    } catch (error) {
      failed += 1;
      log(`not ok ${index + 1} - ${testCase.name}\n  ${describeError(error).replaceAll('\n', '\n  ')}`);
    }
  }
  log(`# ${conformanceCases.length - failed}/${conformanceCases.length} passed`);
  return { total: conformanceCases.length, failed };
}
