import { describe, expect, it } from 'vitest';
import { GET_PET_SUNSET } from './deprecation.js';
import { NAME_MAX_LENGTH } from './limits.js';
import { CHOICE_NAMES, KIT_CHOICES, parseServiceProfile, PROFILE_MAX_BYTES, resolveChoices, SERVICE_CHOICES } from './service-profile.js';
import * as z from 'zod/mini';

const profile = (choices: unknown) => JSON.stringify({ profileVersion: 1, choices });

describe('parseServiceProfile', () => {
  it('reads a profile and fills what it does not name from the kit', () => {
    const choices = resolveChoices(parseServiceProfile(profile({ limitOutOfRange: 'clamp', errorCodes: { not_found: 'NOT_FOUND' }, nameMaxLength: 60 })));
    expect(choices).toEqual({ ...KIT_CHOICES, limitOutOfRange: 'clamp', nameMaxLength: 60, errorCodes: { ...KIT_CHOICES.errorCodes, not_found: 'NOT_FOUND' } });
  });

  it.each([
    [{ malformedPetId: 422 }, /^choices\.malformedPetId: /],
    [{ defaultStatus: 'lost' }, /^choices\.defaultStatus: /],
    [{ nameMaxLength: NAME_MAX_LENGTH + 1 }, /^choices\.nameMaxLength: /],
    [{ errorCodes: { not_found: 'not found' } }, /^choices\.errorCodes\.not_found: must be a letter/],
    [{ errorCodes: { teapot: 'TEAPOT' } }, /^choices\.errorCodes: .*teapot/],
    [{ getPetDeprecation: { deprecation: null, sunset: 'Mon, 01 Jan 2035 00:00:00 GMT', link: null } }, /^choices\.getPetDeprecation\.sunset: must name the removal date/],
    [{ challenge: { missingKey: 'Bearer\r\nX: 1', wrongKey: null } }, /^choices\.challenge\.missingKey: must be printable ASCII/],
    [{ listOrder: 'random' }, /^choices\.listOrder: /],
  ])('refuses a choice the contract does not allow, naming the field: %j', (choices, message) => {
    expect(() => parseServiceProfile(profile(choices))).toThrow(message);
  });

  it('refuses another version, unknown fields, bad JSON and a huge text', () => {
    expect(() => parseServiceProfile(JSON.stringify({ profileVersion: 2, choices: {} }))).toThrow(/^profileVersion: /);
    expect(() => parseServiceProfile(JSON.stringify({ profileVersion: 1, choices: {}, extra: 1 }))).toThrow(/extra/);
    expect(() => parseServiceProfile('{')).toThrow(/^not JSON: /);
    expect(() => parseServiceProfile(' '.repeat(PROFILE_MAX_BYTES + 1))).toThrow(/at most/);
  });

  it("accepts the contract's Sunset however the date is written", () => {
    const sunset = new Date(GET_PET_SUNSET).toISOString();
    expect(resolveChoices(parseServiceProfile(profile({ getPetDeprecation: { deprecation: null, sunset, link: null } }))).getPetDeprecation.sunset).toBe(sunset);
  });
});

describe('KIT_CHOICES', () => {
  it('is a profile the schema accepts, one value per choice', () => {
    expect(Object.keys(KIT_CHOICES)).toEqual(CHOICE_NAMES);
    for (const name of CHOICE_NAMES) expect(z.safeParse(SERVICE_CHOICES[name], KIT_CHOICES[name]).success, name).toBe(true);
  });
});
