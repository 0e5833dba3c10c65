/**
 * The pure steps from the reports' rows (as the API answers them, typed by its schemas
 * `BillingTotal`, `RateConsumption`, `PointsWithoutReading`) to a chart's series and a CSV
 * table.
 */
import type { ApiSchema } from '../../src/api';

/** A month as `YYYY-MM`. */
const MONTH = /^(\d{4})-(\d{2})$/;

/** True for a real month `YYYY-MM`. */
export function isMonth(value: string): boolean {
  const match = MONTH.exec(value);
  return !!match && Number(match[2]) >= 1 && Number(match[2]) <= 12;
}

/** Every month from `from` to `to` (`YYYY-MM`, inclusive); empty when `to` is before `from`. */
export function monthsBetween(from: string, to: string): string[] {
  if (!isMonth(from) || !isMonth(to)) return [];
  const index = (value: string) => Number(value.slice(0, 4)) * 12 + Number(value.slice(5)) - 1;
  const months: string[] = [];
  for (let i = index(from); i <= index(to) && months.length <= 1200; i += 1)
    months.push(
      `${String(Math.floor(i / 12)).padStart(4, '0')}-${String((i % 12) + 1).padStart(2, '0')}`,
    );
  return months;
}

/** The twelve months up to and including `today`'s: `{from, to}` as `YYYY-MM`. */
export function lastTwelveMonths(today: Date = new Date()): { from: string; to: string } {
  const month = (offset: number) => {
    const date = new Date(today.getFullYear(), today.getMonth() + offset, 1);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
  };
  return { from: month(-11), to: month(0) };
}

/** One line of a chart: a value per month, null where the month has none. */
export interface ChartSeries {
  readonly key: string;
  readonly label: string;
  readonly values: readonly (number | null)[];
}

/** A chart's data: the months along the x axis and one series per key. */
export interface MonthlyChartData {
  readonly months: readonly string[];
  readonly series: readonly ChartSeries[];
}

/**
 * Rows pivoted into one series per `key` over `months`, series in the order their keys
 * first appear. The values are for drawing only (numbers); the tables show the exact
 * decimals.
 */
export function pivotMonthly<T extends { readonly month: string }>(
  rows: readonly T[],
  months: readonly string[],
  key: (row: T) => string,
  label: (row: T) => string,
  value: (row: T) => number,
): MonthlyChartData {
  const position = new Map(months.map((month, index) => [month, index]));
  const series = new Map<string, { label: string; values: (number | null)[] }>();
  for (const row of rows) {
    const index = position.get(row.month);
    if (index === undefined) continue;
    const name = key(row);
    let entry = series.get(name);
    if (!entry) {
      entry = { label: label(row), values: months.map(() => null) };
      series.set(name, entry);
    }
    entry.values[index] = (entry.values[index] ?? 0) + value(row);
  }
  return {
    months,
    series: [...series].map(([name, entry]) => ({ key: name, ...entry })),
  };
}

/**
 * The silent points counted per month of their last reading (oldest first), for the chart;
 * points never read are left out (the table lists them first).
 */
export function silentByMonth(
  points: readonly ApiSchema<'SilentPoint'>[],
  label: string,
): MonthlyChartData {
  const counts = new Map<string, number>();
  for (const point of points) {
    if (!point.last_reading) continue;
    const month = point.last_reading.slice(0, 7);
    counts.set(month, (counts.get(month) ?? 0) + 1);
  }
  const known = [...counts.keys()].sort();
  const months = known.length > 0 ? monthsBetween(known[0]!, known[known.length - 1]!) : [];
  return {
    months,
    series: [{ key: 'points', label, values: months.map((month) => counts.get(month) ?? 0) }],
  };
}

/** A decimal string for a CSV cell: a decimal comma in Czech (what a Czech Excel reads). */
export function csvDecimal(value: string, locale: string): string {
  return locale.startsWith('cs') ? value.replace('.', ',') : value;
}

/** `billing-totals-2026-11-24.csv`, the date in local time. */
export function reportFileName(report: string, now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${report}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
