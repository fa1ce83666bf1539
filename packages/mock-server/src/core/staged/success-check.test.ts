import { Pet } from '@petstore/sdk/contract';
import { describe, expect, it } from 'vitest';
import { checkSuccess, refusedKind } from './success-check.js';

/** createPet's success as a table would give it with no body: the status alone. */
const BODILESS = { status: 204 };
const pet = { id: 1, name: 'Rex', categoryId: 2, status: 'available' };

describe('checkSuccess', () => {
  it("takes the success's status and body from the table's success", () => {
    expect(checkSuccess('createPet', { status: 201, body: Pet }, { status: 201, body: pet }, '')).toEqual({ status: 201, body: JSON.stringify(pet) });
    expect(checkSuccess('createPet', { status: 201, body: Pet }, { status: 200, body: pet }, 'body')).toEqual({ error: 'body.status: createPet answers 201 on success, not 200' });
    expect(checkSuccess('createPet', { status: 201, body: Pet }, { status: 201, body: undefined }, '')).toEqual({ error: 'body: a success answer needs a body; createPet answers 201 with one' });
  });

  it('accepts a bodiless success as its status alone, and refuses a body on it', () => {
    expect(checkSuccess('createPet', BODILESS, { status: 204, body: undefined }, '')).toEqual({ status: 204, body: undefined });
    expect(checkSuccess('createPet', BODILESS, { status: 204, body: pet }, '')).toEqual({ error: 'body: createPet answers 204 with no body' });
    expect(checkSuccess('createPet', BODILESS, { status: 201, body: pet }, 'body')).toEqual({ error: 'body.status: createPet answers 204 on success, not 201' });
  });
});

describe('refusedKind', () => {
  it('refuses malformed and stall for a bodiless success, naming the kinds that fail it', () => {
    expect(refusedKind('createPet', BODILESS, 'malformed', 'body')).toBe('body.kind: createPet answers 204 with no body, so there is none to cut for "malformed"; stage "reset" or "empty"');
    expect(refusedKind('createPet', BODILESS, 'stall', '')).toMatch(/^kind: createPet answers 204 with no body/);
    expect(refusedKind('createPet', BODILESS, 'reset', '')).toBeUndefined();
    expect(refusedKind('createPet', BODILESS, undefined, '')).toBeUndefined();
    expect(refusedKind('createPet', { status: 201, body: Pet }, 'stall', '')).toBeUndefined();
  });
});
