import type { ErrorBody, ErrorCode } from '../contract/error-body.js';
import { ID_MAX, LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, LIST_LIMIT_MIN, NAME_MAX_LENGTH } from '../contract/limits.js';
import type * as z from 'zod/mini';
import { definitionOf, OPERATION_IDS, OPERATIONS, writes, type DocumentedStatus, type OperationId, type OperationOf } from '../contract/operations.js';
import type { NewPet, Pet, PetStatus } from '../contract/pet.js';
import { DEFAULT_PET_STATUS, PET_STATUSES } from '../contract/statuses.js';
import { choice, type Observed } from './choice-checks.js';
import { requestTo, type ConformanceCase, type RunState } from './case.js';
import { checkErrorBody, checkStatus, checkSuccess, checkSuccessBody, finding, shown, SPEC, type Finding, type Level, type Reply } from './checks.js';
import { MOCK_SERVER_CASES } from './mock-cases.js';

/** An operation and one status it documents: `createPet 409`. */
export type OperationStatus = { [Op in OperationId]: `${Op} ${DocumentedStatus<Op>}` }[OperationId];

/** The operations that take a body: `createPet`. */
type OperationWithBody = { [Op in OperationId]: OperationOf<Op> extends { body: object } ? Op : never }[OperationId];

/** The prefix of the names of the animals `verify` creates; the run id follows. */
export const NAME_PREFIX = 'petstore-verify-';

/** A key no deployment can hold (sent as the "wrong key"). */
export const WRONG_KEY = 'petstore-verify-wrong-key';

/** An id the contract allows but no deployment is expected to have reached: 2^53−1. */
export const ABSENT_ID = ID_MAX;

// Each operation's success status, as the table says it: the checks, ids and titles name it.
const LISTED = OPERATIONS.listPets.success.status;
const CREATED = OPERATIONS.createPet.success.status;
const GOT = OPERATIONS.getPet.success.status;

const SPEC_LIST = {
  status: 'spec 4.1: "status ... Returns only animals with this status"',
  limit: `spec 4.1: "limit ... minimum ${LIST_LIMIT_MIN}, maximum ${LIST_LIMIT_MAX}, default ${LIST_LIMIT_DEFAULT} ... Maximum number of animals returned"`,
  outOfRange: 'spec part 8: "Behaviour when limit lies outside 1 to 100: not shown"',
  badStatus: 'spec 4.1 gives status as "one of available, pending, sold"; the answer to another value is not shown',
  ok: 'spec 4.1: 200 "Pets (array of Pet)"',
  all: 'spec 4.1: "returns a paginated list of animals; limit controls page size, status filters by availability"',
} as const;

const SPEC_CREATE = {
  created: 'spec 4.2: 201 "Pet: Animal added; body includes the assigned id"',
  echo: 'spec part 3: create stores the animal "and returned with an id"; the supplied status is its state',
  invalid: 'spec 4.2: 400 "Body is missing required fields or holds invalid values"',
  defaultStatus: 'spec part 3: "Status given to a new animal when status is omitted: not shown"',
  mediaType: 'spec part 1 requires JSON requests; the answer to another media type is not shown',
  unknownFields: 'spec part 2 lists the fields of NewPet; the answer to others is not shown',
  nameLength: `spec part 2: name is a string; the contract allows at most ${NAME_MAX_LENGTH} characters, the longest a service accepts is not shown`,
} as const;

const SPEC_ERRORS = {
  codes: 'spec part 7: "The set of code values: not shown"',
  challenge: 'spec part 5 gives 401 with an Error body; the WWW-Authenticate header is not shown',
  order: 'spec 4.1: the order of the list is not shown',
} as const;

const SPEC_GET = {
  ok: 'spec 4.3: 200 "Pet: The requested animal"',
  notFound: 'spec 4.3 / part 7: 404 "No animal found for the given identifier"',
  malformed: 'spec 4.3: petId is "integer (int64)"; the answer to a malformed id is not shown',
  headers: 'spec 4.3 / part 9: deprecated, "removal date of 5 December 2030"; the headers that say so are not shown',
} as const;

/** An error answer: the status (at `level`) and, when it is an error, an Error body; its `code` for `kind` is the service's choice. */
function failure(reply: Reply, status: number, level: Level, spec: string, kind: ErrorCode | undefined, state: RunState): Finding[] {
  return [...checkStatus(reply, status, level, spec), ...errorBody(reply, reply.status === status ? kind : undefined, state)];
}

