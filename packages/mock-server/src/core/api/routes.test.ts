import { describe, expect, it } from 'vitest';
import { suggestOperation } from './routes.js';

describe('suggestOperation', () => {
  it.each([
    ['GET', '/pets', 'GET /v1/pets'],
    ['HEAD', '/v1/pets/', 'GET /v1/pets'],
    ['POST', '/api/v1/Pets', 'POST /v1/pets'],
    ['DELETE', '/v1/pet', 'GET /v1/pets'],
    ['GET', '/v1/pest/12', 'GET /v1/pets/12'],
    ['GET', '/v2/pets/pet', 'GET /v1/pets/pet'],
  ])('%s %s → %s', (method, path, suggestion) => {
    expect(suggestOperation(method, path, '/v1')).toBe(suggestion);
  });

  it.each(['/', '/v1', '/v1/owners', '/v1/pets/1/photos', '/v1/animals', '/favicon.ico'])('suggests nothing for %s', (path) => {
    expect(suggestOperation('GET', path, '/v1')).toBeUndefined();
  });
});
