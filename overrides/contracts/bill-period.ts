/**
 * The bill preview's period (docs/billing.md): people pick inclusive days (a month, a quarter,
 * a year or a range, docs/extending.md "Dates and times"); the API takes `[from, to)`.
 */
import { monthPeriod, nextDay, type Period } from '../../src/resources';

/** The last complete calendar month before `today` (December of last year in January). */
export function lastCompleteMonth(today: Date = new Date()): Period {
  const month = today.getMonth(); // 0-based: the previous month's 1-based number
  return month === 0
    ? monthPeriod(today.getFullYear() - 1, 12)
    : monthPeriod(today.getFullYear(), month);
}

/** Inclusive days → the API's `[from, to)`: the day after the last day. */
export function apiPeriod(period: Period): { from: string; to: string } {
  return { from: period.from, to: nextDay(period.to) };
}
