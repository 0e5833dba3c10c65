import { describe, expect, it } from 'vitest';
import { dayBefore, formatIsoDate, todayIso, validityState } from './validity';

describe('validity', () => {
  it.each([
    ['2024-01-01', null, '2023-12-31', 'upcoming'],
    ['2024-01-01', null, '2024-01-01', 'inForce'],
    ['2024-01-01', '2024-12-31', '2024-12-31', 'inForce'],
    ['2024-01-01', '2024-12-31', '2025-01-01', 'ended'],
  ] as const)('%s–%s on %s is %s', (from, to, day, want) => {
    expect(validityState(from, to, day)).toBe(want);
  });

  it('formats dates per language', () => {
    expect(formatIsoDate('2024-01-31', 'cs')).toBe('31. 1. 2024');
    expect(formatIsoDate('2024-01-31', 'en')).toBe('1/31/2024');
    expect(formatIsoDate('soon', 'en')).toBe('soon');
  });

  it('gives the day before, across months and leap years', () => {
    expect(dayBefore('2024-03-01')).toBe('2024-02-29');
    expect(dayBefore('2025-01-01')).toBe('2024-12-31');
  });

  it('gives today as an ISO date', () => {
    expect(todayIso(new Date(2024, 1, 9, 23, 30))).toBe('2024-02-09');
  });
});
