/**
 * Plausibility of a meter reading (docs/billing.md "Readings to check"): a reading whose
 * consumption since the device's previous reading is far outside the meter's own history is
 * stored but flagged `to_check`, and billing refuses what depends on it until a person
 * confirms or corrects it.
 *
 * The consumption is high + low tariff (`obis_181` + `obis_182`, kWh) since the previous
 * reading. It is implausible when it exceeds either bound:
 *
 * - **History**: more than {@link JUMP_FACTOR} × the meter's median daily consumption over
 *   the year before, × the days since the previous reading (at least one day, so that two
 *   readings an hour apart are not judged by an hour's share of a day). The median is of the
 *   daily rates of the intervals between consecutive readings of that year (an interval in
 *   which a register went down, a meter exchange, does not count); with fewer than
 *   {@link MIN_INTERVALS} intervals, or a median of 0, the meter has no history to judge by.
 * - **Fuse**: more than the main fuse can carry in that time, `I × 230 V × phases × hours`
 *   (the specification in force on the reading's day for the device: its main fuse's rated
 *   current for its phases).
 *
 * A register that went down is not judged here (the never-decreasing rule refuses it).
 */
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { decimalText } from '../i18n/format';
import { text, type Text } from '../i18n/text';

/** How many times its median daily consumption a meter may use before a reading is checked. */
export const JUMP_FACTOR = 10;
/** Fewest intervals of the past year a median is taken over. */
export const MIN_INTERVALS = 3;
/** The nominal voltage of a phase (ČSN EN 50160), V. */
export const PHASE_VOLTAGE = 230;
/** The history's length before a reading, days. */
export const HISTORY_DAYS = 365;

const HOUR_MS = 3_600_000;

const PRAGUE_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Prague',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day (`YYYY-MM-DD`) of `at` in Europe/Prague, whose specification is in force. */
export function pragueDay(at: Date): string {
  return PRAGUE_DAY.format(at);
}

/** A reading's time and registers as the rule reads them. */
export interface JudgedReading {
  /** The instant, ms since the epoch. */
  readonly at: number;
  /** `obis_181`, kWh. */
  readonly high: Decimal.Value;
  /** `obis_182`, kWh. */
  readonly low: Decimal.Value;
}

/** The main fuse in force: its rated current (A) for the specification's phases. */
export interface FuseRating {
  readonly amps: number;
  readonly phases: number;
}

/** What the rule knows of the meter. */
export interface MeterHistory {
  /** Median daily consumption (HT + LT) over the year before, kWh/day; null: no history. */
  readonly medianDailyKwh: Decimal.Value | null;
  /** The main fuse in force on the reading's day; null when unknown. */
  readonly fuse: FuseRating | null;
}

/** Why a reading is to be checked. */
export type PlausibilityReason =
  | { readonly rule: 'history'; readonly consumption: Decimal; readonly bound: Decimal }
  | { readonly rule: 'fuse'; readonly consumption: Decimal; readonly bound: Decimal };

/** Most kWh the fuse can carry in `hours`: `amps × 230 V × phases × hours / 1000`. */
export function fuseBoundKwh(fuse: FuseRating, hours: Decimal.Value): Decimal {
  return new Decimal(fuse.amps).times(PHASE_VOLTAGE).times(fuse.phases).times(hours).div(1000);
}

/** Most kWh the meter's history allows over `days`: 10 × median × max(days, 1). */
export function historyBoundKwh(medianDailyKwh: Decimal.Value, days: Decimal.Value): Decimal {
  return new Decimal(medianDailyKwh).times(JUMP_FACTOR).times(Decimal.max(days, 1));
}

/** The median of `values` (the mean of the middle two for an even count); null when empty. */
export function median(values: readonly Decimal.Value[]): Decimal | null {
  if (values.length === 0) return null;
  const sorted = values.map((value) => new Decimal(value)).sort((a, b) => a.comparedTo(b));
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? sorted[middle]!
    : sorted[middle - 1]!.plus(sorted[middle]!).div(2);
}

