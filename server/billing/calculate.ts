/**
 * The bill of one contract for one period: a pure function of its inputs (no database), the
 * one definition used by the preview, billing runs and tests (docs/billing.md "The calculation").
 *
 * Units: register values and consumption in kWh on input, MWh (kWh / 1000) on lines; prices
 * and amounts in CZK without VAT unless named otherwise; currents in A. All arithmetic is
 * decimal (decimal.js), never binary floating point.
 */
import Decimal from 'decimal.js';
import { text, type Text } from '../i18n/text';
import { addDays, daysInMonth, firstOfNextMonth, pragueDate, startOfDay } from './dates';

/** An exact decimal number written as a string, e.g. `"1234.50"`. */
export type DecimalString = string;

/** The contract being billed. */
export interface ContractInput {
  readonly id: number;
  readonly contract_no: string;
  readonly customer: number;
  /** `supply`, `purchase` or `combined`; production is bought only in the latter two. */
  readonly mode: string;
  /** The product whose tariffs price the contract; `null` refuses billing. */
  readonly product: number | null;
}

/**
 * A specification of a point (docs/product.md §3 Specification); dates inclusive, `valid_to` open.
 */
export interface SpecificationInput {
  readonly id: number;
  readonly valid_from: string;
  readonly valid_to: string | null;
  /** The tariff `code` to price with, e.g. `D02d`. */
  readonly distribution_tariff_code: string;
  /** `'1'` or `'3'`: chooses the fuse's `to_1phase` or `to_3phase`. */
  readonly phases: string;
  readonly main_fuse: number | null;
  readonly tariff_device: number | null;
  /** The device's serial number, its title in refusals (`#id` when absent). */
  readonly tariff_device_serial?: string | null;
}

/** One cumulative reading of a meter, registers in kWh. */
export interface ReadingInput {
  readonly device: number;
  /** The instant, ISO 8601 with offset or `Z`. */
  readonly at: string;
  readonly obis_181: DecimalString;
  readonly obis_182: DecimalString;
  readonly obis_280: DecimalString;
  /**
   * Flagged by the plausibility rule and not yet confirmed (docs/billing.md "Readings to
   * check"): a segment whose readings include it is refused.
   */
  readonly to_check?: boolean;
}

/** A consumption point of the contract with what is in force during the period. */
export interface PointInput {
  readonly id: number;
  readonly ean: string;
  readonly name: string;
  /** The specifications overlapping the period (cancelled ones left out). */
  readonly specifications: readonly SpecificationInput[];
}

/** A main fuse (docs/product.md §3 Fuse): rated currents in A, price per A and month in CZK. */
export interface FuseInput {
  readonly id: number;
  readonly text: string;
  readonly to_1phase: number | null;
  readonly to_3phase: number | null;
  readonly price_for_every_a: DecimalString;
}

/**
 * A tariff of the contract's product (docs/product.md §3 Tariff); prices in CZK
 * per MWh / month / A.
 */
export interface TariffInput {
  readonly id: number;
  readonly product: number;
  readonly code: string;
  readonly valid_from: string;
  readonly valid_to: string | null;
  readonly fuse_from: number | null;
  readonly fuse_to: number | null;
  readonly trade_per_mw_ht: DecimalString | null;
  readonly trade_per_mw_lt: DecimalString | null;
  readonly trade_monthly_pay: DecimalString | null;
  readonly distribution_per_mwh_ht: DecimalString | null;
  readonly distribution_per_mwh_lt: DecimalString | null;
  readonly other_svc_system: DecimalString | null;
  readonly other_svc_poze: DecimalString | null;
  readonly other_svc_poze_per_a: DecimalString | null;
  readonly other_non_network_infra: DecimalString | null;
  readonly electricity_tax_per_mw: DecimalString | null;
  readonly production_per_mwh_ht: DecimalString | null;
}

/** A VAT rate in percent, in force from `valid_from` until the next one. */
export interface VatRateInput {
  readonly rate: DecimalString;
  readonly valid_from: string;
}

/**
 * A payment of the contract counted by the bill, amount in CZK (> 0): an advance (type
 * `advance`) or a refund paid out (type `refund`), in both cases one that settles no
 * invoice (docs/billing.md "Payments").
 */
export interface AdvanceInput {
  readonly id: number;
  readonly ts: string;
  readonly amount: DecimalString;
}