/** An Error body, when the answer is an error; the `code` it gives a failure of `kind` is an open choice. */
function errorBody(reply: Reply, kind: ErrorCode | undefined, state: RunState): Finding[] {
  if (reply.status < 400) return [];
  const findings = checkErrorBody(reply);
  if (kind === undefined || findings.some((item) => item.level === 'required')) return findings;
  const { code } = reply.json as ErrorBody;
  return [...findings, ...choice(state, 'errorCodes', { [kind]: code } as Observed<'errorCodes'>, `${kind} as ${shown(code)}`, SPEC_ERRORS.codes)];
}

/** The order of a list's ids, where it has two or more: ascending, descending, or neither (`undefined`). */
function listOrder(pets: Pet[] | undefined, state: RunState): Finding[] {
  if (!pets || pets.length < 2) return [];
  const ids = pets.map((pet) => pet.id);
  const rising = ids.every((id, index) => index === 0 || id > (ids[index - 1] ?? id));
  const falling = ids.every((id, index) => index === 0 || id < (ids[index - 1] ?? id));
  return choice(state, 'listOrder', rising ? 'id-ascending' : falling ? 'id-descending' : undefined, `ids ${shown(ids.slice(0, 6))}${ids.length > 6 ? ' …' : ''}`, SPEC_ERRORS.order);
}

/** The list's body, when the answer passed its required checks. */
const listed = (reply: Reply, findings: Finding[]): Pet[] | undefined =>
  findings.some((item) => item.level === 'required') ? undefined : (reply.json as Pet[]);

/** A filtered list holds only animals of that status. */
function onlyStatus(pets: Pet[] | undefined, status: PetStatus): Finding[] {
  const others = (pets ?? []).filter((pet) => pet.status !== status);
  return others.length === 0 ? [] : [finding('required', 'body[].status', `only ${status}`, `${others.length} other: ${shown(others.slice(0, 3))}`, SPEC_LIST.status)];
}

/**
 * A page without a status filter that is shorter than its limit is the whole
 * list (the specification gives no next page), so it holds every animal the run
 * created: a list that filters when asked not to (only `available`, say) fails here.
 */
function holdsCreated(pets: Pet[] | undefined, limit: number, state: RunState): Finding[] {
  if (!pets || pets.length >= limit) return [];
  const missing = state.created.filter((pet) => !pets.some((item) => item.id === pet.id));
  if (missing.length === 0) return [];
  const expected = `all ${state.created.length} animals this run created (a page shorter than its limit is the whole list)`;
  return [finding('required', 'body[].id', expected, `${pets.length} animal${pets.length === 1 ? '' : 's'}, without ${shown(missing.map((pet) => `${pet.id} (${pet.status ?? 'no status'})`).join(', '))}`, SPEC_LIST.all)];
}

/** The headers that say `getPet` is deprecated, each an open choice (the specification names none); `null`: not sent. */
function deprecationHeaders(reply: Reply, state: RunState): Finding[] {
  const seen = { deprecation: reply.headers.get('deprecation'), sunset: reply.headers.get('sunset'), link: reply.headers.get('link') };
  return (Object.keys(seen) as (keyof typeof seen)[]).flatMap((name) =>
    choice(state, 'getPetDeprecation', { [name]: seen[name] }, `${name}: ${seen[name] ?? '(none)'}`, SPEC_GET.headers),
  );
}

/** A Pet answer that must be `pet`, field by field. */
function samePet(reply: Reply, pet: Pet, spec: string): Finding[] {
  const body = reply.json as Record<string, unknown>;
  return (Object.keys(pet) as (keyof Pet)[]).flatMap((field) =>
    body[field] === pet[field] ? [] : [finding('required', `body.${field}`, shown(pet[field]), shown(body[field]), spec)],
  );
}

/**
 * A body each operation that takes one accepts, for its 401 cases: a service
 * that ignored the key would act on it, so those cases count as writes.
 */
const VALID_BODIES: { [Op in OperationWithBody]: (state: RunState) => z.input<OperationOf<Op>['body']> } = {
  createPet: (state) => ({ name: `${state.name}-unauthenticated`, categoryId: 1 }),
};

/** Each path parameter of `operation` an id no deployment is expected to have reached. */
const absentIds = (operation: OperationId): Record<string, number> => {
  const definition = definitionOf(operation);
  return Object.fromEntries(Object.keys(definition.pathParams ?? {}).map((name) => [name, ABSENT_ID]));
};

