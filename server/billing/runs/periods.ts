/**
 * Which billing period of a contract ends in a month (docs/billing.md "Billing run"): periods of
 * 1, 3, 6 or 12 months follow each other from `billing_start` (else `valid_from`).
 */
import type { BillPeriod } from '../calculate';
import { addDays } from '../dates';

/** Months in each billing period (`contracts.billing_period`). */
export const PERIOD_MONTHS: Readonly<Record<string, number>> = {
  monthly: 1,
  quarterly: 3,
  semiannual: 6,
  annual: 12,
};

/**
 * `date` (ISO) plus `months` calendar months; a day past the target month's end is clamped
 * to its last day (31 January + 1 month = 28/29 February).
 */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = index % 12;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(day, last))).toISOString().slice(0, 10);
}

/**
 * The billing period `[from, to)` of a contract whose last day (`to` − 1) falls in the month
 * starting on `month` (`YYYY-MM-01`), or null when none does (or the period would start
 * before `start`). `period` is a key of {@link PERIOD_MONTHS}; `start` the first day billed.
 */
export function periodEndingIn(start: string, period: string, month: string): BillPeriod | null {
  const length = PERIOD_MONTHS[period];
  if (!length) return null;
  const nextMonth = addMonths(month, 1);
  const [sy, sm] = start.split('-').map(Number) as [number, number];
  const [my, mm] = month.split('-').map(Number) as [number, number];
  const monthsApart = (my - sy) * 12 + (mm - sm);
  const guess = Math.floor(monthsApart / length);
  for (let k = Math.max(0, guess - 1); k <= guess + 1; k += 1) {
    const from = addMonths(start, k * length);
    const to = addMonths(start, (k + 1) * length);
    const last = addDays(to, -1);
    if (last >= month && last < nextMonth) return { from, to };
  }
  return null;
}
