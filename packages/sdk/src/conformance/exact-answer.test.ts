import { describe, expect, it } from 'vitest';
import { checkExactAnswer, type ExactAnswer } from './exact-answer.js';
import type { Reply } from './checks.js';

const reply = (status: number, text: string, headers: Record<string, string> = {}): Reply => ({
  status,
  headers: new Headers({ 'x-request-id': 'r1', ...(text === '' ? {} : { 'content-type': 'application/json' }), ...headers }),
  text,
});

const differences = (answer: Reply, expected: ExactAnswer) => checkExactAnswer(answer, expected, 'note', 'spec').map((item) => `${item.what}: ${item.expected} / ${item.received}`);

describe('checkExactAnswer', () => {
  it('a wrong status is the one finding, at the level given', () => {
    expect(checkExactAnswer(reply(200, '[]'), { status: 404, code: 'not_found' }, 'note', 'spec')).toEqual([{ level: 'note', what: 'status', expected: '404', received: '200', spec: 'spec' }]);
  });

  it('an error answer is an Error: code and message strings, its status the HTTP status, nothing else', () => {
    const error = { code: 'not_found', message: 'No animal has id 9', status: 404 };
    expect(differences(reply(404, JSON.stringify(error)), { status: 404, code: 'not_found', message: /^No animal/ })).toEqual([]);
    expect(differences(reply(404, JSON.stringify({ ...error, status: 400 })), { status: 404 })).toEqual([expect.stringMatching(/^body: an Error/)]);
    expect(differences(reply(404, JSON.stringify({ ...error, extra: 1 })), { status: 404 })).toEqual([expect.stringMatching(/^body: an Error/)]);
    expect(differences(reply(404, JSON.stringify(error)), { status: 404, code: 'gone', message: 'No animal' })).toEqual([
      'body.code: gone / not_found',
      'body.message: No animal / No animal has id 9',
    ]);
  });

  it('body is the whole value, matches a part of it (an array item for item), ids those of a list in order', () => {
    const pets = [
      { id: 1, name: 'Rex', categoryId: 1 },
      { id: 2, name: 'Bella', categoryId: 2 },
    ];
    const answer = reply(200, JSON.stringify(pets));
    expect(differences(answer, { status: 200, body: pets, ids: [1, 2], matches: [{ id: 1 }, { name: 'Bella' }] })).toEqual([]);
    expect(differences(answer, { status: 200, body: pets.slice(0, 1) })).toHaveLength(1);
    expect(differences(answer, { status: 200, body: [{ ...pets[0], status: 'sold' }, pets[1]] })).toHaveLength(1);
    expect(differences(answer, { status: 200, matches: [{ id: 1 }] })).toHaveLength(1);
    expect(differences(answer, { status: 200, matches: [{ id: 1 }, { name: 'Max' }] })).toHaveLength(1);
    expect(differences(answer, { status: 200, ids: [2, 1] })).toEqual(['body[].id: [2,1] / [1,2]']);
  });

  it('headers present with their values, or absent; every answer with an X-Request-Id', () => {
    const answer = reply(200, '[]', { vary: 'Origin', allow: 'GET' });
    expect(differences(answer, { status: 200, headers: { vary: 'Origin', allow: /GET/ }, withoutHeaders: ['access-control-allow-origin'] })).toEqual([]);
    expect(differences(answer, { status: 200, headers: { allow: 'GET, POST' }, withoutHeaders: ['vary'] })).toEqual(['header allow: GET, POST / GET', 'header vary: (none) / Origin']);
    const unnamed = { ...answer, headers: new Headers({ 'content-type': 'application/json' }) };
    expect(differences(unnamed, { status: 200 })).toEqual(['header X-Request-Id: present / (none)']);
  });

  it('a JSON body is application/json exactly; a 204 has no body; text expected is not JSON', () => {
    expect(differences(reply(200, '[]', { 'content-type': 'application/json; charset=utf-8' }), { status: 200 })).toEqual(['header content-type: application/json / application/json; charset=utf-8']);
    expect(differences(reply(204, ''), { status: 204 })).toEqual([]);
    expect(differences(reply(204, 'x'), { status: 204 })).toEqual(['body: (empty) / x']);
    expect(differences(reply(200, '[{"id":1,'), { status: 200, text: /^\[\{"id":1,/ })).toEqual([]);
    expect(differences(reply(200, '[{"id":1}]'), { status: 200, text: /^\[\{"id":1/ })).toEqual(['body: not JSON / [{"id":1}]']);
  });
});