/** 401 without a key and with a wrong key, for each operation. */
function authCases(operation: OperationId): ConformanceCase[] {
  const { method, path } = OPERATIONS[operation];
  const body: ((state: RunState) => unknown) | undefined = (VALID_BODIES as Partial<Record<OperationId, (state: RunState) => unknown>>)[operation];
  return (['none', 'wrong'] as const).map((auth) => ({
    id: `${operation}-401-${auth === 'none' ? 'no-key' : 'wrong-key'}`,
    title: `${method} ${path} ${auth === 'none' ? 'without a key' : 'with a wrong key'} → 401`,
    operation,
    status: 401,
    level: 'required',
    spec: SPEC.auth,
    ...(writes(operation) && { writes: true }),
    // One operation's answers show the service's challenge and its code for a 401: a profile needs no more.
    ...(operation === OPERATION_IDS[0] && { observes: ['errorCodes', 'challenge'] as const }),
    plan: (state) => ({ ...requestTo(operation, absentIds(operation)), auth, ...(body && { body: body(state) }) }),
    check: (reply, state) => {
      const findings = failure(reply, 401, 'required', SPEC.auth, 'unauthorized', state);
      if (reply.status !== 401) return findings;
      const challenge = reply.headers.get('www-authenticate');
      const part = auth === 'none' ? 'missingKey' : 'wrongKey';
      return [...findings, ...choice(state, 'challenge', { [part]: challenge }, `WWW-Authenticate: ${challenge ?? '(none)'}`, SPEC_ERRORS.challenge)];
    },
  }));
}

const listCase = (id: string, title: string, query: string, check: ConformanceCase['check'], observes?: ConformanceCase['observes']): ConformanceCase => ({
  id,
  title,
  operation: 'listPets',
  status: LISTED,
  level: 'required',
  spec: SPEC_LIST.ok,
  ...(observes && { observes }),
  plan: () => ({ ...requestTo('listPets', {}, query), auth: 'key' }),
  check,
});

/** A list with a query the specification does not say the answer to: a 400 is the reference's choice. */
const openQuery = (id: string, title: string, query: string, spec: string) =>
  ({ id, title, operation: 'listPets', status: 400, level: 'note', spec, plan: () => ({ ...requestTo('listPets', {}, query), auth: 'key' }) }) satisfies Omit<ConformanceCase, 'check'>;

/** A `limit` that is not a whole number. */
const refusedQuery = (id: string, title: string, query: string, spec: string): ConformanceCase => ({
  ...openQuery(id, title, query, spec),
  check: (reply, state) => failure(reply, 400, 'note', spec, 'invalid_request', state),
});

/**
 * A query the specification does not say the answer to, and the service's
 * choice of it: refused (400, `values.refused`), or answered with a list
 * (the table's success, `values.listed`) that `pets` checks.
 */
const queryChoice = (
  id: string,
  title: string,
  query: string,
  spec: string,
  name: 'limitOutOfRange' | 'unknownStatusFilter',
  values: { refused: string; listed: string },
  pets: (pets: Pet[]) => Finding[],
): ConformanceCase => ({
  ...openQuery(id, title, query, spec),
  observes: [name, 'errorCodes'],
  check: (reply, state) => {
    if (reply.status !== LISTED) {
      const findings = errorBody(reply, reply.status === 400 ? 'invalid_request' : undefined, state);
      return [...findings, ...choice(state, name, (reply.status === 400 ? values.refused : undefined) as Observed<typeof name> | undefined, `${query} → ${reply.status}`, spec)];
    }
    const findings = checkSuccess(reply, 'listPets', SPEC_LIST.ok);
    const listedPets = listed(reply, findings);
    if (!listedPets) return findings;
    const received = `${query} → ${LISTED} with ${listedPets.length} animal${listedPets.length === 1 ? '' : 's'}`;
    return [...findings, ...pets(listedPets), ...choice(state, name, values.listed as Observed<typeof name>, received, spec)];
  },
});

