import { describe, expect, it } from 'vitest';
import { forAnyDeployment, requestTo } from './case.js';
import { CONFORMANCE_CASES } from './cases.js';

describe('the case table', () => {
  it('names each case once', () => {
    const ids = CONFORMANCE_CASES.map((testCase) => testCase.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('holds the cases for any deployment first, then the mock-only ones, each saying why', () => {
    const firstMockOnly = CONFORMANCE_CASES.findIndex((testCase) => !forAnyDeployment(testCase));
    expect(firstMockOnly).toBeGreaterThan(0);
    expect(CONFORMANCE_CASES.slice(firstMockOnly).filter(forAnyDeployment)).toEqual([]);
    for (const testCase of CONFORMANCE_CASES.slice(firstMockOnly)) expect(testCase.mockOnly, testCase.id).toMatch(/\S/);
  });

  it('gives every case a deployment runs an operation, its cell in the coverage matrix', () => {
    expect(CONFORMANCE_CASES.filter((testCase) => forAnyDeployment(testCase) && testCase.operation === undefined)).toEqual([]);
  });
});

describe('requestTo', () => {
  it("takes the operation's method and path from the contract, its parameters filled as given and the query after", () => {
    expect(requestTo('listPets', {}, 'limit=1')).toEqual({ method: 'GET', path: '/pets?limit=1' });
    expect(requestTo('createPet')).toEqual({ method: 'POST', path: '/pets' });
    expect(requestTo('getPet', { petId: '%E0' })).toEqual({ method: 'GET', path: '/pets/%E0' });
    expect(() => requestTo('getPet')).toThrow('getPet needs petId');
  });
});
