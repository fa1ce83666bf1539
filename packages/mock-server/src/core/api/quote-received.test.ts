import { ListPetsQueryParams, NAME_MAX_LENGTH, NewPet, PetIdParam } from '@petstore/sdk/contract';
import { describe, expect, it } from 'vitest';
import { longestAccepted, quoteReceived } from './quote-received.js';

describe('longestAccepted', () => {
  it.each([
    ['limit, up to 100', ListPetsQueryParams.shape.limit, 3],
    ['a status, the longest being available', ListPetsQueryParams.shape.status, 9],
    ['a name', NewPet.shape.name, NAME_MAX_LENGTH],
    ['an id, up to 2^53 - 1', PetIdParam, 16],
    ['a categoryId', NewPet.shape.categoryId, 16],
  ])('reads %s from the contract', (_name, schema, longest) => expect(longestAccepted(schema)).toBe(longest));
});

describe('quoteReceived', () => {
  it('quotes a text no longer than the field holds', () => {
    expect(quoteReceived('abc', ListPetsQueryParams.shape.limit)).toBe('"abc"');
    expect(quoteReceived('lost', ListPetsQueryParams.shape.status)).toBe('"lost"');
  });

  it('tells only the length of a text longer than the field holds: a secret in the wrong place stays out', () => {
    expect(quoteReceived('10;api_key=S3CR3T', ListPetsQueryParams.shape.limit)).toBe('a text of 17 characters');
    expect(quoteReceived('S3CR3T-VALUE', ListPetsQueryParams.shape.status)).toBe('a text of 12 characters');
    expect(quoteReceived('x'.repeat(101), NewPet.shape.name)).toBe('a text of 101 characters');
  });

  it('cuts a long text the field holds at 40 characters, and quotes nothing where the field is unknown', () => {
    expect(quoteReceived(' '.repeat(60), NewPet.shape.name)).toBe(`"${' '.repeat(39)}"…`);
    expect(quoteReceived('a', undefined)).toBe('a text of 1 character');
  });

  it('says a number as it is, an array or object by its kind', () => {
    expect(quoteReceived(1.5, NewPet.shape.categoryId)).toBe('1.5');
    expect(quoteReceived(['1', '2'], ListPetsQueryParams.shape.limit)).toBe('an array of 2');
    expect(quoteReceived({ a: 1 }, NewPet.shape.name)).toBe('an object');
  });
});