/**
 * The median daily consumption of consecutive `readings` (sorted by time): each interval's
 * HT + LT difference over its days; intervals where it went down are left out. Null with
 * fewer than {@link MIN_INTERVALS} intervals or a median of 0 (nothing to judge by).
 */
export function medianDailyKwh(readings: readonly JudgedReading[]): Decimal | null {
  const rates: Decimal[] = [];
  for (let index = 1; index < readings.length; index += 1) {
    const before = readings[index - 1]!;
    const after = readings[index]!;
    const used = new Decimal(after.high).plus(after.low).minus(before.high).minus(before.low);
    const days = new Decimal(after.at - before.at).div(24 * HOUR_MS);
    if (used.isNegative() || days.lte(0)) continue;
    rates.push(used.div(days));
  }
  if (rates.length < MIN_INTERVALS) return null;
  const middle = median(rates);
  return middle === null || middle.isZero() ? null : middle;
}

/**
 * The reasons `reading` is implausible after `previous` given the meter's `history`; empty
 * when it is plausible, when there is no previous reading, or when a register went down.
 */
export function implausibility(
  previous: JudgedReading | undefined,
  reading: JudgedReading,
  history: MeterHistory,
): PlausibilityReason[] {
  if (!previous || reading.at <= previous.at) return [];
  const consumption = new Decimal(reading.high)
    .plus(reading.low)
    .minus(previous.high)
    .minus(previous.low);
  if (consumption.lte(0)) return [];
  const hours = new Decimal(reading.at - previous.at).div(HOUR_MS);
  const reasons: PlausibilityReason[] = [];
  if (history.medianDailyKwh !== null && new Decimal(history.medianDailyKwh).gt(0)) {
    const bound = historyBoundKwh(history.medianDailyKwh, hours.div(24));
    if (consumption.gt(bound)) reasons.push({ rule: 'history', consumption, bound });
  }
  if (history.fuse && history.fuse.amps > 0 && history.fuse.phases > 0) {
    const bound = fuseBoundKwh(history.fuse, hours);
    if (consumption.gt(bound)) reasons.push({ rule: 'fuse', consumption, bound });
  }
  return reasons;
}

/** A reason as a sentence, kWh written as each language writes numbers. */
export function reasonText(reason: PlausibilityReason): Text {
  const used = decimalText(reason.consumption.toFixed(3));
  const bound = decimalText(reason.bound.toDecimalPlaces(3).toFixed(3));
  return reason.rule === 'history'
    ? text(
        `To check: ${used.en} kWh since the previous reading is more than ${JUMP_FACTOR}× this meter's median daily consumption over the last year allows (${bound.en} kWh).`,
        `Ke kontrole: ${used.cs} kWh od předchozího odečtu je víc, než dovoluje ${JUMP_FACTOR}× medián denní spotřeby tohoto elektroměru za poslední rok (${bound.cs} kWh).`,
      )
    : text(
        `To check: ${used.en} kWh since the previous reading is more than the main fuse can carry in that time (${bound.en} kWh).`,
        `Ke kontrole: ${used.cs} kWh od předchozího odečtu je víc, než hlavní jistič za tu dobu propustí (${bound.cs} kWh).`,
      );
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}

/** A device and the instant its history ends at (the year before it counts). */
export interface MedianAsk {
  readonly device: number;
  readonly before: Date;
}

/**
 * The median daily consumption of each ask's year, in ask order, in one statement: the
 * readings of that year compared by a window in the database, the median taken there
 * (`percentile_cont`, as {@link median}); null as {@link medianDailyKwh} says.
 */
