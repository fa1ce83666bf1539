import { OPERATIONS, type OperationId, type OperationMethod } from '../contract/operations.js';
import type { Pet } from '../contract/pet.js';
import { NAME_MAX_LENGTH } from '../contract/limits.js';
import { resolveChoices, type ChoiceName, type ServiceChoices, type ServiceProfile } from '../contract/service-profile.js';
import type { Finding, Level, Reply } from './checks.js';

/** A request as a case describes it; the engine adds the base URL, the credential, `Accept` and an `X-Request-Id`. */
export interface CaseRequest {
  /** An operation's method, or another one (a 405's `DELETE`, a preflight's `OPTIONS`). */
  method: OperationMethod | 'OPTIONS';
  /** Path and query after the base URL: `/pets?limit=1` (after its origin with `base: 'origin'`). */
  path: string;
  /** `origin`: `path` follows the base URL's origin, where the mock server serves its admin API (`/__admin/faults`). */
  base?: 'origin';
  /** The run's key, none, or a key the service cannot know. */
  auth: 'key' | 'none' | 'wrong';
  /** The word before the key in `Authorization`: `Bearer` unless given (`Basic`, `bearer`). */
  scheme?: string;
  /** Sent as JSON (`Content-Type: application/json`) unless `raw` says otherwise. */
  body?: unknown;
  /** The body as text with this content type (for a body that is deliberately not JSON, or JSON written just so). */
  raw?: { contentType: string; text: string };
  /** Headers of the case's own (names in lower case), after the engine's: an `Origin`, a `Prefer`, an `X-Request-Id`. */
  headers?: Readonly<Record<string, string>>;
}

/** What the cases learn as the run goes, for the cases after them. */
export interface RunState {
  /** The prefix of every animal name this run sends: `petstore-verify-<run id>`. */
  name: string;
  /** The animals this run created and did not remove, whatever the case expected (recordEffect(), by each operation's effect; listed at the end). */
  created: Pet[];
  /** The animals of the first list (any deployment's data: nothing is assumed seeded). */
  listed: Pet[];
  /** Ids of the default page and of the page with `limit=20`. */
  pages: Partial<Record<'default' | 'twenty', number[]>>;
  /** The animal created with a status, which get and list then look for. */
  subject?: Pet;
  /** The open choices the cases expect: the profile's, else the kit's. */
  choices: ServiceChoices;
  /** The choices the profile names: a difference from one of them is drift, not a note. */
  named: ServiceProfile['choices'];
  /** What the answers showed of each choice (for `--write-profile`). */
  observed: Partial<ServiceChoices>;
  /** Choices two answers disagreed on, and what each showed. */
  inconsistent: Partial<Record<ChoiceName, string>>;
  /** Choices an answer showed none of the allowed values of, and what came. */
  unexpected: Partial<Record<ChoiceName, string>>;
  /** What the name-length probes learnt: the longest name accepted and the shortest refused. */
  nameLengths: { accepted: number; refused: number; known: boolean };
}

/** A run's state before its first case: `name` for the animals it creates, the profile's choices (else the kit's). */
export function createRunState(name: string, profile?: ServiceProfile): RunState {
  return {
    name,
    created: [],
    listed: [],
    pages: {},
    choices: resolveChoices(profile),
    named: profile?.choices ?? {},
    observed: {},
    inconsistent: {},
    unexpected: {},
    // Nothing accepted yet; the contract refuses a name longer than its longest.
    nameLengths: { accepted: 0, refused: NAME_MAX_LENGTH + 1, known: false },
  };
}

/** A request, or why the case does not run. */
export type Planned = CaseRequest | { skip: string };

/**
 * One row of the table: a request and what is expected of its answer. Every
 * reader runs the table in its order: `petstore verify` against any deployment
 * and the SDK's runtime suite against the mock (both without the `mockOnly`
 * cases), and the mock server's transport tests (every case).
 */
export interface ConformanceCase {
  /** Stable, unique: `listPets-401-no-key`. */
  id: string;
  title: string;
  /** The operation it calls; absent when no operation answers (a path the API lacks, a preflight, the mock's admin API). */
  operation?: OperationId;
  /** The status it expects: for an operation's documented one, its cell in the coverage matrix. */
  status: number;
  /**
   * `required` when the specification demands the answer, `note` when it leaves
   * it open and the case states the reference implementation's choice. (Some
   * checks of a note case are still required: an error answer is an Error body.)
   */
  level: Level;
  /** The specification's words, or the section that is silent. */
  spec: string;
  /** A write: its request is not a GET (nor a preflight's OPTIONS), as a create's or the mock's admin API's. Sent only with writes allowed (see run-cases.ts). */
  writes?: boolean;
  /**
   * Why the case holds only against the mock server (its seed, its exact
   * messages, its admin API): only the mock's own transport tests run it.
   * Absent: every reader runs it.
   */
  mockOnly?: string;
  /** The open choices its answer shows (`choice()` in its check): what `--write-profile` learns from it. */
  observes?: readonly ChoiceName[];
  /**
   * A probe: sent only while the cases before it left its choice open (a
   * service whose longest name is not the expected one), skipped otherwise. A
   * report leaves a skipped probe out of its text.
   */
  probe?: true;
  plan(state: RunState): Planned;
  check(reply: Reply, state: RunState): Finding[];
}

/** Whether a deployment is checked with the case (`petstore verify`, the SDK's runtime suite): every case but the mock-only ones. */
export const forAnyDeployment = (testCase: ConformanceCase): boolean => testCase.mockOnly === undefined;

/**
 * `operation`'s method and path, from the contract's table, each `{parameter}`
 * filled from `params` (as written: a malformed value is sent as such) and the
 * query appended: `requestTo('getPet', { petId: 7 })` is `GET /pets/7`.
 */
export function requestTo(operation: OperationId, params: Readonly<Record<string, string | number>> = {}, query = ''): Pick<CaseRequest, 'method' | 'path'> {
  const { method, path } = OPERATIONS[operation];
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`${operation} needs ${name}`);
    return String(value);
  });
  return { method, path: `${filled}${query === '' ? '' : `?${query}`}` };
}
