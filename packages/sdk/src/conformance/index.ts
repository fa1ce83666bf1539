// The contract's conformance cases and the engine that runs them against a
// base URL: one table that proves the mock server (its tests) and any
// deployment (`petstore verify`). Not imported by the SDK's root: a browser
// app never loads it.
export { ABSENT_ID, CONFORMANCE_CASES, NAME_PREFIX, UNCHECKED_STATUSES, WRONG_KEY, type CaseRequest, type ConformanceCase, type OperationStatus, type Planned, type RunState } from './cases.js';
export type { Finding, Level, Reply } from './checks.js';
export { coverageMatrix, documentedStatuses, type MatrixCell } from './matrix.js';
export {
  DEFAULT_MAX_BODY_BYTES,
  runCases,
  type CaseResult,
  type ConformanceReport,
  type Outcome,
  type RunCasesOptions,
  type SentRequest,
  type Stopped,
} from './run-cases.js';