export async function medianDailyKwhs(
  db: Database,
  asks: readonly MedianAsk[],
): Promise<(Decimal | null)[]> {
  if (asks.length === 0) return [];
  const json = JSON.stringify(
    asks.map((ask, k) => ({ k, d: ask.device, b: ask.before.toISOString() })),
  );
  const rows = rowsOf(
    await db.execute(sql`
      with q as (select * from json_to_recordset(${json}::json)
                   as q(k integer, d integer, b timestamptz))
      select q.k, h.n, h.median::text as median from q cross join lateral (
        select count(*)::integer as n,
               percentile_cont(0.5) within group (order by r.rate) as median
          from (select ((m.obis_181 + m.obis_182)
                        - lag(m.obis_181 + m.obis_182) over w)::float8
                       / nullif(extract(epoch from m.timestamp_received
                                        - lag(m.timestamp_received) over w) / 86400, 0) as rate
                  from measurements m
                 where m.tariff_device_id = q.d
                   and m.timestamp_received >= q.b - make_interval(days => ${HISTORY_DAYS}::integer)
                   and m.timestamp_received < q.b
                window w as (order by m.timestamp_received)) r
         where r.rate >= 0) h`),
  );
  const byK = new Map<number, Decimal | null>();
  for (const row of rows) {
    const value = row.median == null ? null : new Decimal(String(row.median));
    byK.set(
      Number(row.k),
      Number(row.n) >= MIN_INTERVALS && value !== null && value.gt(0) ? value : null,
    );
  }
  return asks.map((_ask, k) => byK.get(k) ?? null);
}

/** A specification of a device with its main fuse's rating, valid over `[from, to]` days. */
export interface FuseSpan {
  readonly from: string;
  /** Inclusive; null: open. */
  readonly to: string | null;
  readonly fuse: FuseRating;
}

/**
 * The fuses of `devices` over the days `[fromDay, toDay]`, in one statement: each
 * specification (not cancelled) naming the device, with a main fuse, overlapping those days.
 */
export async function fuseSpans(
  db: Database,
  devices: readonly number[],
  fromDay: string,
  toDay: string,
): Promise<Map<number, FuseSpan[]>> {
  const spans = new Map<number, FuseSpan[]>();
  if (devices.length === 0) return spans;
  const rows = rowsOf(
    await db.execute(sql`
      select s.tariff_device_id as device, to_char(s.valid_from, 'YYYY-MM-DD') as valid_from,
             to_char(s.valid_to, 'YYYY-MM-DD') as valid_to, s.phases, f.to_1phase, f.to_3phase
        from specifications s join fuses f on f.id = s.main_fuse_id
       where s.tariff_device_id = any(${sql.param([...devices])}::integer[])
         and s.state <> 'cancelled' and s.valid_from <= ${toDay}::date
         and (s.valid_to is null or s.valid_to >= ${fromDay}::date)
       order by s.valid_from, s.id`),
  );
  for (const row of rows) {
    const phases = String(row.phases) === '1' ? 1 : 3;
    const amps = phases === 1 ? row.to_1phase : row.to_3phase;
    if (amps == null) continue;
    const device = Number(row.device);
    const list = spans.get(device) ?? [];
    list.push({
      from: String(row.valid_from),
      to: row.valid_to == null ? null : String(row.valid_to),
      fuse: { amps: Number(amps), phases },
    });
    spans.set(device, list);
  }
  return spans;
}

/** The fuse of the span in force on `day` (the latest starting one), or null. */
export function fuseOn(spans: readonly FuseSpan[] | undefined, day: string): FuseRating | null {
  let found: FuseSpan | undefined;
  for (const span of spans ?? [])
    if (span.from <= day && (span.to === null || span.to >= day)) found = span;
  return found?.fuse ?? null;
}

/** The history of one reading of `device` at `at`: two statements. */
export async function meterHistory(db: Database, device: number, at: Date): Promise<MeterHistory> {
  const day = pragueDay(at);
  const [medianDaily] = await medianDailyKwhs(db, [{ device, before: at }]);
  const spans = await fuseSpans(db, [device], day, day);
  return { medianDailyKwh: medianDaily ?? null, fuse: fuseOn(spans.get(device), day) };
}
