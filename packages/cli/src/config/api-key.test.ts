import { describe, expect, it } from 'vitest';
import { maskKey } from './api-key.js';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN';

describe('maskKey', () => {
  it.for(Array.from({ length: 40 }, (_, index) => index + 1))('hides at least half of a key of %i characters, showing only its ends', (length) => {
    const key = ALPHABET.slice(0, length);
    const masked = maskKey(key);
    const [head = '', tail = ''] = masked.startsWith('****') ? ['', masked.slice(4)] : masked.split('…');
    expect(key.startsWith(head) && key.endsWith(tail)).toBe(true);
    expect((head.length + tail.length) * 2).toBeLessThanOrEqual(length);
    if (length < 16) expect((head.length + tail.length) * 4).toBeLessThanOrEqual(length);
  });

  it('shows the first 4 and last 3 characters of a long key, the last quarter of a short one', () => {
    expect(maskKey('dev-petstore-key42')).toBe('dev-…y42');
    expect(maskKey('sk-live-1234567')).toBe('****567');
    expect(maskKey('abcdefgh')).toBe('****gh');
    expect(maskKey('abc')).toBe('****');
  });
});
