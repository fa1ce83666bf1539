import { describe, expect, it } from 'vitest';
import { bearerToken, createKeyCheck } from './api-keys.js';

describe('bearerToken', () => {
  it.each([
    ['Bearer abc', 'abc'],
    ['bearer abc', 'abc'],
    ['BEARER abc', 'abc'],
    ['Bearer   abc  ', 'abc'],
  ])('reads %j as %j', (header, token) => {
    expect(bearerToken(header)).toBe(token);
  });

  it.each([undefined, '', 'abc', 'Basic abc', 'Bearer', 'Bearer ', 'Bearer a b', 'Bearerabc'])('finds no token in %j', (header) => {
    expect(bearerToken(header)).toBeUndefined();
  });

  it('finds no token in a repeated header', () => {
    expect(bearerToken(['Bearer a', 'Bearer b'])).toBeUndefined();
  });
});

describe('createKeyCheck', () => {
  const isAccepted = createKeyCheck(['first-key', 'second-key']);

  it('accepts each configured key', () => {
    expect(isAccepted('first-key')).toBe(true);
    expect(isAccepted('second-key')).toBe(true);
  });

  it.each(['', 'first-ke', 'first-key2', 'FIRST-KEY', 'second-kez', 'first-key\u0000'])('refuses %j', (key) => {
    expect(isAccepted(key)).toBe(false);
  });

  it('compares non-ASCII keys by their bytes', () => {
    expect(createKeyCheck(['clé'])('clé')).toBe(true);
    expect(createKeyCheck(['clé'])('cle')).toBe(false);
  });
});
