import { describe, expect, it } from 'vitest';
import { createFaults, MAX_ARMED_FAULTS, TOO_MANY_FAULTS } from './faults.js';

describe('createFaults', () => {
  it('is typed as it is checked, so these do not compile', () => {
    const { faults } = createFaults();
    // @ts-expect-error status and kind exclude each other: a kind fails below HTTP
    expect(() => faults.next('listPets', { status: 503, kind: 'reset' })).toThrow(TypeError);
    // @ts-expect-error neither a status, a kind nor a delay
    expect(() => faults.next('listPets', { times: 2 })).toThrow(TypeError);
    expect(faults.list()).toEqual([]);
  });

  it(`arms at most ${MAX_ARMED_FAULTS} faults at once, then refuses with a RangeError naming the limit`, () => {
    const { faults, take } = createFaults();
    for (let index = 0; index < MAX_ARMED_FAULTS; index += 1) faults.arm({ status: 503 });
    expect(() => faults.next('listPets', { status: 500 })).toThrow(new RangeError(TOO_MANY_FAULTS));
    expect(faults.list()).toHaveLength(MAX_ARMED_FAULTS);
    // A spent fault makes room again.
    expect(take('listPets')?.status).toBe(503);
    expect(faults.next('listPets', { status: 500 })).toMatchObject({ operation: 'listPets', status: 500, remaining: 1 });
  });

  it('refuses times beyond 1000 with a TypeError naming the field', () => {
    const { faults } = createFaults();
    expect(() => faults.arm({ status: 503, times: 1001 })).toThrow(new TypeError('Invalid fault: times: must be an integer from 1 to 1000'));
  });
});

describe('createFaults for an operation whose success has no body', () => {
  /** A table in which createPet answers 204 with no body. */
  const successOf = (operation: string) => (operation === 'createPet' ? { status: 204 } : { status: 200, body: '[]' });

  it('refuses malformed and stall armed for it, with a TypeError in code and a 400 over the admin API', () => {
    const { faults, armAt } = createFaults(successOf);
    const refusal = 'kind: createPet answers 204 with no body, so there is none to cut for "malformed"; stage "reset" or "empty"';
    expect(() => faults.next('createPet', { kind: 'malformed' })).toThrow(new TypeError(`Invalid fault: ${refusal}`));
    expect(() => armAt({ operation: 'createPet', kind: 'stall' }, 'body')).toThrow(expect.objectContaining({ status: 400, message: expect.stringMatching(/^body\.kind: createPet answers 204 with no body/) }));
    expect(faults.list()).toEqual([]);
  });

  it('arms the kinds that need no body for it, and malformed for every operation', () => {
    const { faults } = createFaults(successOf);
    faults.next('createPet', { kind: 'empty' });
    faults.arm({ kind: 'malformed' });
    expect(faults.list()).toMatchObject([{ operation: 'createPet', kind: 'empty' }, { kind: 'malformed' }]);
  });
});
