import type { Pet } from '@petstore/sdk';
import { describe, expect, it } from 'vitest';
import type { Paint } from './colour.js';
import { renderPets } from './render-pets.js';

const plain: Paint = { bold: (t) => t, dim: (t) => t, red: (t) => t, green: (t) => t, yellow: (t) => t };

describe('renderPets', () => {
  it('prints a table with each column as wide as its widest cell', () => {
    const pets: Pet[] = [
      { id: 1, name: 'Rex', categoryId: 1, status: 'available' },
      { id: 12, name: 'Bella 🐶', categoryId: 3, status: 'sold' },
    ];
    expect(renderPets(pets, 'table', plain, false)).toBe(['ID  NAME     CATEGORY  STATUS', '1   Rex      1         available', '12  Bella 🐶  3         sold', ''].join('\n'));
  });

  it('prints a table of 150,000 animals (no argument spread over the rows)', () => {
    const pets: Pet[] = Array.from({ length: 150_000 }, (_, index) => ({ id: index + 1, name: `Pet ${index + 1}`, categoryId: 1, status: 'available' }));
    const lines = renderPets(pets, 'table', plain, false).split('\n');
    expect(lines).toHaveLength(150_002);
    expect(lines[0]).toBe('ID      NAME        CATEGORY  STATUS');
    expect(lines[150_000]).toBe('150000  Pet 150000  1         available');
  });
});
