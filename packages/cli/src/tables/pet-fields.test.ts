import { NewPet } from '@petstore/sdk/contract';
import { describe, expect, it } from 'vitest';
import { PET_FIELD_NAMES, longFlag } from './pet-fields.js';

describe('PET_FIELDS', () => {
  it('lists the contract’s fields in the contract’s order (TSV columns and CSV headers follow it)', () => {
    expect(PET_FIELD_NAMES).toEqual(Object.keys(NewPet.shape));
  });

  it('gives each field a long flag', () => {
    for (const field of PET_FIELD_NAMES) {
      expect(longFlag(field)).toMatch(/^--[a-z][a-z-]*$/);
    }
  });
});
