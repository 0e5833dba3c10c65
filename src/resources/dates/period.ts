/**
 * Periods people pick (docs/extending.md "Dates and times"): a month, a quarter, a year or
 * an inclusive date range, each as the inclusive days `{from, to}` (`YYYY-MM-DD`). An API
 * that takes `[from, to)` gets `to` through {@link nextDay}.
 */
import { toIsoDate } from '../../i18n';
import { isoToLocalDay } from './date-text';

/** An inclusive period of days: both ends `YYYY-MM-DD`, `to` ≥ `from`. */
export interface Period {
  readonly from: string;
  readonly to: string;
}

/** How a period is picked. */
export type PeriodKind = 'month' | 'quarter' | 'year' | 'range';

/** The kinds in the order the picker offers them. */
export const PERIOD_KINDS: readonly PeriodKind[] = ['month', 'quarter', 'year', 'range'];

const lastDay = (year: number, month: number) => toIsoDate(new Date(year, month, 0));
const first = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}-01`;

/** The days of month `month` (1–12) of `year`. */
export function monthPeriod(year: number, month: number): Period {
  return { from: first(year, month), to: lastDay(year, month) };
}

/** The days of quarter `quarter` (1–4) of `year`: Q2 is 1 April – 30 June. */
export function quarterPeriod(year: number, quarter: number): Period {
  return { from: first(year, quarter * 3 - 2), to: lastDay(year, quarter * 3) };
}

/** The days of `year`. */
export function yearPeriod(year: number): Period {
  return { from: `${year}-01-01`, to: `${year}-12-31` };
}

/** `YYYY-MM-DD` → the day after (`2025-12-31` → `2026-01-01`): the exclusive end `[from, to)`. */
export function nextDay(iso: string): string {
  const date = isoToLocalDay(iso);
  if (!date) return iso;
  date.setDate(date.getDate() + 1);
  return toIsoDate(date);
}

/** `YYYY-MM-DD` → the day before: an exclusive end back to an inclusive one. */
export function previousDay(iso: string): string {
  const date = isoToLocalDay(iso);
  if (!date) return iso;
  date.setDate(date.getDate() - 1);
  return toIsoDate(date);
}

const same = (a: Period, b: Period) => a.from === b.from && a.to === b.to;

/**
 * The narrowest kind that names `period` exactly (a whole month is a month, 1 Jan – 31 Dec
 * a year, 1 Apr – 30 Jun a quarter), else `range`.
 */
export function periodKind(period: Period): PeriodKind {
  const start = isoToLocalDay(period.from);
  if (!start) return 'range';
  const [year, month] = [start.getFullYear(), start.getMonth() + 1];
  if (same(period, monthPeriod(year, month))) return 'month';
  if (month % 3 === 1 && same(period, quarterPeriod(year, (month + 2) / 3))) return 'quarter';
  if (same(period, yearPeriod(year))) return 'year';
  return 'range';
}

/**
 * `period` re-picked as `kind`, anchored on its first day (a range from 15 May becomes May,
 * Q2 or the year); a range keeps its days.
 */
export function periodAs(kind: PeriodKind, period: Period): Period {
  const start = isoToLocalDay(period.from) ?? new Date();
  const [year, month] = [start.getFullYear(), start.getMonth() + 1];
  switch (kind) {
    case 'month':
      return monthPeriod(year, month);
    case 'quarter':
      return quarterPeriod(year, Math.ceil(month / 3));
    case 'year':
      return yearPeriod(year);
    case 'range':
      return period;
  }
}
