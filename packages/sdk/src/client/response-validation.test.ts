import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { describeIssue } from '../contract/index.js';
import { ResponseValidationError } from './errors/validation-errors.js';
import { StrictPet, TolerantPet } from './response-schemas.js';
import { createResponseParsers } from './response-validation.js';

const LABEL = 'GET http://127.0.0.1:4010/v1/pets';
const silent = { warn: () => {} };

/** A list with something wrong in two of its animals, and one right between them. */
const list = [
  { id: 1, name: 42, categoryId: 1, status: 'available' },
  { id: 2, name: 'Rex', categoryId: 1, status: 'available' },
  { id: 0, name: 'Tom', categoryId: 'three', extra: true },
];

const refusal = (run: () => unknown): ResponseValidationError => {
  try {
    run();
  } catch (error) {
    if (error instanceof ResponseValidationError) return error;
    throw error;
  }
  throw new Error('expected a ResponseValidationError');
};

describe('a list that breaks the contract', () => {
  for (const [mode, schema] of [
    ['strict', StrictPet],
    ['tolerant', TolerantPet],
  ] as const) {
    it(`is refused (${mode}) with the issues of every animal, each led by its index, as z.array reports them`, () => {
      const { parsePets } = createResponseParsers(mode, silent);
      const error = refusal(() => parsePets(list, '[…]', LABEL, 20));
      const asArray = z.safeParse(z.array(schema), list, { error: describeIssue });
      expect(asArray.success).toBe(false);
      expect(error.issues).toEqual(asArray.error?.issues);
      expect(error.issues.map((issue) => issue.path[0])).toContain(2);
      expect(error.message).toMatch(new RegExp(`^${LABEL}: the response breaks the contract: body\\[0\\]\\.name: .*; body\\[2\\]\\.id: `));
    });
  }

  it('one animal alone is refused with paths from its own fields', () => {
    const { parsePet } = createResponseParsers('tolerant', silent);
    const error = refusal(() => parsePet(list[0], '{…}', LABEL));
    expect(error.issues.map((issue) => issue.path)).toEqual([['name']]);
    expect(error.message).toBe(`${LABEL}: the response breaks the contract: body.name: expected string, got number`);
  });
});
