/**
 * Plain data of the measurements panel (docs/product.md, docs/product.md §2 "Tariff device: lists
 * measurements"): periods, register differences, the chart's series, input parsing. Readings
 * are cumulative registers in kWh (`obis_181` high tariff, `obis_182` low tariff, `obis_280`
 * production), decimal strings on the wire; arithmetic is exact (decimal.js).
 */
import Decimal from 'decimal.js';
import type { ApiSchema } from '../../../src/api';

/** The time zone of the consumption buckets and of "today" (the server's, docs/product.md §1). */
export const TIME_ZONE = 'Europe/Prague';

/**
 * What the panel reads of a reading of the measurements list: its id, ISO 8601 instant and
 * registers (kWh, decimal strings).
 */
export type Reading = Pick<
  ApiSchema<'Measurement'>,
  'id' | 'timestamp_received' | 'obis_181' | 'obis_182' | 'obis_280'
> & { readonly to_check?: boolean };

/** One bucket of `GET /tariffdevices/{id}/consumption/`; kWh decimal strings or null. */
export type ConsumptionBucket = ApiSchema<'ConsumptionBucket'>;

/** Bucket lengths the endpoint knows. */
export const BUCKETS = ['day', 'week', 'month'] as const;
/** One of {@link BUCKETS}. */
export type Bucket = (typeof BUCKETS)[number];

/** Longest period in days the endpoint accepts with day buckets (its `MAX_SPAN_DAYS.day`). */
export const MAX_DAY_SPAN = 1100;

/**
 * Periods offered above the chart. `latest`: the 30 days up to the device's newest reading
 * (the panel's first view, so that a meter read long ago still opens on its readings).
 */
export type PeriodKind = 'latest' | 'last30' | 'thisYear' | 'lastYear' | 'custom';

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
 * The period of a choice on day `today` (`YYYY-MM-DD`): the 30 days up to `latestDay` (the
 * day of the device's newest reading; today when it has none or it is later), the last 30
 * days including today, this calendar year up to today, or last calendar year; `custom` is
 * `custom` itself.
 */
export function periodOf(
  kind: PeriodKind,
  today: string,
  custom: Period,
  latestDay?: string,
): Period {
  const year = Number(today.slice(0, 4));
  switch (kind) {
    case 'latest': {
      const end =
        latestDay !== undefined && isIsoDate(latestDay) && latestDay < today ? latestDay : today;
      return { from: addDays(end, -29), to: end };
    }
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

/** The day (`YYYY-MM-DD`, Europe/Prague) of an ISO 8601 instant. */
export function pragueDayOf(instant: string): string {
  return pragueToday(new Date(instant));
}

/** The decimal and grouping separators of `locale`'s numbers (`cs`: `,` and a no-break space). */
export function separators(locale: string): { decimal: string; group: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  return {
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
  };
}

/**
 * Accepts kWh typed as the language writes numbers and returns the wire form (`1234.5`), or
 * null when it is not a non-negative number with at most 12 whole digits and 3 decimals (the
 * field's limits). Spaces (also no-break) between thousands are dropped. Where the decimal
 * separator is a comma (`cs`: `1 234,5`) a point is taken as one too, as people type it; where
 * it is a point (`en`: `1,234.5`) a comma is the thousands separator.
 */
export function parseKwh(input: string, locale = 'cs'): string | null {
  const { decimal } = separators(locale);
  let compact = input.replace(/[\s\u00a0\u202f]/g, '');
  if (decimal === ',') compact = compact.replace(',', '.');
  else compact = compact.replace(/,(?=\d{3}(?:\D|$))/g, '');
  if (!/^\d{1,12}(\.\d{0,3})?$/.test(compact)) return null;
  return compact.endsWith('.') ? compact.slice(0, -1) : compact;
}

/**
 * A register (a wire decimal string in kWh, `6611.360`) as typed in `locale`'s form: its
 * decimal separator, no thousands separators (`cs`: `6611,360`), so that it reads as the
 * lists write it and {@link parseKwh} takes it back unchanged.
 */
export function kwhInput(value: string, locale: string): string {
  const { decimal } = separators(locale);
  return decimal === '.' ? value : value.replace('.', decimal);
}

/** Units the panel shows energy in. */
export const UNITS = ['kWh', 'MWh'] as const;
/** One of {@link UNITS}. */
export type EnergyUnit = (typeof UNITS)[number];

/** `kwh` (a number or decimal string in kWh) in `unit`, exactly (decimal.js). */
export function inUnit(kwh: Decimal.Value, unit: EnergyUnit): Decimal {
  const value = new Decimal(kwh);
  return unit === 'MWh' ? value.dividedBy(1000) : value;
}

/** Fraction digits of an exact amount in `unit`: kWh to the Wh (3), MWh to the Wh (6). */
export function unitPlaces(unit: EnergyUnit): number {
  return unit === 'MWh' ? 6 : 3;
}

/**
 * Every how many buckets the x axis writes a label, so that labels never overlap: the
 * smallest step (1, 2, 3, 4, 7, 14, 28, then doubling) whose distance in pixels (`plotWidth`
 * over `count` buckets) leaves room for the widest label (`labelWidth`) and a gap of `gap`.
 */
export function labelStep(count: number, plotWidth: number, labelWidth: number, gap = 12): number {
  if (count <= 1 || plotWidth <= 0) return 1;
  const perBucket = plotWidth / count;
  const steps = [1, 2, 3, 4, 7, 14, 28];
  for (let step = 56; step < count * 2; step *= 2) steps.push(step);
  return steps.find((step) => step * perBucket >= labelWidth + gap) ?? steps[steps.length - 1]!;
}

/** The bucket indices that carry a label: every `step`th from the first. */
export function labelledBuckets(count: number, step: number): number[] {
  const indices: number[] = [];
  for (let index = 0; index < count; index += Math.max(1, step)) indices.push(index);
  return indices;
}

/** The series uPlot draws, aligned by bucket; amounts in the chart's unit, null for a gap. */
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

/**
 * The chart's series from the endpoint's buckets (kWh) in `unit`. Numbers are for drawing
 * only (the exact decimals stay in the answer, which the table beside the chart shows).
 */
export function chartSeries(
  buckets: readonly ConsumptionBucket[],
  unit: EnergyUnit = 'kWh',
): ChartSeries {
  const toNumber = (value: string | null) =>
    value === null ? null : inUnit(value, unit).toNumber();
  const high = buckets.map((bucket) => toNumber(bucket.ht_kwh));
  const low = buckets.map((bucket) => toNumber(bucket.lt_kwh));
  return {
    starts: buckets.map((bucket) => bucket.start),
    high,
    low,
    stackTop: buckets.map((bucket) =>
      bucket.ht_kwh === null && bucket.lt_kwh === null
        ? null
        : inUnit(new Decimal(bucket.ht_kwh ?? 0).plus(bucket.lt_kwh ?? 0), unit).toNumber(),
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