/** Everything {@link calculateBill} needs; `server/billing/load.ts` reads it. */
export interface BillInput {
  readonly contract: ContractInput;
  /** `[from, to)`, ISO dates in Europe/Prague. */
  readonly period: BillPeriod;
  readonly points: readonly PointInput[];
  /** Readings of the points' devices in the period plus the neighbours just outside it. */
  readonly readings: readonly ReadingInput[];
  readonly fuses: readonly FuseInput[];
  /** The product's tariffs overlapping the period (any code). */
  readonly tariffs: readonly TariffInput[];
  readonly vatRates: readonly VatRateInput[];
  /** Advances dated in the period. */
  readonly advances: readonly AdvanceInput[];
  /**
   * Refunds paid out to the customer dated in the period: money the customer got back,
   * which raises what the bill asks for (a refund owed shrinks by it). @default []
   */
  readonly refunds?: readonly AdvanceInput[];
}

/** A billing period `[from, to)` of ISO dates. */
export interface BillPeriod {
  readonly from: string;
  readonly to: string;
}

/** The kinds of bill lines, in the order they are listed. */
export const LINE_KINDS = [
  'energy_ht',
  'energy_lt',
  'supplier_monthly_fee',
  'distribution_ht',
  'distribution_lt',
  'main_fuse',
  'system_services',
  'poze',
  'non_network_infrastructure',
  'electricity_tax',
  'production',
] as const;

/** One kind of bill line. */
export type LineKind = (typeof LINE_KINDS)[number];

/** Unit of a line's quantity. */
export type LineUnit = 'MWh' | 'month' | 'A·month';

/** Display names of the line kinds. */
export const LINE_LABELS: Readonly<Record<LineKind, Text>> = {
  energy_ht: text('Energy, high tariff', 'Silová elektřina, VT'),
  energy_lt: text('Energy, low tariff', 'Silová elektřina, NT'),
  supplier_monthly_fee: text("Supplier's monthly fee", 'Stálý měsíční plat dodavatele'),
  distribution_ht: text('Distribution, high tariff', 'Distribuce, VT'),
  distribution_lt: text('Distribution, low tariff', 'Distribuce, NT'),
  main_fuse: text('Main fuse', 'Hlavní jistič'),
  system_services: text('System services', 'Systémové služby'),
  poze: text('Renewables support (POZE)', 'Podpora obnovitelných zdrojů (POZE)'),
  non_network_infrastructure: text('Non-network infrastructure', 'Nesíťová infrastruktura'),
  electricity_tax: text('Electricity tax', 'Daň z elektřiny'),
  production: text('Production bought', 'Výkup výroby'),
};

/** One line of a bill: `amount` = `quantity` × `unit_price` rounded half-up to 0.01 CZK. */
export interface BillLine {
  readonly kind: LineKind;
  readonly label: Text;
  /** Exact up to 6 decimal places (months are shown rounded to 6). */
  readonly quantity: DecimalString;
  readonly unit: LineUnit;
  /** CZK per unit without VAT. */
  readonly unit_price: DecimalString;
  /** CZK without VAT, two decimal places; negative for production bought. */
  readonly amount: DecimalString;
}

/** The registers of a device at an instant, in kWh. */
export interface RegisterValue {
  readonly device: number;
  /** ISO 8601 instant (UTC). */
  readonly at: string;
  readonly obis_181: DecimalString;
  readonly obis_182: DecimalString;
  readonly obis_280: DecimalString;
  /** True when interpolated between two readings rather than read at that instant. */
  readonly estimated: boolean;
}

/** One segment of a point: one specification and one tariff throughout. */
export interface BillSegment {
  /** `[from, to)`, ISO dates. */
  readonly from: string;
  readonly to: string;
  readonly specification: number;
  readonly tariff: number;
  readonly tariff_code: string;
  readonly main_fuse: number;
  /** The main fuse's rated current in A. */
  readonly current_a: number;
  /** Σ over the months touched of days in the month / days of the month, 6 places. */
  readonly months: DecimalString;
  readonly start: RegisterValue;
  readonly end: RegisterValue;
  /** Consumption in MWh, high and low tariff, and production in MWh. */
  readonly ht_mwh: DecimalString;
  readonly lt_mwh: DecimalString;
  readonly production_mwh: DecimalString;
  readonly lines: readonly BillLine[];
}

/** One point on a bill. */
export interface BillPoint {
  readonly point: number;
  readonly ean: string;
  readonly name: string;
  readonly segments: readonly BillSegment[];
}

