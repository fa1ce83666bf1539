import { describe, expect, it } from 'vitest';
import type { Paint } from './colour.js';
import { plannedRequest, renderRequests } from './render-requests.js';

const plain: Paint = { bold: (t) => t, dim: (t) => t, red: (t) => t, green: (t) => t, yellow: (t) => t };
const BASE = 'http://127.0.0.1:4010/v1';

describe('plannedRequest', () => {
  it('is the contract\'s createPet: POST to the base URL and /pets, the body as given', () => {
    expect(plannedRequest('createPet', BASE, { body: { name: 'Rex', categoryId: 1 } })).toEqual({ method: 'POST', url: `${BASE}/pets`, body: { name: 'Rex', categoryId: 1 } });
    expect(plannedRequest('createPet', BASE, { body: { name: 'Tom', categoryId: 2, status: 'sold' } }, 7)).toMatchObject({ row: 7 });
  });

  it('fills the path\'s parameters from the input, and has no body where the operation takes none', () => {
    expect(plannedRequest('getPet', BASE, { petId: 7 })).toEqual({ method: 'GET', url: `${BASE}/pets/7` });
  });
});

describe('renderRequests', () => {
  const one = [plannedRequest('createPet', BASE, { body: { name: 'Rex', categoryId: 1 } })];
  const rows = [plannedRequest('createPet', BASE, { body: { name: '小白猫', categoryId: 1 } }, 2), plannedRequest('createPet', BASE, { body: { name: 'a\tb\u202e', categoryId: 2 } }, 10)];

  it('prints one request as an object, rows as an array, and one object a line', async () => {
    expect(JSON.parse(await renderRequests(one, 'json', plain))).toEqual(one[0]);
    expect(JSON.parse(await renderRequests(rows, 'json', plain, 'line'))).toEqual(rows);
    expect(await renderRequests([], 'json', plain, 'line')).toBe('[]\n');
    expect((await renderRequests(rows, 'ndjson', plain, 'line')).split('\n').filter(Boolean).map((line) => JSON.parse(line) as unknown)).toEqual(rows);
  });

  it('prints TSV rows, the row first for an import, the body as compact JSON with unsafe characters escaped', async () => {
    expect(await renderRequests(one, 'tsv', plain)).toBe(`POST\t${BASE}/pets\t{"name":"Rex","categoryId":1}\n`);
    expect(await renderRequests(rows, 'tsv', plain, 'line')).toBe(`2\tPOST\t${BASE}/pets\t{"name":"小白猫","categoryId":1}\n10\tPOST\t${BASE}/pets\t{"name":"a\\\\tb\\\\u202e","categoryId":2}\n`);
  });

  it('prints a table headed by the unit, padded by terminal cells, the last column unpadded', async () => {
    const table = await renderRequests([plannedRequest('createPet', 'http://h/v1', { body: { name: '小白猫', categoryId: 1 } }, 2), plannedRequest('createPet', 'http://h/v1', { body: { name: 'Rex', categoryId: 1 } }, 10)], 'table', plain, 'item');
    expect(table.split('\n')).toEqual([
      'ITEM  METHOD  URL               BODY',
      '2     POST    http://h/v1/pets  {"name":"小白猫","categoryId":1}',
      '10    POST    http://h/v1/pets  {"name":"Rex","categoryId":1}',
      '',
    ]);
  });

  it('prints a request without a body with no body: an empty cell, no key', async () => {
    const bodiless = [plannedRequest('getPet', BASE, { petId: 7 })];
    expect(JSON.parse(await renderRequests(bodiless, 'json', plain))).toEqual({ method: 'GET', url: `${BASE}/pets/7` });
    expect(await renderRequests(bodiless, 'tsv', plain)).toBe(`GET\t${BASE}/pets/7\t\n`);
    expect((await renderRequests(bodiless, 'table', plain)).split('\n')[1]).toBe(`GET     ${BASE}/pets/7`);
  });
});
