import { describe, expect, it } from 'vitest';
import { ID_MAX, NAME_MAX_LENGTH } from './limits.js';
import { Id, NewPet, Pet, PetName, PetStatus } from './pet.js';
import { DEFAULT_PET_STATUS } from './statuses.js';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }): string[] =>
  result.error?.issues.map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`) ?? [];

describe('PetStatus', () => {
  it.each(['available', 'pending', 'sold'])('accepts %s', (status) => {
    expect(PetStatus.safeParse(status).success).toBe(true);
  });

  it.each(['lost', 'Available', '', 1, null])('refuses %j and lists the allowed values', (status) => {
    expect(messages(PetStatus.safeParse(status))).toEqual([': must be one of available, pending, sold']);
  });
});

describe('PetName', () => {
  it.each(['Rex', 'a', ' Rex ', 'Zoë 🐕', 'x'.repeat(NAME_MAX_LENGTH)])('accepts %j and keeps it as given', (name) => {
    expect(PetName.parse(name)).toBe(name);
  });

  it('refuses an empty name', () => {
    expect(messages(PetName.safeParse(''))).toContain(': must not be empty');
  });

  it.each([' ', '   ', '\t\n'])('refuses a name of only whitespace %j', (name) => {
    expect(messages(PetName.safeParse(name))).toEqual([': must not be only whitespace']);
  });

  it('counts characters as Unicode code points, as JSON Schema does', () => {
    expect(PetName.safeParse('🐶'.repeat(NAME_MAX_LENGTH)).success).toBe(true);
    expect(messages(PetName.safeParse('🐶'.repeat(NAME_MAX_LENGTH + 1)))).toEqual([`: must be at most ${NAME_MAX_LENGTH} characters`]);
  });

  it('refuses a name longer than NAME_MAX_LENGTH characters', () => {
    expect(messages(PetName.safeParse('x'.repeat(NAME_MAX_LENGTH + 1)))).toEqual([`: must be at most ${NAME_MAX_LENGTH} characters`]);
  });

  it.each([42, null, ['Rex'], { name: 'Rex' }])('refuses a non-string %j', (name) => {
    expect(messages(PetName.safeParse(name))).toEqual([': must be a string']);
  });
});

describe('Id', () => {
  it.each([1, 2, 1000, ID_MAX])('accepts %d', (id) => {
    expect(Id.parse(id)).toBe(id);
  });

  it.each([0, -1, -ID_MAX])('refuses %d as out of range', (id) => {
    expect(messages(Id.safeParse(id))[0]).toMatch(/must be an integer from 1 to 9007199254740991/);
  });

  it('refuses int64 values beyond 2^53-1 and says why instead of rounding', () => {
    // JSON.parse already rounds 9007199254740993 to 9007199254740992; refusing
    // everything above the safe maximum catches it either way.
    const parsed = JSON.parse('{"id": 9007199254740993}') as { id: number };
    expect(messages(Id.safeParse(parsed.id))).toEqual([
      ': must be an integer from 1 to 9007199254740991 (2^53-1); larger int64 values cannot be represented exactly and are not accepted',
    ]);
    expect(Id.safeParse(ID_MAX + 1).success).toBe(false);
  });

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY, '1', null, true])('refuses %j as not an integer', (id) => {
    expect(messages(Id.safeParse(id))).toEqual([': must be an integer']);
  });
});

describe('NewPet', () => {
  it('accepts name and categoryId, status optional', () => {
    expect(NewPet.parse({ name: 'Rex', categoryId: 1 })).toEqual({ name: 'Rex', categoryId: 1 });
    expect(NewPet.parse({ name: 'Rex', categoryId: 1, status: 'sold' })).toEqual({
      name: 'Rex',
      categoryId: 1,
      status: 'sold',
    });
  });

  it('names the default status for an omitted one as available', () => {
    expect(DEFAULT_PET_STATUS).toBe('available');
  });

  it('refuses missing required fields, naming each', () => {
    expect(messages(NewPet.safeParse({}))).toEqual(['name: must be a string', 'categoryId: must be an integer']);
  });

  it('refuses an explicit null status', () => {
    expect(messages(NewPet.safeParse({ name: 'Rex', categoryId: 1, status: null }))).toEqual([
      'status: must be one of available, pending, sold',
    ]);
  });

  it('refuses a client-supplied id and says the service assigns it', () => {
    expect(messages(NewPet.safeParse({ id: 7, name: 'Rex', categoryId: 1 }))).toEqual([
      ': unknown field: id (id is assigned by the service); allowed fields are name, categoryId, status',
    ]);
  });

  it('refuses unknown fields and names all of them', () => {
    expect(messages(NewPet.safeParse({ name: 'Rex', categoryId: 1, colour: 'red', tags: [] }))).toEqual([
      ': unknown fields: colour, tags; allowed fields are name, categoryId, status',
    ]);
  });

  it('refuses __proto__ and constructor keys as unknown fields without polluting prototypes', () => {
    const body = JSON.parse('{"name":"Rex","categoryId":1,"__proto__":{"polluted":true},"constructor":{"x":1}}') as unknown;
    expect(messages(NewPet.safeParse(body))).toEqual([
      ': unknown fields: __proto__, constructor; allowed fields are name, categoryId, status',
    ]);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it.each([null, [], 'Rex', 42])('refuses a body that is not an object: %j', (body) => {
    expect(messages(NewPet.safeParse(body))).toEqual([': must be a JSON object']);
  });
});

describe('Pet', () => {
  const pet = { id: 1, name: 'Rex', categoryId: 1, status: 'available' };

  it('accepts a complete animal', () => {
    expect(Pet.parse(pet)).toEqual(pet);
  });

  it.each(['id', 'name', 'categoryId'])('refuses an animal without %s', (field) => {
    const { [field]: _removed, ...rest } = pet as Record<string, unknown>;
    expect(Pet.safeParse(rest).success).toBe(false);
  });

  it("accepts an animal without status: the specification's Pet is NewPet plus id, and NewPet's status is optional", () => {
    const { status: _status, ...withoutStatus } = pet;
    expect(Pet.parse(withoutStatus)).toEqual(withoutStatus);
  });
});