/** A contract's bill for a period; amounts in CZK, two decimal places. */
export interface Bill {
  readonly contract: number;
  readonly contract_no: string;
  readonly customer: number;
  readonly product: number;
  readonly mode: string;
  readonly period: BillPeriod;
  readonly points: readonly BillPoint[];
  /** Σ of all lines except production. */
  readonly base: DecimalString;
  /** Percent, in force on the last day of the period. */
  readonly vat_rate: DecimalString;
  readonly vat: DecimalString;
  /** Σ of the production lines (≤ 0). */
  readonly production: DecimalString;
  /** base + VAT + production. */
  readonly total: DecimalString;
  readonly advance_payments: readonly AdvanceInput[];
  /** Σ of the advances dated in the period. */
  readonly advances: DecimalString;
  readonly refund_payments: readonly AdvanceInput[];
  /** Σ of the refunds paid out dated in the period. */
  readonly refunds: DecimalString;
  /** total − advances + refunds; negative is a refund. */
  readonly amount_due: DecimalString;
}

/** Why a contract cannot be billed for a period. */
export type BillRefusalCode =
  | 'contract_not_found'
  | 'no_product'
  | 'no_points'
  | 'no_specification'
  | 'several_specifications'
  | 'no_device'
  | 'no_main_fuse'
  | 'no_reading_before'
  | 'no_reading_after'
  | 'register_went_down'
  | 'reading_to_check'
  | 'no_tariff'
  | 'several_tariffs'
  | 'no_vat_rate';

/** One reason a contract cannot be billed, for a person to look at. */
export interface BillRefusal {
  readonly code: BillRefusalCode;
  readonly point_id?: number;
  /** The point as the message names it (`EAN – name`), for a link to its record. */
  readonly point_title?: string;
  /** The tariff device the refusal is about, when it is about one. */
  readonly device_id?: number;
  /** The device as the message names it (its serial number, `#id` without one). */
  readonly device_title?: string;
  /** The day (ISO date) the problem is on, when there is one. */
  readonly day?: string;
  readonly message: Text;
}

/** The outcome of {@link calculateBill}. */
export type BillResult =
  | { readonly ok: true; readonly bill: Bill }
  | { readonly ok: false; readonly reasons: BillRefusal[] };

const CZK = (value: Decimal): Decimal => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const money = (value: Decimal): DecimalString => CZK(value).toFixed(2);

/** A unit price parsed, with its canonical text. */
interface Price {
  readonly value: Decimal;
  readonly text: DecimalString;
}

/** Unit prices parsed once: a batch prices thousands of lines with the same few prices
 * (Decimals are immutable, so sharing them is safe). At most {@link PRICES_KEPT}. */
const prices = new Map<string, Price>();
const PRICES_KEPT = 10_000;
const ZERO_PRICE: Price = { value: new Decimal(0), text: '0' };

/** `value` (null = 0) parsed, from {@link prices} when seen before. */
function priceOf(value: DecimalString | null): Price {
  if (value === null) return ZERO_PRICE;
  const known = prices.get(value);
  if (known) return known;
  const parsed = new Decimal(value);
  const price = { value: parsed, text: parsed.toString() };
  if (prices.size >= PRICES_KEPT) prices.clear();
  prices.set(value, price);
  return price;
}
const KWH_PLACES = 3;

/** Months of `[from, to)`: Σ over the months touched of its days there / the month's days.
 * Remembered (at most {@link MONTHS_KEPT}): the contracts of a run share few periods. */
export function monthsOf(from: string, to: string): Decimal {
  const key = `${from}|${to}`;
  const known = monthsKnown.get(key);
  if (known) return known;
  const months = countMonths(from, to);
  if (monthsKnown.size >= MONTHS_KEPT) monthsKnown.clear();
  monthsKnown.set(key, months);
  return months;
}

const monthsKnown = new Map<string, Decimal>();
const MONTHS_KEPT = 10_000;

function countMonths(from: string, to: string): Decimal {
  let months = new Decimal(0);
  let day = from;
  while (day < to) {
    const next = firstOfNextMonth(day);
    const end = next < to ? next : to;
    const days = Math.round((Date.parse(end) - Date.parse(day)) / 86_400_000);
    months = months.plus(new Decimal(days).div(daysInMonth(day)));
    day = end;
  }
  return months;
}

