/**
 * Plain data of the measurements panel (issue 13, docs/product.md §2 "Tariff device: lists
 * measurements"): periods, register differences, the chart's series, input parsing. Readings
 * are cumulative registers in kWh (`obis_181` high tariff, `obis_182` low tariff, `obis_280`
 * production), decimal strings on the wire; arithmetic is exact (decimal.js).
 */
import Decimal from 'decimal.js';

/** The time zone of the consumption buckets and of "today" (the server's, docs/product.md §1). */
export const TIME_ZONE = 'Europe/Prague';

/** A reading as the measurements list answers it. */
export interface Reading {
  readonly id: number;
  /** ISO 8601 instant. */
  readonly timestamp_received: string;
  /** kWh, decimal strings. */
  readonly obis_181: string;
  readonly obis_182: string;
  readonly obis_280: string;
}

/** One bucket of `GET /tariffdevices/{id}/consumption/`; kWh decimal strings or null. */
export interface ConsumptionBucket {
  /** First day of the bucket, `YYYY-MM-DD` (Europe/Prague). */
  readonly start: string;
  readonly ht_kwh: string | null;
  readonly lt_kwh: string | null;
  readonly production_kwh: string | null;
}

/** Bucket lengths the endpoint knows. */
export const BUCKETS = ['day', 'week', 'month'] as const;
/** One of {@link BUCKETS}. */
export type Bucket = (typeof BUCKETS)[number];

/** Longest period in days the endpoint accepts with day buckets (its `MAX_SPAN_DAYS.day`). */
export const MAX_DAY_SPAN = 1100;

/** Periods offered above the chart. */
export type PeriodKind = 'last30' | 'thisYear' | 'lastYear' | 'custom';

/** A period as the endpoint takes it: inclusive ISO dates. */
export interface Period {
  readonly from: string;
  readonly to: string;
}

const DAY_MS = 86_400_000;

/** Today's date in Europe/Prague as `YYYY-MM-DD`. */
export function pragueToday(now: Date): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** Whether `value` is a real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** `iso` (`YYYY-MM-DD`) moved by `days` calendar days. */
export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to` (both `YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * The period of a choice on day `today` (`YYYY-MM-DD`): the last 30 days including today,
 * this calendar year up to today, or last calendar year; `custom` is `custom` itself.
 */
export function periodOf(kind: PeriodKind, today: string, custom: Period): Period {
  const year = Number(today.slice(0, 4));
  switch (kind) {
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'thisYear':
      return { from: `${year}-01-01`, to: today };
    case 'lastYear':
      return { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
    case 'custom':
      return custom;
  }
}

/** Why a period cannot be asked for, or null when it can. */
export type PeriodProblem = 'invalid' | 'tooLong' | null;

/** Checks a period against the endpoint's bounds before asking it. */
export function periodProblem(period: Period, bucket: Bucket): PeriodProblem {
  if (!isIsoDate(period.from) || !isIsoDate(period.to)) return 'invalid';
  const span = daysBetween(period.from, period.to);
  if (span < 0) return 'invalid';
  if (bucket === 'day' && span > MAX_DAY_SPAN) return 'tooLong';
  return null;
}

/**
 * The consumption (high + low tariff, kWh) between `previous` and `reading`: the sum of both
 * registers' differences, or null when there is no previous reading or a register went
 * down (a meter exchange: the consumption is unknown, never negative).
 */
export function consumptionSince(reading: Reading, previous: Reading | undefined): Decimal | null {
  if (!previous) return null;
  const high = new Decimal(reading.obis_181).minus(previous.obis_181);
  const low = new Decimal(reading.obis_182).minus(previous.obis_182);
  if (high.isNegative() || low.isNegative()) return null;
  return high.plus(low);
}

/**
 * Accepts kWh typed as `1234.5`, `1234,5` or `1 234,5` (a Czech decimal comma, spaces as
 * thousands separators) and returns the wire form (`1234.5`), or null when it is not a
 * non-negative number with at most 12 whole digits and 3 decimals (the field's limits).
 */
export function parseKwh(input: string): string | null {
  const compact = input.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (!/^\d{1,12}(\.\d{0,3})?$/.test(compact)) return null;
  return compact.endsWith('.') ? compact.slice(0, -1) : compact;
}

/** The series uPlot draws, aligned by bucket; amounts in kWh, null for a gap. */
export interface ChartSeries {
  /** Bucket starts, `YYYY-MM-DD`. */
  readonly starts: readonly string[];
  readonly high: readonly (number | null)[];
  readonly low: readonly (number | null)[];
  /**
   * High + low: the top of the stacked bar whose lower part is the high tariff; null when
   * both are unknown, the known one when only one is.
   */
  readonly stackTop: readonly (number | null)[];
  readonly production: readonly (number | null)[];
}

const toNumber = (value: string | null) => (value === null ? null : Number(value));

/**
 * The chart's series from the endpoint's buckets. Numbers are for drawing only (the exact
 * decimals stay in the answer, which the table beside the chart shows).
 */
export function chartSeries(buckets: readonly ConsumptionBucket[]): ChartSeries {
  const high = buckets.map((bucket) => toNumber(bucket.ht_kwh));
  const low = buckets.map((bucket) => toNumber(bucket.lt_kwh));
  return {
    starts: buckets.map((bucket) => bucket.start),
    high,
    low,
    stackTop: buckets.map((bucket) =>
      bucket.ht_kwh === null && bucket.lt_kwh === null
        ? null
        : new Decimal(bucket.ht_kwh ?? 0).plus(bucket.lt_kwh ?? 0).toNumber(),
    ),
    production: buckets.map((bucket) => toNumber(bucket.production_kwh)),
  };
}

/**
 * Whether a calibration date is past due on day `today` (`YYYY-MM-DD`): the date is when
 * the meter's calibration (cejch) must be renewed, so a date before today is past due.
 */
export function isPastDue(calibrationDate: unknown, today: string): boolean {
  return typeof calibrationDate === 'string' && isIsoDate(calibrationDate)
    ? calibrationDate < today
    : false;
}

/** A relative time as `FormattedRelativeTime` takes it. */
export interface RelativeTime {
  readonly value: number;
  readonly unit: 'second' | 'minute' | 'hour' | 'day' | 'month' | 'year';
}

/** `instant` relative to `now` in the largest unit that fits (negative: in the past). */
export function relativeTime(instant: Date, now: Date): RelativeTime {
  const seconds = Math.round((instant.getTime() - now.getTime()) / 1000);
  const size = Math.abs(seconds);
  const steps: readonly [RelativeTime['unit'], number][] = [
    ['year', 365 * 86_400],
    ['month', 30 * 86_400],
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, length] of steps) {
    if (size >= length) return { value: Math.round(seconds / length), unit };
  }
  return { value: seconds, unit: 'second' };
}

/**
 * The value of an `<input type="datetime-local">` (local wall time, `YYYY-MM-DDTHH:mm`) for
 * instant `at`, in the browser's time zone.
 */
export function toLocalInput(at: Date): string {
  const shifted = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/** The instant an `<input type="datetime-local">` value names, or null when empty/invalid. */
export function fromLocalInput(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
