import { describe, expect, it } from 'vitest';
import { dateFormatPattern, isIsoDate, toIsoDate } from './dates';

describe('dateFormatPattern (SPEC §5)', () => {
  it.each([
    ['en', 'YYYY-MM-DD'],
    ['cs', 'RRRR-MM-DD'],
  ] as const)('%s → %s', (lang, want) => {
    expect(dateFormatPattern(lang)).toBe(want);
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
