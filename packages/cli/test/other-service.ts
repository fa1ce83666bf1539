import { ABSENT_ID } from '@petstore/sdk/conformance';
import { GET_PET_REMOVAL_DATE, LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, LIST_LIMIT_MIN, PET_STATUSES, type ChoiceName, type ServiceChoices } from '@petstore/sdk/contract';
import { changeError, changeJson, changeQuery, type MutantRequest, type Mutation } from './mutant-server.js';

/**
 * Another Animal Store service: it meets the contract, but where the
 * specification is silent it chooses otherwise than the kit on every choice.
 * These are its choices, which `verify --write-profile` must find.
 */
export const OTHER_CHOICES: ServiceChoices = {
  defaultStatus: 'pending',
  limitOutOfRange: 'clamp',
  unknownStatusFilter: 'empty',
  unknownCreateFields: 'ignore',
  listOrder: 'id-descending',
  malformedPetId: 404,
  errorCodes: { invalid_request: 'INVALID_REQUEST', unauthorized: 'UNAUTHORIZED', not_found: 'NOT_FOUND', unsupported_media_type: 'UNSUPPORTED_MEDIA_TYPE' },
  nameMaxLength: 60,
  getPetDeprecation: { deprecation: null, sunset: `${GET_PET_REMOVAL_DATE}T00:00:00Z`, link: '</v1/pets?status=available>; rel="successor-version"' },
  challenge: { missingKey: 'Bearer realm="animal-store"', wrongKey: null },
};

const isList = (request: MutantRequest) => request.method === 'GET' && /^\/pets(\?|$)/.test(request.path);
const isGet = (request: MutantRequest) => request.method === 'GET' && /^\/pets\/[^/?]+/.test(request.path);
const isCreate = (request: MutantRequest) => request.method === 'POST' && /^\/pets(\?|$)/.test(request.path);

/** A create's JSON body changed by `change`; a body that is not a JSON object is left alone. */
function changeCreate(request: MutantRequest, change: (body: Record<string, unknown>) => void): void {
  if (!isCreate(request)) return;
  try {
    const body: unknown = JSON.parse(request.body);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
    change(body as Record<string, unknown>);
    request.body = JSON.stringify(body);
  } catch {
    // Not JSON: the kit's answer stands.
  }
}

/** The page a list asked for (after any clamp), kept by the order's request change for its answer. */
const pages = new WeakMap<MutantRequest, number>();

/**
 * How the service makes each choice, as a change to the kit's mock: one per
 * choice (a `Record`, so a new choice does not compile until the other
 * service makes it too). Request changes run in this order, then answer changes.
 */
const MAKES: Record<ChoiceName, Mutation> = {
  defaultStatus: {
    request: (request) => changeCreate(request, (body) => void (body['status'] ??= 'pending')),
  },
  limitOutOfRange: {
    request: (request) => {
      if (!isList(request)) return;
      changeQuery(request, (query) => {
        const limit = query.get('limit');
        if (limit !== null && /^-?\d+$/.test(limit)) query.set('limit', String(Math.min(Math.max(Number(limit), LIST_LIMIT_MIN), LIST_LIMIT_MAX)));
      });
    },
  },
  unknownStatusFilter: {
    answer: (answer, request) => {
      const status = new URL(request.path, 'http://service.test').searchParams.get('status');
      if (!isList(request) || status === null || (PET_STATUSES as readonly string[]).includes(status) || answer.status !== 400) return;
      answer.status = 200;
      answer.body = '[]';
    },
  },
  unknownCreateFields: {
    request: (request) =>
      changeCreate(request, (body) => {
        for (const key of Object.keys(body)) if (!['name', 'categoryId', 'status'].includes(key)) Reflect.deleteProperty(body, key);
      }),
  },
  listOrder: {
    // Newest first: the whole list from the kit, reversed, then the page.
    request: (request) => {
      if (!isList(request)) return;
      changeQuery(request, (query) => {
        // A limit the kit refuses stays refused: clamping is another choice's.
        const limit = query.get('limit') ?? String(LIST_LIMIT_DEFAULT);
        if (!/^\d+$/.test(limit) || Number(limit) < LIST_LIMIT_MIN || Number(limit) > LIST_LIMIT_MAX) return;
        pages.set(request, Number(limit));
        query.set('limit', String(LIST_LIMIT_MAX));
      });
    },
    answer: (answer, request) => {
      const page = pages.get(request);
      if (page === undefined || answer.status !== 200) return;
      changeJson(answer, (body) => (Array.isArray(body) ? body.reverse().slice(0, page) : body));
    },
  },
  malformedPetId: {
    request: (request) => {
      if (isGet(request) && !/^\/pets\/\d+(\?|$)/.test(request.path)) request.path = `/pets/${ABSENT_ID}`;
    },
  },
  errorCodes: {
    answer: (answer) =>
      changeError(answer, (error) => {
        if (typeof error['code'] === 'string') error['code'] = error['code'].toUpperCase();
      }),
  },
  nameMaxLength: {
    // A name past its longest becomes one the kit refuses too: the answer is a 400 about body.name.
    request: (request) =>
      changeCreate(request, (body) => {
        if (typeof body['name'] === 'string' && [...body['name']].length > OTHER_CHOICES.nameMaxLength) body['name'] = '';
      }),
  },
  getPetDeprecation: {
    // On what the kit marks deprecated: getPet's answers past authentication.
    answer: (answer, request) => {
      if (!isGet(request) || answer.status === 401) return;
      const { deprecation, sunset, link } = OTHER_CHOICES.getPetDeprecation;
      for (const [name, value] of Object.entries({ deprecation, sunset, link })) {
        if (value === null) answer.headers.delete(name);
        else answer.headers.set(name, value);
      }
    },
  },
  challenge: {
    answer: (answer, request) => {
      if (answer.status !== 401) return;
      const value = request.headers.has('authorization') ? OTHER_CHOICES.challenge.wrongKey : OTHER_CHOICES.challenge.missingKey;
      if (value === null) answer.headers.delete('www-authenticate');
      else answer.headers.set('www-authenticate', value);
    },
  },
};

/** The other service, as a mutation of the kit's mock; `asTheKit` names choices it makes as the kit does (drift, for a test). */
export function otherService(asTheKit: readonly ChoiceName[] = []): Mutation {
  const made = (Object.keys(MAKES) as ChoiceName[]).filter((name) => !asTheKit.includes(name)).map((name) => MAKES[name]);
  return {
    request: (request) => {
      for (const mutation of made) mutation.request?.(request);
    },
    answer: (answer, request) => {
      for (const mutation of made) mutation.answer?.(answer, request);
    },
  };
}