/** Does `[validFrom, validTo]` (inclusive, open when null) cover `day`? */
function covers(validFrom: string, validTo: string | null, day: string): boolean {
  return validFrom <= day && (validTo === null || day <= validTo);
}

const isoInstant = (ms: number): string => new Date(ms).toISOString();

/** A day and its formatting for messages. */
const dayText = (day: string): Text => {
  const [y, m, d] = day.split('-');
  return text(day, `${Number(d)}. ${Number(m)}. ${y}`);
};

interface Registers {
  readonly r181: Decimal;
  readonly r182: Decimal;
  readonly r280: Decimal;
}

interface Reading extends Registers {
  readonly ms: number;
  readonly toCheck: boolean;
}

/** Readings of one device sorted by time. */
function readingsByDevice(readings: readonly ReadingInput[]): Map<number, Reading[]> {
  const map = new Map<number, Reading[]>();
  for (const reading of readings) {
    const list = map.get(reading.device) ?? [];
    list.push({
      ms: Date.parse(reading.at),
      r181: new Decimal(reading.obis_181),
      r182: new Decimal(reading.obis_182),
      r280: new Decimal(reading.obis_280),
      toCheck: reading.to_check === true,
    });
    map.set(reading.device, list);
  }
  for (const list of map.values()) list.sort((a, b) => a.ms - b.ms);
  return map;
}

type ValueAt =
  { ok: true; value: RegisterValue; registers: Registers } | { ok: false; refusal: BillRefusal };

/**
 * A point as refusals name it: `EAN – name`, as the point's records are titled (the EAN alone
 * when it has no name).
 */
export function pointTitle(point: Pick<PointInput, 'ean' | 'name'>): string {
  return point.name ? `${point.ean} – ${point.name}` : point.ean;
}

/**
 * The registers of `device` at the instant `ms` (docs/billing.md "The calculation", step 1): the reading at that instant,
 * else linear interpolation in time between the last reading before and the first after,
 * rounded half-up to 0.001 kWh and marked estimated.
 */
function registersAt(
  device: number,
  readings: readonly Reading[],
  ms: number,
  point: number,
  titles: { readonly meter: string; readonly point: string },
): ValueAt {
  let before: Reading | undefined;
  let after: Reading | undefined;
  for (const reading of readings) {
    if (reading.ms === ms) {
      return {
        ok: true,
        registers: reading,
        value: registerValue(device, ms, reading, false),
      };
    }
    if (reading.ms < ms) before = reading;
    else if (!after) after = reading;
  }
  // The day, for a refusal's message only (ICU's formatting is dear).
  const day = !after || !before ? pragueDate(ms) : '';
  if (!after)
    return {
      ok: false,
      refusal: {
        code: 'no_reading_after',
        point_id: point,
        device_id: device,
        day,
        message: text(
          `Meter ${titles.meter} on ${titles.point} has no reading after ${dayText(day).en} 00:00.`,
          `Elektroměr ${titles.meter} na odběrném místě ${titles.point} nemá odečet po ${dayText(day).cs} 0:00.`,
        ),
      },
    };
  if (!before)
    return {
      ok: false,
      refusal: {
        code: 'no_reading_before',
        point_id: point,
        device_id: device,
        day,
        message: text(
          `Meter ${titles.meter} on ${titles.point} has no reading before ${dayText(day).en} 00:00.`,
          `Elektroměr ${titles.meter} na odběrném místě ${titles.point} nemá odečet před ${dayText(day).cs} 0:00.`,
        ),
      },
    };
  const share = new Decimal(ms - before.ms).div(after.ms - before.ms);
  const lerp = (a: Decimal, b: Decimal) =>
    a.plus(b.minus(a).times(share)).toDecimalPlaces(KWH_PLACES, Decimal.ROUND_HALF_UP);
  const registers = {
    r181: lerp(before.r181, after.r181),
    r182: lerp(before.r182, after.r182),
    r280: lerp(before.r280, after.r280),
  };
  return { ok: true, registers, value: registerValue(device, ms, registers, true) };
}

function registerValue(
  device: number,
  ms: number,
  registers: Registers,
  estimated: boolean,
): RegisterValue {
  return {
    device,
    at: isoInstant(ms),
    obis_181: registers.r181.toFixed(KWH_PLACES),
    obis_182: registers.r182.toFixed(KWH_PLACES),
    obis_280: registers.r280.toFixed(KWH_PLACES),
    estimated,
  };
}

