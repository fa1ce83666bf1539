import type { OperationId } from '../contract/operations.js';
import type { Pet } from '../contract/pet.js';
import type { ChoiceName, ServiceChoices } from '../contract/service-profile.js';
import type { CaseRequest, ConformanceCase } from './case.js';
import type { Finding } from './checks.js';

// What a run of the cases reports: read by the engine (run-cases.ts), the
// coverage matrix, the written profile and `petstore verify`.

/** `pass`; `fail`: a required check did not hold; `note`: only an open behaviour differs; `skip`: not sent. */
export type Outcome = 'pass' | 'fail' | 'note' | 'skip';

/** A request as sent, without the key: enough to send it again. */
export interface SentRequest {
  method: CaseRequest['method'];
  url: string;
  /** The `X-Request-Id` it was sent with: a new one per request, as the client makes them. */
  requestId: string;
  auth: CaseRequest['auth'];
  /** The word before the key, where it is not `Bearer`. */
  scheme?: string;
  contentType?: string;
  body?: string;
  /** The case's own headers, where it has some. */
  headers?: Readonly<Record<string, string>>;
}

/** A case's result: its description (from the table) and what the run found. */
export interface CaseResult extends Pick<ConformanceCase, 'id' | 'title' | 'operation' | 'status' | 'level' | 'spec' | 'probe'> {
  outcome: Outcome;
  /** Why the case was skipped. */
  reason?: string;
  /** The checks that did not hold, required ones first. */
  findings: Finding[];
  request?: SentRequest;
  /** The answer; `requestId` is its `X-Request-Id`, else the one the request was sent with. */
  response?: { status: number; requestId: string; contentType?: string; body: string };
}

/**
 * Why the run stopped before its end: a refused key (exit 3 in the CLI), no
 * answer, a first answer of 429 or 5xx, a service not serving, or the run's
 * time spent (`totalTimeoutMs`) (exit 7).
 */
export interface Stopped {
  reason: 'unauthorized' | 'network' | 'unavailable' | 'timeout';
  message: string;
  caseId: string;
  /** The id of the request the run stopped at: the answer's, else the one sent. */
  requestId: string;
}

export interface ConformanceReport {
  baseUrl: string;
  runId: string;
  allowWrites: boolean;
  maxRequests: number;
  /** Requests sent. */
  requests: number;
  results: CaseResult[];
  matrix: MatrixCell[];
  /** The animals the run created and did not remove (by each operation's effect in the table), as the service last showed them. */
  created: Pet[];
  summary: Record<Outcome, number>;
  stopped?: Stopped;
  /** What the answers showed of the open choices (what `--write-profile` writes), and what they could not settle. */
  choices: {
    observed: Partial<ServiceChoices>;
    inconsistent: Partial<Record<ChoiceName, string>>;
    unexpected: Partial<Record<ChoiceName, string>>;
  };
}

/** One cell of the coverage matrix: an operation and one status its OpenAPI document lists. */
export interface MatrixCell {
  operation: OperationId;
  status: number;
  /** `failed` when a case of the cell failed, `checked` when one ran, else `skipped` with the reason. */
  state: 'checked' | 'failed' | 'skipped';
  /** The cases of the cell. */
  cases: string[];
  /** Notes the cell's cases reported. */
  notes: number;
  reason?: string;
}
