import { GET_PET_DEPRECATION, GET_PET_SUNSET, LIST_LIMIT_DEFAULT } from '@petstore/sdk/contract';
import { ABSENT_ID, NAME_PREFIX, type Level } from '@petstore/sdk/conformance';
import { DEV_KEY } from './support.js';
import { changeError, changeJson, changePets, changeQuery, type Mutation } from './mutant-server.js';

/** The finding that must name what differs: the case, what was checked, the expected and received values. */
export interface ExpectedFinding {
  caseId: string;
  what: string;
  expected: RegExp;
  received: RegExp;
  level: Level;
}

/** One deliberately wrong server and what `petstore verify` must say of it. */
export interface Mutant extends Mutation {
  /** What is broken, as the test's title. */
  name: string;
  /** 1: a contract violation; 0: only a note (the specification leaves it open); 3: the key refused; 7: no answer. */
  exitCode: 0 | 1 | 3 | 7;
  /** For exit codes 0 and 1. */
  finding?: ExpectedFinding;
  /** For exit codes 3 and 7: why the run stopped. */
  stopped?: 'unauthorized' | 'network';
}

const GOOD_AUTHORIZATION = `Bearer ${DEV_KEY}`;
const isList = (method: string, path: string) => method === 'GET' && /^\/pets(\?|$)/.test(path);
const isGet = (method: string, path: string) => method === 'GET' && /^\/pets\/[^/?]+/.test(path);
const isCreate = (method: string, path: string) => method === 'POST' && /^\/pets(\?|$)/.test(path);
const idOf = (path: string) => /^\/pets\/([^/?]+)/.exec(path)?.[1];
const exactly = (value: string | number) => new RegExp(`^${String(value).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
const required = (caseId: string, what: string, expected: RegExp, received: RegExp): ExpectedFinding => ({ caseId, what, expected, received, level: 'required' });
const note = (caseId: string, what: string, expected: RegExp, received: RegExp): ExpectedFinding => ({ caseId, what, expected, received, level: 'note' });

/** A server that forgets every animal it creates: a get of one answers as for an id that does not exist. */
function forgettingCreated(): Mutation {
  const created = new Set<string>();
  return {
    request: (request) => {
      const id = idOf(request.path);
      if (request.method === 'GET' && id !== undefined && created.has(id)) request.path = `/pets/${ABSENT_ID}`;
    },
    answer: (answer, request) => {
      if (isCreate(request.method, request.path) && answer.status === 201) changePets(answer, (pet) => void created.add(String(pet['id'])));
    },
  };
}

/**
 * The mock with one behaviour broken, each a way a real deployment departs from
 * the contract: those of issue #22 first, then others `verify` must catch.
 */
export const MUTANTS: readonly Mutant[] = [
  {
    name: '200 instead of 401 without a key',
    request: (request) => {
      if (!request.headers.has('authorization')) request.headers.set('authorization', GOOD_AUTHORIZATION);
    },
    exitCode: 1,
    finding: required('listPets-401-no-key', 'status', exactly(401), exactly(200)),
  },
  {
    name: 'an Error body without status',
    answer: (answer) => changeError(answer, (error) => delete error['status']),
    exitCode: 1,
    finding: required('getPet-404', 'body', /an Error/, /^body\.status: /),
  },
  {
    name: 'create answering 200',
    answer: (answer, request) => {
      if (isCreate(request.method, request.path) && answer.status === 201) answer.status = 200;
    },
    exitCode: 1,
    finding: required('createPet-201', 'status', exactly(201), exactly(200)),
  },
  {
    name: 'id as a string',
    answer: (answer) => changePets(answer, (pet) => (pet['id'] = String(pet['id']))),
    exitCode: 1,
    finding: required('createPet-201', 'body', /a Pet/, /^body\.id: must be an integer in \{"id":"\d+"/),
  },
  {
    name: 'an id written with a fraction (41.0)',
    answer: (answer) => (answer.body = answer.body.replace(/"id":(\d+)/g, '"id":$1.0')),
    exitCode: 1,
    // Quoted as the server wrote it, a number, not as the exact parse keeps it (the text "41.0").
    finding: required('createPet-201', 'body', /a Pet/, /^body\.id: must be an integer in \{"id":\d+\.0,"name"/),
  },
  {
    name: 'list ignoring status',
    request: (request) => {
      if (isList(request.method, request.path)) changeQuery(request, (query) => query.delete('status'));
    },
    exitCode: 1,
    finding: required('listPets-200-status-sold', 'body[].status', /only sold/, /other: .*"status":"available"/),
  },
  {
    name: 'a list without status showing only available animals',
    request: (request) => {
      if (isList(request.method, request.path)) changeQuery(request, (query) => query.has('status') || query.set('status', 'available'));
    },
    exitCode: 1,
    finding: required('listPets-200-limit-100', 'body[].id', /^all \d+ animals this run created/, /^\d+ animals?, without \d+ \(pending\)/),
  },
  {
    name: 'limit not applied',
    request: (request) => {
      if (isList(request.method, request.path)) changeQuery(request, (query) => query.delete('limit'));
    },
    exitCode: 1,
    finding: required('listPets-200-limit-1', 'body length', /at most 1\b/, exactly(LIST_LIMIT_DEFAULT)),
  },
  {
    name: 'default limit 10',
    request: (request) => {
      if (isList(request.method, request.path)) changeQuery(request, (query) => query.has('limit') || query.set('limit', '10'));
    },
    exitCode: 1,
    finding: required('listPets-200-limit-default-is-20', 'default page length', new RegExp(`^${LIST_LIMIT_DEFAULT}\\b`), /^10\b/),
  },
  {
    name: '500 for an unknown id',
    answer: (answer, request) => {
      if (!isGet(request.method, request.path) || answer.status !== 404) return;
      answer.status = 500;
      changeError(answer, (error) => Object.assign(error, { code: 'internal_error', status: 500 }));
    },
    exitCode: 1,
    finding: required('getPet-404', 'status', exactly(404), exactly(500)),
  },
  {
    name: 'missing content-type',
    answer: (answer) => answer.headers.delete('content-type'),
    exitCode: 1,
    finding: required('createPet-201', 'header Content-Type', exactly('application/json'), exactly('(none)')),
  },
  {
    name: 'categoryId missing from a Pet',
    answer: (answer) => changePets(answer, (pet) => delete pet['categoryId']),
    exitCode: 1,
    finding: required('createPet-201', 'body', /a Pet/, /^body\.categoryId: .* in \{"id":\d+,"name":"[^"]+","status":"pending"\}$/),
  },
  {
    name: 'get of a created id answering 404',
    ...forgettingCreated(),
    exitCode: 1,
    finding: required('getPet-200', 'status', exactly(200), exactly(404)),
  },
  {
    name: 'a status outside the enum in a list',
    answer: (answer, request) => {
      if (isList(request.method, request.path)) changePets(answer, (pet, index) => index === 0 && (pet['status'] = 'adopted'));
    },
    exitCode: 1,
    finding: required('listPets-200-default', 'body', /Pets/, /^body\[0\]\.status: must be one of available, pending, sold in .*"adopted"/),
  },
  {
    name: 'a wrong key accepted',
    request: (request) => {
      if (request.headers.has('authorization')) request.headers.set('authorization', GOOD_AUTHORIZATION);
    },
    exitCode: 1,
    finding: required('getPet-401-wrong-key', 'status', exactly(401), exactly(404)),
  },
  {
    name: "an Error's status other than the HTTP status",
    answer: (answer) => changeError(answer, (error) => (error['status'] = answer.status === 400 ? 422 : 400)),
    exitCode: 1,
    finding: required('getPet-404', 'body.status', exactly(404), exactly(400)),
  },
  {
    name: 'Deprecation and Sunset missing on get (a note: the specification names no header)',
    answer: (answer) => {
      answer.headers.delete('deprecation');
      answer.headers.delete('sunset');
    },
    exitCode: 0,
    finding: note('getPet-200', 'choice getPetDeprecation.sunset', exactly(GET_PET_SUNSET), exactly('sunset: (none)')),
  },
  {
    name: 'a Deprecation date other than the contract',
    answer: (answer) => {
      if (answer.headers.has('deprecation')) answer.headers.set('deprecation', 'true');
    },
    exitCode: 0,
    finding: note('getPet-200', 'choice getPetDeprecation.deprecation', exactly(GET_PET_DEPRECATION), exactly('deprecation: true')),
  },
  {
    name: '422 instead of 400 for an invalid field',
    answer: (answer) => {
      if (answer.status !== 400) return;
      answer.status = 422;
      changeError(answer, (error) => (error['status'] = 422));
    },
    exitCode: 1,
    finding: required('createPet-400-category-string', 'status', exactly(400), exactly(422)),
  },
  {
    name: 'create not echoing the name',
    answer: (answer, request) => {
      if (isCreate(request.method, request.path)) changePets(answer, (pet) => (pet['name'] = `${String(pet['name'])} the Second`));
    },
    exitCode: 1,
    finding: required('createPet-201', 'body.name', new RegExp(`^${NAME_PREFIX}[0-9a-f]+$`), / the Second$/),
  },
  {
    name: 'create ignoring the status sent',
    request: (request) => {
      if (isCreate(request.method, request.path)) request.body = request.body.replace(/,?"status":"[a-z]+"/, '');
    },
    exitCode: 1,
    finding: required('createPet-201', 'body.status', exactly('pending'), exactly('available')),
  },
  {
    name: 'get answering another animal',
    request: (request) => {
      if (request.method === 'GET' && idOf(request.path) !== undefined && idOf(request.path) !== String(ABSENT_ID)) request.path = '/pets/1';
    },
    exitCode: 1,
    finding: required('getPet-200', 'body.id', /^\d+$/, exactly(1)),
  },
  {
    name: 'a created animal missing from the list of its status',
    answer: (answer, request) => {
      if (isList(request.method, request.path)) changeJson(answer, (body) => (Array.isArray(body) ? body.filter((pet: { name?: unknown }) => !String(pet.name).startsWith(NAME_PREFIX)) : body));
    },
    exitCode: 1,
    finding: required('listPets-200-contains-created', 'body[].id', /^to contain \d+$/, /without it/),
  },
  {
    name: 'an unknown field in a Pet (a note: the specification does not forbid one)',
    answer: (answer) => changePets(answer, (pet) => (pet['nickname'] = 'Rex')),
    exitCode: 0,
    finding: note('getPet-200', 'body fields', /^only id, name, categoryId, status$/, exactly('also nickname')),
  },
  {
    name: 'a list answering an object',
    answer: (answer, request) => {
      if (isList(request.method, request.path) && answer.status === 200) changeJson(answer, (body) => ({ data: body }));
    },
    exitCode: 1,
    finding: required('listPets-200-default', 'body', /an array of Pet/, /^body: .* in \{"data":\[/),
  },
  {
    name: 'the right key refused',
    answer: (answer, request) => {
      if (request.headers.get('authorization') !== GOOD_AUTHORIZATION) return;
      answer.status = 401;
      answer.body = JSON.stringify({ code: 'unauthorized', message: 'The API key is not valid', status: 401 });
    },
    exitCode: 3,
    stopped: 'unauthorized',
  },
  {
    name: 'the connection closed without an answer',
    answer: (answer, request) => {
      if (isCreate(request.method, request.path)) answer.hangUp = true;
    },
    exitCode: 7,
    stopped: 'network',
  },
];