/** `limit=N` outside 1..100: refused, or clamped into the range (then at most the nearer bound). */
const limitOutOfRange = (limit: number): ConformanceCase => {
  const bound = Math.min(Math.max(limit, LIST_LIMIT_MIN), LIST_LIMIT_MAX);
  return queryChoice(
    `listPets-400-limit-${limit}`,
    `GET /pets?limit=${limit} → 400, or at most ${bound} where the service clamps`,
    `limit=${limit}`,
    SPEC_LIST.outOfRange,
    'limitOutOfRange',
    { refused: 'refuse', listed: 'clamp' },
    (pets) => (pets.length > bound ? [finding('required', 'body length', `at most ${bound} (limit=${limit}, clamped)`, String(pets.length), SPEC_LIST.limit)] : []),
  );
};

/** A create's name of exactly `length` characters: the run's name, cut or padded. */
const nameOfLength = (state: RunState, length: number): string => `${state.name}-${'x'.repeat(length)}`.slice(0, length);

/**
 * What a create of a name of `length` characters showed of the longest name
 * the service accepts; once the longest accepted and the shortest refused are
 * next to each other, that is the choice.
 */
function nameLength(reply: Reply, state: RunState, length: number): Finding[] {
  const range = state.nameLengths;
  if (reply.status === CREATED) range.accepted = Math.max(range.accepted, length);
  else if (reply.status === 400) range.refused = Math.min(range.refused, length);
  if (range.known || range.refused - range.accepted !== 1) return [];
  range.known = true;
  const { accepted, refused } = range;
  const received = accepted === 0 ? 'even a name of 1 character is refused' : `a name of ${accepted} characters → ${CREATED}, of ${refused} → 400`;
  return choice(state, 'nameMaxLength', accepted === 0 || accepted > NAME_MAX_LENGTH ? undefined : accepted, received, SPEC_CREATE.nameLength);
}

/** A create of a name of `length(state)` characters, or the case's skip when it gives none. */
function nameCase(id: string, title: string, status: typeof CREATED | 400, length: (state: RunState) => number | undefined, probe = false): ConformanceCase {
  return {
    id,
    title,
    operation: 'createPet',
    status,
    level: 'note',
    spec: SPEC_CREATE.nameLength,
    writes: true,
    observes: ['nameMaxLength'],
    ...(probe && { probe }),
    plan: (state) => {
      const chars = length(state);
      return chars === undefined ? { skip: 'the longest name accepted is known' } : { ...requestTo('createPet'), auth: 'key', body: { name: nameOfLength(state, chars), categoryId: 1 } };
    },
    check: (reply, state) => {
      const chars = length(state) ?? 0;
      // Past the contract's longest, a 400 is required.
      const findings = chars > NAME_MAX_LENGTH ? checkStatus(reply, 400, 'required', SPEC_CREATE.invalid) : [];
      if (reply.status === CREATED) findings.push(...checkSuccessBody(reply, 'createPet', SPEC_CREATE.created));
      return [...findings, ...errorBody(reply, reply.status === 400 ? 'invalid_request' : undefined, state), ...nameLength(reply, state, chars)];
    },
  };
}

/** Halves the range of lengths not yet known (7 probes cover 1 to 100), until the longest accepted is known. */
const nextNameProbe = ({ nameLengths: range }: RunState): number | undefined =>
  range.known || range.refused - range.accepted <= 1 ? undefined : Math.floor((range.accepted + range.refused) / 2);

/** A create body the contract refuses: 400 with an Error body. */
const invalidCreate = (id: string, title: string, body: (state: RunState) => unknown): ConformanceCase => ({
  id,
  title,
  operation: 'createPet',
  status: 400,
  level: 'required',
  spec: SPEC_CREATE.invalid,
  writes: true,
  plan: (state) => ({ ...requestTo('createPet'), auth: 'key', body: body(state) }),
  check: (reply, state) => failure(reply, 400, 'required', SPEC_CREATE.invalid, 'invalid_request', state),
});

/**
 * The one table of cases, in the order they run. First the contract's, which
 * every reader runs and which hold for any deployment, whatever its data: an authenticated
 * list (a refused key stops the run there) and the page with the default's
 * limit next to it, before anything is created; creates come before the
 * listings, so that even an empty deployment has animals of two statuses to
 * filter, and before the cases that look for what they created. Then the mock
 * server's own ({@link MOCK_SERVER_CASES}, each `mockOnly`, saying why): its
 * exact answers on its seeded store, which only its transport tests run.
 */
