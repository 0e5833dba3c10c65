import { describe, expect, it } from 'vitest';
import {
  monthPeriod,
  nextDay,
  periodAs,
  periodKind,
  previousDay,
  quarterPeriod,
  yearPeriod,
} from './period';

describe('periods are inclusive days', () => {
  it.each([
    ['February of a leap year', monthPeriod(2024, 2), { from: '2024-02-01', to: '2024-02-29' }],
    ['December', monthPeriod(2025, 12), { from: '2025-12-01', to: '2025-12-31' }],
    ['Q2', quarterPeriod(2025, 2), { from: '2025-04-01', to: '2025-06-30' }],
    ['Q4', quarterPeriod(2025, 4), { from: '2025-10-01', to: '2025-12-31' }],
    ['a year', yearPeriod(2025), { from: '2025-01-01', to: '2025-12-31' }],
  ])('%s', (_, got, want) => expect(got).toEqual(want));
});

describe('periodKind names a period by the narrowest kind that fits it', () => {
  it.each([
    [{ from: '2025-02-01', to: '2025-02-28' }, 'month'],
    [{ from: '2025-10-01', to: '2025-12-31' }, 'quarter'],
    [{ from: '2025-01-01', to: '2025-12-31' }, 'year'],
    [{ from: '2025-01-01', to: '2025-03-31' }, 'quarter'],
    [{ from: '2025-02-01', to: '2025-04-30' }, 'range'],
    [{ from: '2025-02-02', to: '2025-02-28' }, 'range'],
    [{ from: '', to: '' }, 'range'],
  ] as const)('%j → %s', (period, want) => expect(periodKind(period)).toBe(want));
});

describe('periodAs re-picks a period on its first day', () => {
  const range = { from: '2025-05-15', to: '2025-08-02' };
  it.each([
    ['month', { from: '2025-05-01', to: '2025-05-31' }],
    ['quarter', { from: '2025-04-01', to: '2025-06-30' }],
    ['year', { from: '2025-01-01', to: '2025-12-31' }],
    ['range', range],
  ] as const)('%s', (kind, want) => expect(periodAs(kind, range)).toEqual(want));
});

describe('the exclusive end of an API period', () => {
  it.each([
    ['2025-12-31', '2026-01-01'],
    ['2024-02-28', '2024-02-29'],
    ['2025-03-30', '2025-03-31'], // the day daylight saving time starts in Prague
  ])('%s → %s and back', (day, after) => {
    expect(nextDay(day)).toBe(after);
    expect(previousDay(after)).toBe(day);
  });
});
