import type { Pet } from '@petstore/sdk';
import { describe, expect, it } from 'vitest';
import type { Paint } from './colour.js';
import { renderPets } from './render-pets.js';

const plain: Paint = { bold: (t) => t, dim: (t) => t, red: (t) => t, green: (t) => t, yellow: (t) => t };

describe('renderPets', () => {
  it('prints a table with each column as wide as its widest cell, in terminal cells (an emoji takes 2)', async () => {
    const pets: Pet[] = [
      { id: 1, name: 'Rex', categoryId: 1, status: 'available' },
      { id: 12, name: 'Bella 🐶', categoryId: 3, status: 'sold' },
    ];
    expect(await renderPets(pets, 'table', plain, false)).toBe(['ID  NAME      CATEGORY  STATUS', '1   Rex       1         available', '12  Bella 🐶  3         sold', ''].join('\n'));
  });

  it('starts every column at the same terminal cell with wide, emoji and combining characters in the names', async () => {
    const pets: Pet[] = [
      { id: 1, name: 'Rex', categoryId: 1, status: 'available' },
      { id: 2, name: '小白猫', categoryId: 2, status: 'pending' },
      { id: 3, name: '🐶 Doggo', categoryId: 3, status: 'sold' },
      { id: 4, name: 'Zoe\u0301', categoryId: 4, status: 'sold' },
      { id: 5, name: 'ＡＢ', categoryId: 5, status: 'sold' },
    ];
    // Fixed expectations, counted by hand: 小白猫 and ＡＢ are 2 cells a character, 🐶 2 cells, the accent none.
    expect((await renderPets(pets, 'table', plain, false)).split('\n')).toEqual([
      'ID  NAME      CATEGORY  STATUS',
      '1   Rex       1         available',
      '2   小白猫    2         pending',
      '3   🐶 Doggo  3         sold',
      '4   Zoe\u0301       4         sold',
      '5   ＡＢ      5         sold',
      '',
    ]);
  });

  it('prints a table of 150,000 animals (no argument spread over the rows)', async () => {
    const pets: Pet[] = Array.from({ length: 150_000 }, (_, index) => ({ id: index + 1, name: `Pet ${index + 1}`, categoryId: 1, status: 'available' }));
    const lines = (await renderPets(pets, 'table', plain, false)).split('\n');
    expect(lines).toHaveLength(150_002);
    expect(lines[0]).toBe('ID      NAME        CATEGORY  STATUS');
    expect(lines[150_000]).toBe('150000  Pet 150000  1         available');
  });

  it('colours each status, the header bold, and pads outside the colour', async () => {
    const marked: Paint = { bold: (t) => `<b>${t}</b>`, dim: (t) => `<d>${t}</d>`, red: (t) => `<r>${t}</r>`, green: (t) => `<g>${t}</g>`, yellow: (t) => `<y>${t}</y>` };
    const pets: Pet[] = [
      { id: 1, name: 'Rex', categoryId: 1, status: 'available' },
      { id: 2, name: 'Tom', categoryId: 2, status: 'pending' },
      { id: 3, name: 'Al', categoryId: 3, status: 'sold' },
    ];
    expect((await renderPets(pets, 'table', marked, false)).split('\n')).toEqual([
      '<b>ID</b>  <b>NAME</b>  <b>CATEGORY</b>  <b>STATUS</b>',
      '1   Rex   1         <g>available</g>',
      '2   Tom   2         <y>pending</y>',
      '3   Al    3         <d>sold</d>',
      '',
    ]);
  });

  it('writes TSV in the table\'s column order, an absent status as an empty cell', async () => {
    expect(await renderPets([{ id: 7, name: 'a\tb', categoryId: 2 }], 'tsv', plain, false)).toBe('7\ta\\tb\t2\t\n');
  });
});
