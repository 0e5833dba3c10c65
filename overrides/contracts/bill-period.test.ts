import { describe, expect, it } from 'vitest';
import { monthPeriod, quarterPeriod, yearPeriod } from '../../src/resources';
import { apiPeriod, lastCompleteMonth } from './bill-period';

describe('a picked period as the API takes it, [from, to)', () => {
  it.each([
    ['a month', monthPeriod(2025, 3), { from: '2025-03-01', to: '2025-04-01' }],
    ['December', monthPeriod(2025, 12), { from: '2025-12-01', to: '2026-01-01' }],
    ['February of a leap year', monthPeriod(2024, 2), { from: '2024-02-01', to: '2024-03-01' }],
    ['February of a common year', monthPeriod(2025, 2), { from: '2025-02-01', to: '2025-03-01' }],
    ['Q1 of a leap year', quarterPeriod(2024, 1), { from: '2024-01-01', to: '2024-04-01' }],
    ['Q2', quarterPeriod(2025, 2), { from: '2025-04-01', to: '2025-07-01' }],
    ['Q3', quarterPeriod(2025, 3), { from: '2025-07-01', to: '2025-10-01' }],
    ['Q4', quarterPeriod(2025, 4), { from: '2025-10-01', to: '2026-01-01' }],
    ['a year', yearPeriod(2025), { from: '2025-01-01', to: '2026-01-01' }],
    ['a leap year', yearPeriod(2024), { from: '2024-01-01', to: '2025-01-01' }],
    [
      'a range ending on 28 February of a leap year',
      { from: '2024-02-10', to: '2024-02-28' },
      { from: '2024-02-10', to: '2024-02-29' },
    ],
    ['one day', { from: '2025-05-15', to: '2025-05-15' }, { from: '2025-05-15', to: '2025-05-16' }],
  ])('%s', (_, period, want) => expect(apiPeriod(period)).toEqual(want));
});

describe('the default period is the last complete month', () => {
  it.each([
    [new Date(2026, 0, 15), { from: '2025-12-01', to: '2025-12-31' }],
    [new Date(2024, 2, 1), { from: '2024-02-01', to: '2024-02-29' }],
    [new Date(2025, 11, 31, 23, 30), { from: '2025-11-01', to: '2025-11-30' }],
  ])('on %s', (today, want) => expect(lastCompleteMonth(today)).toEqual(want));
});
