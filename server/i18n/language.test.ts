import { describe, expect, it } from 'vitest';
import { negotiateLanguage } from './language';

describe('negotiateLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['cs', 'cs'],
    ['cs-CZ', 'cs'],
    ['CS-cz,cs;q=0.9', 'cs'],
    ['de-DE,de;q=0.9', 'en'],
    ['de,cs;q=0.5,en;q=0.4', 'cs'],
    ['en;q=0.9,cs', 'cs'],
    ['cs;q=0,en', 'en'],
    ['*', 'en'],
  ] as const)('%j → %s', (header, expected) => {
    expect(negotiateLanguage(header)).toBe(expected);
  });
});
