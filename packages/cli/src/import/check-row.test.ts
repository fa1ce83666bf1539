import { describe, expect, it } from 'vitest';
import { checkRow } from './check-row.js';

describe('checkRow', () => {
  it('passes a row that meets the contract', () => {
    expect(checkRow({ row: 3, value: { name: 'Rex', categoryId: 1, status: 'sold' } })).toEqual({ row: 3, pet: { name: 'Rex', categoryId: 1, status: 'sold' } });
  });

  it('names each field that breaks the contract, and keeps a name that is text', () => {
    expect(checkRow({ row: 2, value: { name: 'Rex', categoryId: 0, colour: 'red' } })).toEqual({
      row: 2,
      name: 'Rex',
      problem: expect.stringMatching(/categoryId: must be an integer from 1.*unknown field: colour/) as unknown,
    });
    expect(checkRow({ row: 4, value: { name: '', categoryId: '' } })).toEqual({ row: 4, name: '', problem: 'name: must not be empty; categoryId: must be an integer' });
    expect(checkRow({ row: 5, value: [] })).toEqual({ row: 5, problem: 'must be a JSON object' });
  });

  it('passes on the problem of a row that could not be read', () => {
    expect(checkRow({ row: 6, problem: 'not valid JSON: x' })).toEqual({ row: 6, problem: 'not valid JSON: x' });
  });
});
