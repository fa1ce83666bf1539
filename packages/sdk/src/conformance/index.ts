// The one table of conformance cases and the engine that runs them against a
// base URL: it proves any deployment (`petstore verify`), the SDK in every
// runtime (its runtime suite) and the mock server (its transport tests, which
// also run the cases marked `mockOnly`). Not imported by the SDK's root: a
// browser app never loads it.
export { createRunState, forAnyDeployment, requestTo, type CaseRequest, type ConformanceCase, type Planned, type RunState } from './case.js';
export { ABSENT_ID, CONFORMANCE_CASES, NAME_PREFIX, UNCHECKED_STATUSES, WRONG_KEY, type OperationStatus } from './cases.js';
export type { ExactAnswer } from './exact-answer.js';
export { describeFinding, type Finding, type Level, type Reply } from './checks.js';
export { coverageMatrix, documentedStatuses } from './matrix.js';
export { PROFILE_CASES, profileFromReport } from './written-profile.js';
export type { CaseResult, ConformanceReport, MatrixCell, Outcome, SentRequest, Stopped } from './report.js';
export { DEFAULT_MAX_BODY_BYTES, runCases, type RunCasesOptions } from './run-cases.js';