/** The first reading between `fromMs` and `toMs` (both inclusive, with the neighbours just
 * outside) where a register is lower than in the reading before. */
function registerWentDown(
  readings: readonly Reading[],
  fromMs: number,
  toMs: number,
): Reading | undefined {
  let first = 0;
  while (first + 1 < readings.length && readings[first + 1]!.ms <= fromMs) first += 1;
  for (let index = first + 1; index < readings.length; index += 1) {
    const previous = readings[index - 1]!;
    const reading = readings[index]!;
    if (previous.ms >= toMs) break;
    if (
      reading.r181.lt(previous.r181) ||
      reading.r182.lt(previous.r182) ||
      reading.r280.lt(previous.r280)
    )
      return reading;
  }
  return undefined;
}

/**
 * The first reading to check among those a segment `[fromMs, toMs)` depends on: from the
 * last reading at or before its start to the first at or after its end (docs/billing.md
 * "Readings to check"), or undefined.
 */
function readingToCheck(
  readings: readonly Reading[],
  fromMs: number,
  toMs: number,
): Reading | undefined {
  let first = 0;
  while (first + 1 < readings.length && readings[first + 1]!.ms <= fromMs) first += 1;
  for (let index = first; index < readings.length; index += 1) {
    if (index > first && readings[index - 1]!.ms >= toMs) break;
    if (readings[index]!.toCheck) return readings[index];
  }
  return undefined;
}

/** The rated current of the main fuse for the specification's phases, in A. */
function ratedCurrent(fuse: FuseInput, phases: string): number | null {
  return phases === '1' ? fuse.to_1phase : fuse.to_3phase;
}

function line(
  kind: LineKind,
  quantity: Decimal,
  unit: LineUnit,
  unitPrice: DecimalString | null,
  amount?: Decimal,
): BillLine {
  const price = priceOf(unitPrice);
  return {
    kind,
    label: LINE_LABELS[kind],
    quantity: quantity.toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toString(),
    unit,
    unit_price: price.text,
    amount: money(amount ?? quantity.times(price.value)),
  };
}

/**
 * Renewables support (POZE, docs/billing.md "The calculation", step 4): the lower of `energy` MWh ×
 * `other_svc_poze` (CZK/MWh) and `amps` A·months × `other_svc_poze_per_a` (CZK per A and
 * month), the energy side on a tie. A side whose price the tariff leaves empty caps nothing:
 * the other side alone is billed (both empty: 0 CZK), so an empty cap never bills POZE as 0.
 */
function pozeLine(tariff: TariffInput, energy: Decimal, amps: Decimal): BillLine {
  const byEnergy =
    tariff.other_svc_poze === null ? null : energy.times(priceOf(tariff.other_svc_poze).value);
  const byFuse =
    tariff.other_svc_poze_per_a === null
      ? null
      : amps.times(priceOf(tariff.other_svc_poze_per_a).value);
  return byFuse !== null && (byEnergy === null || byFuse.lt(byEnergy))
    ? line('poze', amps, 'A·month', tariff.other_svc_poze_per_a, byFuse)
    : line('poze', energy, 'MWh', tariff.other_svc_poze, byEnergy ?? undefined);
}

/** The lines of one segment (docs/billing.md "The calculation", step 4), each rounded half-up to 0.01 CZK. */
export function segmentLines(
  mode: string,
  tariff: TariffInput,
  fuse: FuseInput,
  current: number,
  months: Decimal,
  ht: Decimal,
  lt: Decimal,
  production: Decimal,
): BillLine[] {
  const energy = ht.plus(lt);
  const amps = months.times(current);
  const lines = [
    line('energy_ht', ht, 'MWh', tariff.trade_per_mw_ht),
    line('energy_lt', lt, 'MWh', tariff.trade_per_mw_lt),
    line('supplier_monthly_fee', months, 'month', tariff.trade_monthly_pay),
    line('distribution_ht', ht, 'MWh', tariff.distribution_per_mwh_ht),
    line('distribution_lt', lt, 'MWh', tariff.distribution_per_mwh_lt),
    line('main_fuse', amps, 'A·month', fuse.price_for_every_a),
    line('system_services', energy, 'MWh', tariff.other_svc_system),
    pozeLine(tariff, energy, amps),
    line('non_network_infrastructure', months, 'month', tariff.other_non_network_infra),
    line('electricity_tax', energy, 'MWh', tariff.electricity_tax_per_mw),
  ];
  if (mode === 'purchase' || mode === 'combined')
    lines.push(line('production', production.negated(), 'MWh', tariff.production_per_mwh_ht));
  return lines;
}

