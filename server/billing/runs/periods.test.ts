/**
 * Which billing period of a contract ends in a run's month (docs/billing.md "Billing run": monthly,
 * quarterly, semiannual, annual, counted from `billing_start`), worked by hand.
 */
import { describe, expect, it } from 'vitest';
import { addMonths, periodEndingIn } from './periods';

describe('addMonths', () => {
  it.each([
    ['2025-01-15', 1, '2025-02-15'],
    ['2025-01-31', 1, '2025-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2025-11-30', 3, '2026-02-28'],
    ['2024-02-29', 12, '2025-02-28'],
    ['2024-02-29', 48, '2028-02-29'],
    ['2025-03-01', -3, '2024-12-01'],
  ])('%s + %i months = %s', (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });
});

describe('periodEndingIn', () => {
  it.each<[string, string, string, { from: string; to: string } | null]>([
    // Monthly from the 1st: the calendar month itself.
    ['2025-01-01', 'monthly', '2025-03-01', { from: '2025-03-01', to: '2025-04-01' }],
    // Monthly from the 15th: 15 February – 14 March ends in March.
    ['2025-01-15', 'monthly', '2025-03-01', { from: '2025-02-15', to: '2025-03-15' }],
    // Quarterly from January: the quarters end in March, June, …; none in February.
    ['2025-01-01', 'quarterly', '2025-03-01', { from: '2025-01-01', to: '2025-04-01' }],
    ['2025-01-01', 'quarterly', '2025-02-01', null],
    ['2025-01-01', 'quarterly', '2026-12-01', { from: '2026-10-01', to: '2027-01-01' }],
    // Semiannual from 1 April: April–September and October–March.
    ['2024-04-01', 'semiannual', '2025-03-01', { from: '2024-10-01', to: '2025-04-01' }],
    ['2024-04-01', 'semiannual', '2025-09-01', { from: '2025-04-01', to: '2025-10-01' }],
    ['2024-04-01', 'semiannual', '2025-06-01', null],
    // Annual from 1 July 2020: July–June, the fifth one ends in June 2025.
    ['2020-07-01', 'annual', '2025-06-01', { from: '2024-07-01', to: '2025-07-01' }],
    ['2020-07-01', 'annual', '2025-07-01', null],
    // Annual from 29 February: the anniversaries fall on the 28th in common years.
    ['2024-02-29', 'annual', '2025-02-01', { from: '2024-02-29', to: '2025-02-28' }],
    ['2024-02-29', 'annual', '2026-02-01', { from: '2025-02-28', to: '2026-02-28' }],
    // Monthly from the 31st: each period ends the day before the clamped next start.
    ['2025-01-31', 'monthly', '2025-02-01', { from: '2025-01-31', to: '2025-02-28' }],
    ['2025-01-31', 'monthly', '2025-03-01', { from: '2025-02-28', to: '2025-03-31' }],
    // Nothing ends before the first period does, nor for an unknown period.
    ['2025-06-01', 'monthly', '2025-05-01', null],
    ['2025-06-01', 'quarterly', '2025-06-01', null],
    ['2025-01-01', 'weekly', '2025-03-01', null],
  ])('from %s, %s, due in %s → %j', (start, period, month, expected) => {
    expect(periodEndingIn(start, period, month)).toEqual(expected);
  });

  it('gives every month exactly one monthly period, back to back, for any start day', () => {
    for (const start of ['2024-01-01', '2024-01-29', '2024-01-30', '2024-01-31']) {
      let previous: { from: string; to: string } | null = null;
      for (let k = 1; k < 30; k += 1) {
        const month = addMonths('2024-01-01', k);
        const period = periodEndingIn(start, 'monthly', month);
        expect(period, `${start} in ${month}`).not.toBeNull();
        if (previous) expect(period!.from).toBe(previous.to);
        previous = period;
      }
    }
  });
});
