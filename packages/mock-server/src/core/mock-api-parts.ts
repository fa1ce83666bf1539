import { definitionOf, resolveChoices, type OperationId, type ServiceChoices } from '@petstore/sdk/contract';
import { createOpenApiDocument } from '@petstore/sdk/openapi';
import type { AdminContext } from './admin/admin.js';
import { createMockOpenApiDocument } from './admin/admin-document.js';
import { createServerKeyCheck } from './api/api-keys.js';
import { createCors } from './api/cors.js';
import { documentedResponses, type DocumentedResponses } from './api/documented-responses.js';
import { createPetStore, type PetStore, type SeedPet } from './api/pet-store.js';
import type { RequestHeaders } from './api/exchange.js';
import { DEFAULT_SEED_COUNT, seedAnimals } from './api/seed.js';
import { createErrorCodeRenamer, sentHeaders } from './api/service-choices.js';
import { createRecordedRequests, DEFAULT_RECORDED_REQUESTS, type Journal } from './journal/recorded-requests.js';
import { createRefusalReporter } from './journal/refused-requests.js';
import type { RefusedRequest } from './journal/refused-request-error.js';
import type { MockApiOptions, MockLogger } from './mock-api-options.js';
import { createRequestIds } from './request-ids.js';
import { SERVER_METHODS } from './server-methods.js';
import { pickDelay, wait } from './staged-delay.js';
import { createFaults, type Faults } from './staged/faults.js';
import { createOverrides, type OverrideRequest, type Overrides } from './staged/overrides.js';
import type { StagedOutcome } from './staged/staged.js';
import type { SuccessShape } from './staged/success-check.js';

/** What staging knows of each operation: its documented responses (what a staged status answers) and its success. */
export interface Staging {
  documentedOf(operationId: OperationId): DocumentedResponses | undefined;
  successOf(operationId: OperationId): SuccessShape;
}

/** Everything a request of one mock API meets, built once from its options: what `handleRequest` reads. */
export interface MockApiParts {
  store: PetStore;
  faults: Faults;
  overrides: Overrides;
  requests: Journal;
  /** What `POST /__admin/reset` does: the store back to its seed (or `seed`), overrides and faults cleared, requests forgotten. */
  reset(seed?: number | SeedPet[]): void;
  /** The oldest armed fault for a request of `operationId`, one of its requests spent. */
  takeFault(operationId: OperationId): StagedOutcome | undefined;
  /** The oldest override matching `request`, one of its requests spent. */
  takeOverride(request: OverrideRequest): StagedOutcome | undefined;
  /** What the admin API works on. */
  admin: AdminContext;
  staging: Staging;
  cors: ReturnType<typeof createCors>;
  isAcceptedKey(key: string): boolean;
  /** The service's choices where the specification is silent: a profile's, else the kit's. */
  choices: ServiceChoices;
  /** The headers every answer of an operation carries (a deprecated one's), where the service chooses them. */
  chosenHeaders: Partial<Record<OperationId, Readonly<Record<string, string>>>>;
  renameErrorCode: ReturnType<typeof createErrorCodeRenamer>;
  requestIdOf(headers: RequestHeaders): string;
  reportRefusal: ((request: RefusedRequest) => void) | undefined;
  logger: MockLogger | undefined;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Where this API is mounted (a session's `/sessions/NAME`): a 404 names paths as the client sent them. */
  mountPath: string;
  /** The server's `delay` option as an outcome: drawn afresh for each response. */
  serverOutcome(): StagedOutcome | undefined;
  /** The OpenAPI document the mock serves, as JSON text. */
  documentText(): string;
}

// Built on first use, once for every API of the process (they derive from the contract alone): most runs never ask
// for the document or stage a response, and start-up is what tests wait for (docs/benchmarks.md, "Optimisations kept").
let documentText: string | undefined;
let documented: Map<OperationId, DocumentedResponses> | undefined;

/** The contract's own: the OpenAPI document's responses, and the operations table's successes. */
const TABLE_STAGING: Staging = {
  documentedOf: (operationId) => (documented ??= documentedResponses(createOpenApiDocument())).get(operationId),
  successOf: (operationId) => definitionOf(operationId).success,
};

/** The parts of a mock API, from its options; `staging` is the contract's unless a test gives a table of its own. */
export function createMockApiParts(options: MockApiOptions, staging: Staging = TABLE_STAGING): MockApiParts {
  const store = options.store ?? createPetStore(seedAnimals(options.seed ?? DEFAULT_SEED_COUNT));
  const { faults, take: takeFault, armAt: armFaultAt } = createFaults(staging.successOf);
  const { overrides, take: takeOverride, armAt: armOverrideAt } = createOverrides(staging.documentedOf, options.overrideBytes);
  const requests = createRecordedRequests(options.journalSize ?? DEFAULT_RECORDED_REQUESTS, options.journalBytes);
  const reset = (other?: number | SeedPet[]): void => {
    // The store first: a seed it refuses leaves everything as it was.
    store.reset(other === undefined ? undefined : seedAnimals(other));
    overrides.clear();
    faults.clear();
    requests.clear();
  };
  const admin: AdminContext = {
    faults,
    armFault: (value) => armFaultAt(value, 'body'),
    overrides,
    armOverride: (value) => armOverrideAt(value, 'body'),
    requests,
    reset,
    sessions: options.sessions,
  };
  const choices = resolveChoices(options.profile);
  return {
    store, faults, overrides, requests, reset, takeFault, takeOverride, admin, staging, choices,
    cors: createCors(options.corsOrigins, SERVER_METHODS),
    isAcceptedKey: createServerKeyCheck(options.apiKeys),
    // The one deprecated operation whose headers the service chooses; a header chosen as null is not sent.
    chosenHeaders: { getPet: sentHeaders(choices.getPetDeprecation) },
    renameErrorCode: createErrorCodeRenamer(choices.errorCodes),
    requestIdOf: createRequestIds(),
    reportRefusal: createRefusalReporter(options.onRefusedRequest),
    logger: options.logger,
    sleep: options.sleep ?? wait,
    mountPath: options.mountPath ?? '',
    serverOutcome: () => (options.delay === undefined ? undefined : { delayMs: pickDelay(options.delay) }),
    documentText: () => (documentText ??= JSON.stringify(createMockOpenApiDocument())),
  };
}
