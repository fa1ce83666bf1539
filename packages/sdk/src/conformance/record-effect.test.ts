import { describe, expect, it, vi } from 'vitest';
import type * as Operations from '../contract/operations.js';
import { createRunState } from './case.js';
import type { Reply } from './checks.js';
import { recordEffect } from './record-effect.js';

// A table with a fourth operation that removes, beside today's three: what a DELETE would record.
vi.mock('../contract/operations.js', async (importOriginal) => {
  const actual = await importOriginal<typeof Operations>();
  const OPERATIONS = { ...actual.OPERATIONS, deletePet: { method: 'DELETE', path: '/pets/{petId}', success: { status: 204 }, errors: [401, 404, 500], effect: 'removes' } };
  return { ...actual, OPERATIONS, definitionOf: (operation: keyof typeof OPERATIONS) => OPERATIONS[operation] };
});

const pet = (id: number) => ({ id, name: `petstore-verify-t-${id}`, categoryId: 1, status: 'available' as const });
const reply = (status: number, json?: unknown): Reply => ({ status, headers: new Headers(), text: json === undefined ? '' : JSON.stringify(json), ...(json !== undefined && { json }) });

describe('recordEffect', () => {
  it('keeps an animal an operation that adds stored, whatever status of 2xx came', () => {
    const state = createRunState('petstore-verify-t');
    recordEffect(state, 'createPet', { method: 'POST', path: '/pets', auth: 'key' }, reply(201, pet(7)));
    recordEffect(state, 'createPet', { method: 'POST', path: '/pets', auth: 'wrong' }, reply(200, pet(8)));
    expect(state.created.map(({ id }) => id)).toEqual([7, 8]);
  });

  it('records nothing for a read, a refusal, a body that is no Pet, or a request of no operation', () => {
    const state = createRunState('petstore-verify-t');
    recordEffect(state, 'getPet', { method: 'GET', path: '/pets/7', auth: 'key' }, reply(200, pet(7)));
    recordEffect(state, 'createPet', { method: 'POST', path: '/pets', auth: 'key' }, reply(400, pet(9)));
    recordEffect(state, 'createPet', { method: 'POST', path: '/pets', auth: 'key' }, reply(201, { id: 10 }));
    recordEffect(state, undefined, { method: 'POST', path: '/pet', auth: 'key' }, reply(201, pet(11)));
    expect(state.created).toEqual([]);
  });

  it('takes an animal an operation that removes took away out of the created, by the id its path names', () => {
    const state = createRunState('petstore-verify-t');
    for (const id of [7, 8]) recordEffect(state, 'createPet', { method: 'POST', path: '/pets', auth: 'key' }, reply(201, pet(id)));
    recordEffect(state, 'deletePet' as never, { method: 'DELETE', path: '/pets/7', auth: 'key' }, reply(204));
    recordEffect(state, 'deletePet' as never, { method: 'DELETE', path: '/pets/8', auth: 'key' }, reply(404, { code: 'not_found', message: 'x', status: 404 }));
    expect(state.created.map(({ id }) => id)).toEqual([8]);
  });
});