/** The VAT rate (percent) in force on `day`: the latest one valid from that day or before. */
export function vatRateIn(rates: readonly VatRateInput[], day: string): DecimalString | null {
  let best: VatRateInput | null = null;
  for (const rate of rates)
    if (rate.valid_from <= day && (best === null || rate.valid_from > best.valid_from)) best = rate;
  return best ? best.rate : null;
}

interface Slice {
  readonly from: string;
  readonly to: string;
  readonly spec: SpecificationInput;
  readonly tariff: TariffInput;
  readonly fuse: FuseInput;
  readonly current: number;
}

/**
 * Splits a point's period into segments (docs/billing.md "The calculation", steps 2–3): wherever the specification in
 * force or the tariff changes; each slice with its tariff found by the contract's product, the
 * specification's `distribution_tariff_code` and the main fuse's rated current.
 */
function slicesOf(
  input: BillInput,
  point: PointInput,
  product: number,
  refusals: BillRefusal[],
): Slice[] {
  const { from, to } = input.period;
  const cuts = new Set<string>([from, to]);
  const inside = (day: string) => day > from && day < to;
  for (const spec of point.specifications) {
    if (inside(spec.valid_from)) cuts.add(spec.valid_from);
    if (spec.valid_to !== null && inside(addDays(spec.valid_to, 1)))
      cuts.add(addDays(spec.valid_to, 1));
  }
  for (const tariff of input.tariffs) {
    if (inside(tariff.valid_from)) cuts.add(tariff.valid_from);
    if (tariff.valid_to !== null && inside(addDays(tariff.valid_to, 1)))
      cuts.add(addDays(tariff.valid_to, 1));
  }
  const days = [...cuts].sort();
  const slices: Slice[] = [];
  let refused = false;
  for (let index = 0; index + 1 < days.length; index += 1) {
    const start = days[index]!;
    const end = days[index + 1]!;
    const specs = point.specifications.filter((spec) =>
      covers(spec.valid_from, spec.valid_to, start),
    );
    // Days with no specification in force are not supplied: not billed, and no obstacle to
    // the days that are (docs/billing.md "Points and specifications in the period").
    if (specs.length === 0) continue;
    if (specs.length !== 1) {
      refusals.push({
        code: 'several_specifications',
        point_id: point.id,
        day: start,
        message: text(
          `Point ${pointTitle(point)} has ${specs.length} specifications in force on ${dayText(start).en}.`,
          `Odběrné místo ${pointTitle(point)} má ${dayText(start).cs} ${specs.length} platné specifikace.`,
        ),
      });
      refused = true;
      continue;
    }
    const spec = specs[0]!;
    const fuse = input.fuses.find((candidate) => candidate.id === spec.main_fuse);
    const current = fuse ? ratedCurrent(fuse, spec.phases) : null;
    if (!fuse || current === null) {
      refusals.push({
        code: 'no_main_fuse',
        point_id: point.id,
        day: start,
        message: text(
          `Point ${pointTitle(point)}: the specification in force on ${dayText(start).en} has no main fuse with a ${spec.phases}-phase rated current.`,
          `Odběrné místo ${pointTitle(point)}: specifikace platná ${dayText(start).cs} nemá hlavní jistič s jmenovitým proudem pro ${spec.phases} fáze.`,
        ),
      });
      refused = true;
      continue;
    }
    const tariffs = input.tariffs.filter(
      (tariff) =>
        tariff.product === product &&
        tariff.code === spec.distribution_tariff_code &&
        covers(tariff.valid_from, tariff.valid_to, start) &&
        (tariff.fuse_from === null || tariff.fuse_from <= current) &&
        (tariff.fuse_to === null || current <= tariff.fuse_to),
    );
    if (tariffs.length !== 1) {
      const criteria = `product #${product}, code ${spec.distribution_tariff_code}, main fuse ${current} A`;
      const kriteria = `produkt #${product}, kód ${spec.distribution_tariff_code}, hlavní jistič ${current} A`;
      refusals.push(
        tariffs.length === 0
          ? {
              code: 'no_tariff',
              point_id: point.id,
              day: start,
              message: text(
                `Point ${pointTitle(point)}: no tariff on ${dayText(start).en} for ${criteria}.`,
                `Odběrné místo ${pointTitle(point)}: ${dayText(start).cs} neexistuje tarif pro ${kriteria}.`,
              ),
            }
          : {
              code: 'several_tariffs',
              point_id: point.id,
              day: start,
              message: text(
                `Point ${pointTitle(point)}: ${tariffs.length} tariffs on ${dayText(start).en} for ${criteria} (#${tariffs.map((t) => t.id).join(', #')}).`,
                `Odběrné místo ${pointTitle(point)}: ${dayText(start).cs} platí ${tariffs.length} tarify pro ${kriteria} (#${tariffs.map((t) => t.id).join(', #')}).`,
              ),
            },
      );
      refused = true;
      continue;
    }
    const tariff = tariffs[0]!;
    const last = slices[slices.length - 1];
    if (last && last.to === start && last.spec.id === spec.id && last.tariff.id === tariff.id)
      slices[slices.length - 1] = { ...last, to: end };
    else slices.push({ from: start, to: end, spec, tariff, fuse, current });
  }
  return refused ? [] : slices;
}

