import { describe, expect, it } from 'vitest';
import { parseJsonArray } from './parse-json-array.js';

describe('parseJsonArray', () => {
  it('numbers items from 1', () => {
    expect(parseJsonArray('\uFEFF[{"name":"Rex"}, 5]', 10, 'in')).toEqual([
      { row: 1, value: { name: 'Rex' } },
      { row: 2, value: 5 },
    ]);
  });

  it('refuses text that is not JSON, a value that is not an array, and too many items', () => {
    expect(() => parseJsonArray('[{]', 10, 'pets.json')).toThrow(/^pets\.json: not valid JSON: /);
    expect(() => parseJsonArray('{"name":"Rex"}', 10, 'pets.json')).toThrow('pets.json: expected a JSON array of animals, got object');
    expect(() => parseJsonArray('[1,2,3]', 2, 'pets.json')).toThrow('pets.json: more than 2 rows; split the input');
  });
});
