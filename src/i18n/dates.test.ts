import { describe, expect, it } from 'vitest';
import { dateLocale, isIsoDate, toIsoDate } from './dates';

describe('dateLocale (docs/product.md §9: default date locale en-US)', () => {
  it.each([
    ['en', 'en-US'],
    ['cs', 'cs-CZ'],
    ['de', 'en-US'],
  ])('%s → %s', (lang, want) => {
    expect(dateLocale(lang)).toBe(want);
  });

  it('formats a date the Czech way and the American way', () => {
    const date = new Date(2025, 2, 5);
    expect(new Intl.DateTimeFormat(dateLocale('cs')).format(date)).toBe('5. 3. 2025');
    expect(new Intl.DateTimeFormat(dateLocale('en')).format(date)).toBe('3/5/2025');
  });
});

describe('isIsoDate', () => {
  it.each<[string, boolean]>([
    ['2025-01-31', true],
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2025-13-01', false],
    ['2025-1-31', false],
    ['31.01.2025', false],
    ['2025-01-31T00:00:00Z', false],
    ['', false],
  ])('%s → %s', (value, want) => {
    expect(isIsoDate(value)).toBe(want);
  });
});

describe('toIsoDate', () => {
  it('writes a local date as YYYY-MM-DD', () => {
    expect(toIsoDate(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
  });
});