/**
 * `refusal` with the titles its message gives its point and device, so a client can link
 * them to their records (docs/billing.md).
 */
function titled(input: BillInput, refusal: BillRefusal): BillRefusal {
  const point =
    refusal.point_id === undefined
      ? undefined
      : input.points.find((candidate) => candidate.id === refusal.point_id);
  const device = refusal.device_id;
  const spec =
    device === undefined
      ? undefined
      : point?.specifications.find((candidate) => candidate.tariff_device === device);
  return {
    ...refusal,
    ...(point ? { point_title: pointTitle(point) } : {}),
    ...(device === undefined ? {} : { device_title: spec?.tariff_device_serial || `#${device}` }),
  };
}

/**
 * The bill of `input.contract` for `input.period` (docs/billing.md "The calculation"), or every
 * reason it cannot be billed. Pure: reads nothing but `input`.
 */
export function calculateBill(input: BillInput): BillResult {
  const { contract, period } = input;
  const refusals: BillRefusal[] = [];
  if (contract.product === null)
    return {
      ok: false,
      reasons: [
        {
          code: 'no_product',
          message: text(
            `Contract ${contract.contract_no} has no product.`,
            `Smlouva ${contract.contract_no} nemá produkt.`,
          ),
        },
      ],
    };
  if (input.points.length === 0)
    refusals.push({
      code: 'no_points',
      message: text(
        `Contract ${contract.contract_no} has no consumption points.`,
        `Smlouva ${contract.contract_no} nemá žádná odběrná místa.`,
      ),
    });
  const vatDay = addDays(period.to, -1);
  const vatRate = vatRateIn(input.vatRates, vatDay);
  if (vatRate === null)
    refusals.push({
      code: 'no_vat_rate',
      day: vatDay,
      message: text(
        `No VAT rate is in force on ${dayText(vatDay).en}.`,
        `${dayText(vatDay).cs} neplatí žádná sazba DPH.`,
      ),
    });
  const byDevice = readingsByDevice(input.readings);
  const points: BillPoint[] = [];
  // A point with no specification in force on any day of the period is not part of its
  // bill (docs/billing.md "Points and specifications in the period").
  const supplied = input.points.filter((point) =>
    point.specifications.some(
      (spec) =>
        spec.valid_from < period.to && (spec.valid_to === null || spec.valid_to >= period.from),
    ),
  );
  if (input.points.length > 0 && supplied.length === 0)
    refusals.push({
      code: 'no_specification',
      day: period.from,
      message: text(
        `Contract ${contract.contract_no}: no consumption point has a specification in force from ${dayText(period.from).en} to ${dayText(addDays(period.to, -1)).en}.`,
        `Smlouva ${contract.contract_no}: žádné odběrné místo nemá od ${dayText(period.from).cs} do ${dayText(addDays(period.to, -1)).cs} platnou specifikaci.`,
      ),
    });
  for (const point of [...supplied].sort((a, b) => a.id - b.id)) {
    const slices = slicesOf(input, point, contract.product, refusals);
    const segments: BillSegment[] = [];
    for (const slice of slices) {
      const device = slice.spec.tariff_device;
      if (device === null) {
        refusals.push({
          code: 'no_device',
          point_id: point.id,
          day: slice.from,
          message: text(
            `Point ${pointTitle(point)}: the specification in force on ${dayText(slice.from).en} has no tariff device.`,
            `Odběrné místo ${pointTitle(point)}: specifikace platná ${dayText(slice.from).cs} nemá tarifní zařízení.`,
          ),
        });
        continue;
      }
      const readings = byDevice.get(device) ?? [];
      const startMs = startOfDay(slice.from);
      const endMs = startOfDay(slice.to);
      const titles = {
        meter: slice.spec.tariff_device_serial || `#${device}`,
        point: pointTitle(point),
      };
      const start = registersAt(device, readings, startMs, point.id, titles);
      const end = registersAt(device, readings, endMs, point.id, titles);
      if (!start.ok) refusals.push(start.refusal);
      if (!end.ok) refusals.push(end.refusal);
      if (!start.ok || !end.ok) continue;
      const flagged = readingToCheck(readings, startMs, endMs);
      if (flagged) {
        const day = pragueDate(flagged.ms);
        refusals.push({
          code: 'reading_to_check',
          point_id: point.id,
          device_id: device,
          day,
          message: text(
            `Point ${titles.point}: the reading of meter ${titles.meter} on ${dayText(day).en} is to check; confirm or correct it (Readings to check) before billing.`,
            `Odběrné místo ${titles.point}: odečet elektroměru ${titles.meter} z ${dayText(day).cs} je ke kontrole; před fakturací ho potvrďte nebo opravte (Odečty ke kontrole).`,
          ),
        });
        continue;
      }
      const down = registerWentDown(readings, startMs, endMs);
      if (down) {
        const day = pragueDate(down.ms);
        refusals.push({
          code: 'register_went_down',
          point_id: point.id,
          device_id: device,
          day,
          message: text(
            `Point ${titles.point}: a register of meter ${titles.meter} went down on ${dayText(day).en}.`,
            `Odběrné místo ${titles.point}: registr elektroměru ${titles.meter} klesl ${dayText(day).cs}.`,
          ),
        });
        continue;
      }
      const ht = start.registers.r181.negated().plus(end.registers.r181).div(1000);
      const lt = start.registers.r182.negated().plus(end.registers.r182).div(1000);
      const production = start.registers.r280.negated().plus(end.registers.r280).div(1000);
      const months = monthsOf(slice.from, slice.to);
      segments.push({
        from: slice.from,
        to: slice.to,
        specification: slice.spec.id,
        tariff: slice.tariff.id,
        tariff_code: slice.tariff.code,
        main_fuse: slice.fuse.id,
        current_a: slice.current,
        months: months.toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toString(),
        start: start.value,
        end: end.value,
        ht_mwh: ht.toString(),
        lt_mwh: lt.toString(),
        production_mwh: production.toString(),
        lines: segmentLines(
          contract.mode,
          slice.tariff,
          slice.fuse,
          slice.current,
          months,
          ht,
          lt,
          production,
        ),
      });
    }
    points.push({ point: point.id, ean: point.ean, name: point.name, segments });
  }
  if (refusals.length > 0 || vatRate === null)
    return { ok: false, reasons: refusals.map((refusal) => titled(input, refusal)) };
  let base = new Decimal(0);
  let production = new Decimal(0);
  for (const point of points)
    for (const segment of point.segments)
      for (const item of segment.lines)
        if (item.kind === 'production') production = production.plus(item.amount);
        else base = base.plus(item.amount);
  const vat = CZK(base.times(vatRate).div(100));
  const total = base.plus(vat).plus(production);
  const sum = (payments: readonly AdvanceInput[]) =>
    payments.reduce((total, payment) => total.plus(payment.amount), new Decimal(0));
  const byDate = (payments: readonly AdvanceInput[]) =>
    [...payments].sort((a, b) => (a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : a.id - b.id));
  const advances = sum(input.advances);
  const refunds = sum(input.refunds ?? []);
  return {
    ok: true,
    bill: {
      contract: contract.id,
      contract_no: contract.contract_no,
      customer: contract.customer,
      product: contract.product,
      mode: contract.mode,
      period: { from: period.from, to: period.to },
      points,
      base: base.toFixed(2),
      vat_rate: new Decimal(vatRate).toString(),
      vat: vat.toFixed(2),
      production: production.toFixed(2),
      total: total.toFixed(2),
      advance_payments: byDate(input.advances),
      advances: advances.toFixed(2),
      refund_payments: byDate(input.refunds ?? []),
      refunds: refunds.toFixed(2),
      amount_due: total.minus(advances).plus(refunds).toFixed(2),
    },
  };
}