export const CONFORMANCE_CASES: readonly ConformanceCase[] = [
  listCase(`listPets-${LISTED}-default`, `GET /pets → ${LISTED}, at most ${LIST_LIMIT_DEFAULT} (the default limit)`, '', (reply, state) => {
    const findings = checkSuccess(reply, 'listPets', SPEC_LIST.ok);
    const pets = listed(reply, findings);
    if (pets) {
      state.listed = pets;
      state.pages.default = pets.map((pet) => pet.id);
      if (pets.length > LIST_LIMIT_DEFAULT) findings.push(finding('required', 'body length', `at most ${LIST_LIMIT_DEFAULT}`, String(pets.length), SPEC_LIST.limit));
    }
    return [...findings, ...listOrder(pets, state)];
  }, ['listOrder']),
  listCase(`listPets-${LISTED}-limit-default-is-20`, `GET /pets?limit=${LIST_LIMIT_DEFAULT} → the same page as no limit`, `limit=${LIST_LIMIT_DEFAULT}`, (reply, state) => {
    const findings = checkSuccess(reply, 'listPets', SPEC_LIST.ok);
    const pets = listed(reply, findings);
    const first = state.pages.default;
    if (pets && first && pets.length !== first.length) {
      findings.push(finding('required', 'default page length', `${pets.length} (as with limit=${LIST_LIMIT_DEFAULT})`, `${first.length} without limit`, SPEC_LIST.limit));
    }
    return findings;
  }),
  ...OPERATION_IDS.flatMap(authCases),

  // Creating: every POST /pets may store an animal, so each is a write.
  {
    id: `createPet-${CREATED}`,
    title: `POST /pets with a status → ${CREATED} with the Pet, an integer id`,
    operation: 'createPet',
    status: CREATED,
    level: 'required',
    spec: SPEC_CREATE.created,
    writes: true,
    plan: (state) => ({ ...requestTo('createPet'), auth: 'key', body: { name: state.name, categoryId: 1, status: 'pending' } satisfies NewPet }),
    check: (reply, state) => {
      const findings = checkSuccess(reply, 'createPet', SPEC_CREATE.created);
      if (findings.some((item) => item.level === 'required')) return findings;
      const pet = reply.json as Pet;
      const sent = { name: state.name, categoryId: 1, status: 'pending' } as const;
      findings.push(...samePet(reply, { id: pet.id, ...sent }, SPEC_CREATE.echo));
      if (!findings.some((item) => item.level === 'required')) state.subject = pet;
      return findings;
    },
  },
  {
    id: `createPet-${CREATED}-default-status`,
    title: `POST /pets without a status → ${CREATED}, status ${DEFAULT_PET_STATUS}`,
    operation: 'createPet',
    status: CREATED,
    level: 'required',
    spec: SPEC_CREATE.created,
    writes: true,
    observes: ['defaultStatus'],
    plan: (state) => ({ ...requestTo('createPet'), auth: 'key', body: { name: `${state.name}-default`, categoryId: 1 } satisfies NewPet }),
    check: (reply, state) => {
      const findings = checkSuccess(reply, 'createPet', SPEC_CREATE.created);
      if (findings.some((item) => item.level === 'required')) return findings;
      const pet = reply.json as Pet;
      findings.push(...samePet(reply, { id: pet.id, name: `${state.name}-default`, categoryId: 1 }, SPEC_CREATE.echo));
      return [...findings, ...choice(state, 'defaultStatus', pet.status, `a create without a status → status ${shown(pet.status ?? '(none)')}`, SPEC_CREATE.defaultStatus)];
    },
  },
  invalidCreate('createPet-400-missing-fields', 'POST /pets with {} → 400', () => ({})),
  invalidCreate('createPet-400-missing-name', 'POST /pets without name → 400', () => ({ categoryId: 1 })),
  invalidCreate('createPet-400-missing-category', 'POST /pets without categoryId → 400', (state) => ({ name: `${state.name}-invalid` })),
  invalidCreate('createPet-400-category-string', 'POST /pets with categoryId "1" → 400', (state) => ({ name: `${state.name}-invalid`, categoryId: '1' })),
  invalidCreate('createPet-400-name-number', 'POST /pets with name 7 → 400', () => ({ name: 7, categoryId: 1 })),
  invalidCreate('createPet-400-status-unknown', 'POST /pets with status "lost" → 400', (state) => ({ name: `${state.name}-invalid`, categoryId: 1, status: 'lost' })),
  {
    id: 'createPet-415-text-plain',
    title: 'POST /pets as text/plain → 415',
    operation: 'createPet',
    status: 415,
    level: 'note',
    spec: SPEC_CREATE.mediaType,
    writes: true,
    observes: ['errorCodes'],
    plan: (state) => ({ ...requestTo('createPet'), auth: 'key', raw: { contentType: 'text/plain', text: JSON.stringify({ name: `${state.name}-text`, categoryId: 1 }) } }),
    check: (reply, state) => failure(reply, 415, 'note', SPEC_CREATE.mediaType, 'unsupported_media_type', state),
  },
  {
    id: 'createPet-400-unknown-field',
    title: `POST /pets with a field NewPet lacks → 400, or ${CREATED} without it where the service ignores it`,
    operation: 'createPet',
    status: 400,
    level: 'note',
    spec: SPEC_CREATE.unknownFields,
    writes: true,
    observes: ['unknownCreateFields', 'errorCodes'],
    plan: (state) => ({ ...requestTo('createPet'), auth: 'key', body: { name: `${state.name}-extra`, categoryId: 1, nickname: 'Extra' } }),
    check: (reply, state) => {
      if (reply.status !== CREATED) {
        const findings = errorBody(reply, reply.status === 400 ? 'invalid_request' : undefined, state);
        return [...findings, ...choice(state, 'unknownCreateFields', reply.status === 400 ? 'refuse' : undefined, `a create with nickname → ${reply.status}`, SPEC_CREATE.unknownFields)];
      }
      const findings = checkSuccess(reply, 'createPet', SPEC_CREATE.created);
      if (findings.some((item) => item.level === 'required')) return findings;
      const pet = reply.json as Pet;
      findings.push(...samePet(reply, { id: pet.id, name: `${state.name}-extra`, categoryId: 1, ...(pet.status !== undefined && { status: pet.status }) }, SPEC_CREATE.echo));
      return [...findings, ...choice(state, 'unknownCreateFields', 'ignore', `a create with nickname → ${CREATED}`, SPEC_CREATE.unknownFields)];
    },
  },
  // The longest name: one of the length the run expects (the contract's longest, or the profile's) and one
  // longer; where either surprises, probes halve the range until the longest accepted is known.
  nameCase(`createPet-${CREATED}-longest-name`, `POST /pets with the longest name expected → ${CREATED}`, CREATED, (state) => state.choices.nameMaxLength),
  nameCase('createPet-400-name-too-long', 'POST /pets with a name one longer than expected → 400', 400, (state) => state.choices.nameMaxLength + 1),
  ...Array.from({ length: 7 }, (_, index) =>
    nameCase(`createPet-name-length-probe-${index + 1}`, `POST /pets: the longest name accepted, probe ${index + 1}`, CREATED, nextNameProbe, true),
  ),


  // Listing, with the animals just created among the data.
  ...[LIST_LIMIT_MIN, 2, LIST_LIMIT_MAX].map((limit) =>
    listCase(`listPets-${LISTED}-limit-${limit}`, `GET /pets?limit=${limit} → ${LISTED}, at most ${limit}`, `limit=${limit}`, (reply, state) => {
      const findings = checkSuccess(reply, 'listPets', SPEC_LIST.ok);
      const pets = listed(reply, findings);
      if (pets && pets.length > limit) findings.push(finding('required', 'body length', `at most ${limit} (limit=${limit})`, String(pets.length), SPEC_LIST.limit));
      return [...findings, ...holdsCreated(pets, limit, state), ...(limit === LIST_LIMIT_MAX ? listOrder(pets, state) : [])];
    }, limit === LIST_LIMIT_MAX ? ['listOrder'] : undefined),
  ),
  ...PET_STATUSES.map((status) =>
    listCase(`listPets-${LISTED}-status-${status}`, `GET /pets?status=${status} → only ${status} animals`, `status=${status}&limit=${LIST_LIMIT_MAX}`, (reply) => {
      const findings = checkSuccess(reply, 'listPets', SPEC_LIST.ok);
      return [...findings, ...onlyStatus(listed(reply, findings), status)];
    }),
  ),
  limitOutOfRange(LIST_LIMIT_MIN - 1),
  limitOutOfRange(LIST_LIMIT_MAX + 1),
  refusedQuery('listPets-400-limit-abc', 'GET /pets?limit=abc → 400', 'limit=abc', SPEC_LIST.outOfRange),
  queryChoice('listPets-400-status-unknown', 'GET /pets?status=lost → 400, or an empty list', 'status=lost', SPEC_LIST.badStatus, 'unknownStatusFilter', { refused: 'refuse', listed: 'empty' }, (pets) =>
    pets.length === 0 ? [] : [finding('required', 'body length', '0 (no animal has status lost)', String(pets.length), SPEC_LIST.status)],
  ),

  // Reading back what was created.
  {
    id: `getPet-${GOT}`,
    title: `GET /pets/{id} of an animal → ${GOT} with that Pet`,
    operation: 'getPet',
    status: GOT,
    level: 'required',
    spec: SPEC_GET.ok,
    observes: ['getPetDeprecation'],
    plan: (state) => {
      const pet = state.subject ?? state.listed[0];
      return pet ? { ...requestTo('getPet', { petId: pet.id }), auth: 'key' } : { skip: 'no animal to get: the list was empty and nothing was created' };
    },
    check: (reply, state) => {
      const findings = checkSuccess(reply, 'getPet', SPEC_GET.ok);
      const pet = state.subject ?? state.listed[0];
      if (pet && !findings.some((item) => item.level === 'required')) findings.push(...samePet(reply, pet, SPEC_GET.ok));
      return [...findings, ...deprecationHeaders(reply, state)];
    },
  },
  {
    id: `listPets-${LISTED}-contains-created`,
    title: 'GET /pets?status=pending lists the animal just created',
    operation: 'listPets',
    status: LISTED,
    level: 'required',
    spec: SPEC_LIST.status,
    writes: true,
    plan: (state) =>
      state.subject ? { ...requestTo('listPets', {}, `status=pending&limit=${LIST_LIMIT_MAX}`), auth: 'key' } : { skip: 'no animal was created with a status' },
    check: (reply, state) => {
      const findings = checkSuccess(reply, 'listPets', SPEC_LIST.ok);
      const pets = listed(reply, findings);
      findings.push(...onlyStatus(pets, 'pending'));
      const { subject } = state;
      if (pets && subject && !pets.some((pet) => pet.id === subject.id)) {
        // A full page may hold other animals only: the specification gives no way to the next one.
        const level = pets.length < LIST_LIMIT_MAX ? 'required' : 'note';
        findings.push(finding(level, 'body[].id', `to contain ${subject.id}`, `${pets.length} animals without it`, level === 'required' ? SPEC_LIST.status : 'spec 4.1: paging beyond limit is not shown'));
      }
      return findings;
    },
  },
  {
    id: 'getPet-404',
    title: `GET /pets/${ABSENT_ID} (2^53-1, no such animal) → 404`,
    operation: 'getPet',
    status: 404,
    level: 'required',
    spec: SPEC_GET.notFound,
    observes: ['errorCodes', 'getPetDeprecation'],
    plan: () => ({ ...requestTo('getPet', { petId: ABSENT_ID }), auth: 'key' }),
    check: (reply, state) => [...failure(reply, 404, 'required', SPEC_GET.notFound, 'not_found', state), ...deprecationHeaders(reply, state)],
  },
  {
    id: 'getPet-400-malformed-id',
    title: 'GET /pets/abc → 400',
    operation: 'getPet',
    status: 400,
    level: 'note',
    spec: SPEC_GET.malformed,
    observes: ['malformedPetId', 'errorCodes'],
    plan: () => ({ ...requestTo('getPet', { petId: 'abc' }), auth: 'key' }),
    check: (reply, state) => {
      const seen = reply.status === 400 || reply.status === 404 ? reply.status : undefined;
      const findings = errorBody(reply, seen === 400 ? 'invalid_request' : seen === 404 ? 'not_found' : undefined, state);
      return [...findings, ...choice(state, 'malformedPetId', seen, `GET /pets/abc → ${reply.status}`, SPEC_GET.malformed)];
    },
  },

  ...MOCK_SERVER_CASES,
];

/**
 * Why a documented status has no case: the matrix says so rather than leaving
 * the cell empty. Keyed `operation status`.
 */
export const UNCHECKED_STATUSES: Readonly<Partial<Record<OperationStatus, string>>> = {
  'createPet 409': 'needs every id up to 2^53-1 taken; no run can provoke it',
  'createPet 413': 'needs a body over 1 MiB; not sent, to keep the run small',
  ...Object.fromEntries(OPERATION_IDS.map((operation) => [`${operation} 500`, 'a server failure; no conformant request provokes it'])),
};

