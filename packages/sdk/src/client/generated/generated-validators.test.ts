import { readFileSync } from 'node:fs';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { renderValidatorModule } from '../../../scripts/validator-module.js';
import { TolerantPets } from '../response-schemas.js';
import { isTolerantPets } from './is-tolerant-pets.js';

const rex = { id: 1, name: 'Rex', categoryId: 1, status: 'available' };

describe('isTolerantPets, generated from TolerantPets by zod', () => {
  it('is what zod compiles from the schema now (else: pnpm --filter @petstore/sdk run validators)', () => {
    const committed = readFileSync(new URL('is-tolerant-pets.ts', import.meta.url), 'utf8');
    expect(committed).toBe(renderValidatorModule('isTolerantPets', 'TolerantPets', TolerantPets));
  });

  it.each([
    ['an empty list', []],
    ['animals with unknown statuses and extra fields', [rex, { ...rex, id: 2, status: 'adopted', colour: 'brown' }]],
    ['the largest safe id', [{ ...rex, id: Number.MAX_SAFE_INTEGER }]],
    ['a missing id', [{ name: 'Rex', categoryId: 1, status: 'available' }]],
    ['an id of 0', [{ ...rex, id: 0 }]],
    ['a fractional id', [{ ...rex, id: 1.5 }]],
    ['an id beyond 2^53-1', [{ ...rex, id: 2 ** 53 }]],
    ['an id as a string', [{ ...rex, id: '1' }]],
    ['a name that is not a string', [{ ...rex, name: 7 }]],
    ['a missing status', [{ id: 1, name: 'Rex', categoryId: 1 }]],
    ['a null item', [rex, null]],
    ['a list inside the list', [[rex]]],
    ['an object instead of a list', rex],
  ])('agrees with zod on %s', (_label, body) => {
    expect(isTolerantPets(body)).toBe(z.safeParse(TolerantPets, body).success);
  });
});
