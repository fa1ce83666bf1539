import { describe, expect, it } from 'vitest';
import { BODY, checkBody, checkNoBody, checkSuccess, type Reply } from './checks.js';

const reply = (body: unknown): Reply => {
  const text = JSON.stringify(body);
  return { status: 200, headers: new Headers({ 'content-type': 'application/json' }), text, json: JSON.parse(text) as unknown };
};

describe('checkBody', () => {
  it('names the first five issues of a body with many, and how many more', () => {
    const pets = Array.from({ length: 10_000 }, (_, index) => ({ id: String(index + 1), name: 'Rex', categoryId: 1, status: 'available' }));
    const [found] = checkBody(reply(pets), BODY.Pets, 'spec');
    expect(found?.received).toMatch(/^body\[0\]\.id: must be an integer; (body\[\d\]\.id: must be an integer; ){4}and 9995 more in \[\{"id":"1",/);
    expect(found?.received.length).toBeLessThan(1_000);
  });

  it('names the first five unknown fields of a body with many, and how many more', () => {
    const pet: Record<string, unknown> = { id: 1, name: 'Rex', categoryId: 1, status: 'available' };
    for (let index = 0; index < 1_000; index++) pet[`extra${index}`] = index;
    const [found] = checkBody(reply(pet), BODY.Pet, 'spec');
    expect(found).toMatchObject({ level: 'note', what: 'body fields', received: 'also extra0, extra1, extra2, extra3, extra4, and 995 more' });
  });

  it('names every issue of a body with a few', () => {
    const [found] = checkBody(reply({ id: 1, name: 7 }), BODY.Pet, 'spec');
    expect(found?.received).toBe('body.name: must be a string; body.categoryId: missing in {"id":1,"name":7}');
  });
});

describe('checkSuccess', () => {
  const pet = { id: 1, name: 'Rex', categoryId: 1, status: 'available' };

  it("holds an answer to the operations table's status and body schema", () => {
    expect(checkSuccess({ ...reply(pet), status: 201 }, 'createPet', 'spec')).toEqual([]);
    expect(checkSuccess(reply(pet), 'createPet', 'spec')).toMatchObject([{ level: 'required', what: 'status', expected: '201', received: '200' }]);
    expect(checkSuccess(reply(pet), 'listPets', 'spec')).toMatchObject([{ level: 'required', what: 'body', expected: 'Pets (an array of Pet)' }]);
  });

  it('wants no body where the table has none', () => {
    expect(checkNoBody({ status: 204, headers: new Headers(), text: '' }, 'spec')).toEqual([]);
    expect(checkNoBody(reply(pet), 'spec')).toMatchObject([{ level: 'required', what: 'body', expected: '(none)' }]);
  });
});
